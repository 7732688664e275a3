#include "physics/shallow_water/run.hpp"

#include "physics/shallow_water/case.hpp"
#include "physics/shallow_water/output.hpp"
#include "physics/shallow_water/shallow_water.hpp"
#include "solver/flux_dispatch.hpp"
#include "solver/run_driver.hpp"
#include "tridg_fluxes_shallow_water.hpp"

namespace tridg {

RunResult run_shallow_water(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                            const Mesh& mesh) {
  const std::string flux = cfg.get_choice("discretization.flux", {"hll", "rusanov"}, "hll");
  const SwCase c = make_sw_case(cfg, s, mesh);
  cfg.check_all_used();
  RunResult r;
  with_compiled_flux<TypeList<TRIDG_FLUXES_SHALLOW_WATER>>(
      cfg, flux, "TRIDG_SHALLOW_WATER_FLUXES", [&](auto f) {
        const ShallowWaterPhysics<double, decltype(f)> phys(c.phys);
        r = run_problem(cfg, c.settings, opt, mesh, phys, c.problem,
                        sw_output_fields(c.phys, c.bed_ref, mesh));
      });
  return r;
}

} // namespace tridg
