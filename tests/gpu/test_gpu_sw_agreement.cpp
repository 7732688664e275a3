// Shallow water on the GPU against the CPU backend (the reference). Needs a GPU; label "gpu".
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "gpu_test_util.hpp"

using namespace tridg;

using gpu_test::max_rel_diff;
using gpu_test::run_on;

TEST_CASE(
    "shallow water: GPU equals CPU after 100 steps (lake at rest with a dry bump, dam break)") {
  for (const auto& [case_file, mesh] :
       {std::pair<std::string, std::string>{"cases/lake_at_rest.toml", "meshes/prepared/lake.h5"},
        {"cases/dam_break.toml", "meshes/prepared/dam_break.h5"}}) {
    for (int p = 1; p <= 2; ++p) {
      CAPTURE(case_file);
      CAPTURE(p);
      const RunResult c = run_on("cpu", case_file, mesh, p, 0, {"time.steps=100"});
      const RunResult g = run_on("cuda", case_file, mesh, p, 0, {"time.steps=100"});
      const double d = max_rel_diff(g.final_state, c.final_state);
      MESSAGE(case_file, " p = ", p, ": max relative difference ", d);
      // Wetting and drying switches (dry-cell thresholds) may amplify rounding, but these cases
      // stay far from the thresholds for 100 steps: round-off is expected.
      CHECK(d < 1e-10);
      // mass is conserved on both
      CHECK(std::abs(g.conserved_final[0] - g.conserved_initial[0]) <=
            1e-12 * std::abs(g.conserved_initial[0]));
    }
  }
}
