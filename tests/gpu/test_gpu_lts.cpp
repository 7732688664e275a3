// Local time stepping on the GPU against the CPU backend (the reference). Needs a GPU; label
// "gpu".
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "gpu_test_util.hpp"

using namespace tridg;

TEST_CASE("local time stepping: GPU equals CPU over 20 macro steps of the closed tsunami basin") {
  // The basin's depths (1 m to a dry beach) put its elements on three levels or more; the
  // shoreline moves, so a cell near a wet/dry threshold may switch one step earlier on one
  // backend (as in test_gpu_sw_agreement's drying cases): the relative L1 difference of the
  // depth stays far below the scheme's error, and mass is conserved to round-off on both.
  const std::vector<std::string> sets{"time.steps=20", "time.scheme=\"lsssprk42\"",
                                      "time.lts_levels=4", "time.lts_min_speed=0.5"};
  for (int p = 1; p <= 2; ++p) {
    TRIDG_SKIP_ORDER(p, continue);
    CAPTURE(p);
    const RunResult c = gpu_test::run_on("cpu", "cases/tsunami_ocean.toml",
                                         "meshes/prepared/thacker.h5", p, 0, sets);
    const RunResult g = gpu_test::run_on("cuda", "cases/tsunami_ocean.toml",
                                         "meshes/prepared/thacker.h5", p, 0, sets);
    const int np = (p + 1) * (p + 2) / 2;
    const std::size_t n_elems = c.final_state.size() / (3 * np);
    const double d = gpu_test::rel_l1_diff(g.final_state, c.final_state, 0, np, n_elems);
    MESSAGE("p = ", p, ": relative L1 difference of the depth ", d);
    CHECK(d < 1e-8);
    CHECK(std::abs(g.conserved_final[0] - g.conserved_initial[0]) <=
          1e-12 * std::abs(g.conserved_initial[0]));
  }
}
