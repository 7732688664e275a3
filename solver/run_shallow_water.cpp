#include "solver/physics_runs.hpp"
#include "solver/run_driver_impl.hpp"
#include "solver/sw_case.hpp"
#include "solver/sw_output.hpp"

namespace tridg {

RunResult run_shallow_water(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                            const Mesh& mesh) {
  const SwCase c = make_sw_case(cfg, s, mesh);
  cfg.check_all_used();
  return run_problem(cfg, c.settings, opt, mesh, c.phys, c.problem);
}

} // namespace tridg
