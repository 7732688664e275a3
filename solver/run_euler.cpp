#include "solver/euler_case.hpp"
#include "solver/physics_runs.hpp"
#include "solver/run_driver_impl.hpp"

namespace tridg {

RunResult run_euler(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                    const Mesh& mesh) {
  const EulerPhysics<double> phys = read_euler_physics(cfg);
  const Problem<4> pb = make_euler_problem(cfg, mesh, s.order, phys);
  cfg.check_all_used();
  return run_problem(cfg, s, opt, mesh, phys, pb);
}

} // namespace tridg
