#include "physics/euler/run.hpp"

#include "physics/euler/case.hpp"
#include "physics/euler/euler.hpp"
#include "physics/euler/output.hpp"
#include "solver/flux_dispatch.hpp"
#include "solver/run_driver.hpp"
#include "tridg_fluxes_euler.hpp"

namespace tridg {

RunResult run_euler(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                    const Mesh& mesh) {
  const IdealGas<double> gas = read_euler_physics(cfg);
  const std::string flux =
      cfg.get_choice("discretization.flux", {"rusanov", "hllc", "roe"}, "hllc");
  const Problem<EulerBoundary<double>> pb = make_euler_problem(cfg, mesh, s.order, gas);
  cfg.check_all_used();
  RunResult r;
  with_compiled_flux<TypeList<TRIDG_FLUXES_EULER>>(cfg, flux, "TRIDG_EULER_FLUXES", [&](auto f) {
    const EulerPhysics<double, decltype(f)> phys(gas);
    r = run_problem(cfg, s, opt, mesh, phys, pb, euler_output_fields(gas.gamma));
  });
  return r;
}

} // namespace tridg
