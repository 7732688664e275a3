#include "physics/linear_shallow_water/run.hpp"

#include "physics/linear_shallow_water/case.hpp"
#include "physics/linear_shallow_water/linear_shallow_water.hpp"
#include "physics/linear_shallow_water/output.hpp"
#include "solver/flux_dispatch.hpp"
#include "solver/run_driver.hpp"
#include "tridg_fluxes_linear_shallow_water.hpp"

namespace tridg {

RunResult run_linear_shallow_water(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                                   const Mesh& mesh) {
  const std::string flux = cfg.get_choice("discretization.flux", {"upwind", "central"}, "upwind");
  const LswCase c = make_lsw_case(cfg, s, mesh);
  cfg.check_all_used();
  RunResult r;
  with_compiled_flux<TypeList<TRIDG_FLUXES_LINEAR_SHALLOW_WATER>>(
      cfg, flux, "TRIDG_LINEAR_SHALLOW_WATER_FLUXES", [&](auto f) {
        const LinearShallowWaterPhysics<double, decltype(f)> phys(c.phys);
        r = run_problem(cfg, s, opt, mesh, phys, c.problem, lsw_output_fields(c.depth, mesh));
      });
  return r;
}

} // namespace tridg
