// Linear shallow water on the GPU against the CPU backend (the reference). Needs a GPU; label
// "gpu".
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"

#include <string>
#include <vector>

#include "gpu_test_util.hpp"

using namespace tridg;

TEST_CASE("linear shallow water: GPU equals CPU (standing wave, both fluxes, p = 1..3)") {
  for (const char* flux : {"upwind", "central"})
    for (int p = 1; p <= 3; ++p) {
      CAPTURE(flux);
      CAPTURE(p);
      TRIDG_SKIP_ORDER(p, continue);
      const std::vector<std::string> sets{"time.steps=100",
                                          std::string("discretization.flux=") + flux};
      const RunResult c = gpu_test::run_on("cpu", "cases/standing_wave.toml",
                                           "meshes/prepared/unit_square_s4.h5", p, 1, sets);
      const RunResult g = gpu_test::run_on("cuda", "cases/standing_wave.toml",
                                           "meshes/prepared/unit_square_s4.h5", p, 1, sets);
      const double d = gpu_test::max_rel_diff(g.final_state, c.final_state);
      MESSAGE(std::string(flux), " p = ", p, ": max relative difference ", d);
      // Linear equations, no limiter, no thresholds: only rounding differs.
      CHECK(d < 1e-12);
    }
}
