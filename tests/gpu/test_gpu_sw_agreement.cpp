// Shallow water on the GPU against the CPU backend (the reference). Needs a GPU; label "gpu".
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"

#include <cmath>
#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "gpu_test_util.hpp"

using namespace tridg;

using gpu_test::max_rel_diff;
using gpu_test::run_on;

namespace {

// Each case at p = 1, 2 for 100 steps on both backends: the coefficients agree to round-off
// (these cases stay far from the wet/dry thresholds), and, in closed basins on a plane (`mass`),
// mass is conserved on the GPU.
void check_agreement(const std::vector<std::pair<std::string, std::string>>& cases, bool mass) {
  for (const auto& [case_file, mesh] : cases) {
    for (int p = 1; p <= 2; ++p) {
      TRIDG_SKIP_ORDER(p, continue);
      CAPTURE(case_file);
      CAPTURE(p);
      const RunResult c = run_on("cpu", case_file, mesh, p, 0, {"time.steps=100"});
      const RunResult g = run_on("cuda", case_file, mesh, p, 0, {"time.steps=100"});
      const double d = max_rel_diff(g.final_state, c.final_state);
      MESSAGE(case_file, " p = ", p, ": max relative difference ", d);
      CHECK(d < 1e-10);
      if (mass)
        CHECK(std::abs(g.conserved_final[0] - g.conserved_initial[0]) <=
              1e-12 * std::abs(g.conserved_initial[0]));
    }
  }
}

} // namespace

TEST_CASE(
    "shallow water: GPU equals CPU after 100 steps (lake at rest with a dry bump, dam break)") {
  check_agreement({{"cases/lake_at_rest.toml", "meshes/prepared/lake.h5"},
                   {"cases/dam_break.toml", "meshes/prepared/dam_break.h5"}},
                  true);
}

TEST_CASE("shallow water with drying: GPU equals CPU (Ritter's dam break onto a dry bed, "
          "Thacker's bowl)") {
  // Fronts run over dry cells, so the wet/dry switches (cell kind, positivity scaling, thin
  // films) act at every step; the two backends round differently (fused multiply-adds), so a
  // cell near a threshold may switch one step earlier on one of them. The depth may then differ
  // locally by the change of one step, but the relative L1 difference stays far below the
  // scheme's error (1e-2 on these meshes), and mass is conserved to round-off on both.
  for (const auto& [case_file, mesh, steps] :
       {std::tuple<std::string, std::string, int>{"cases/dam_break_dry.toml",
                                                  "meshes/prepared/dam_break.h5", 200},
        {"cases/thacker_bowl.toml", "meshes/prepared/thacker.h5", 200}}) {
    for (int p = 1; p <= 2; ++p) {
      TRIDG_SKIP_ORDER(p, continue);
      CAPTURE(case_file);
      CAPTURE(p);
      const std::vector<std::string> sets{"time.steps=" + std::to_string(steps)};
      const RunResult c = run_on("cpu", case_file, mesh, p, 0, sets);
      const RunResult g = run_on("cuda", case_file, mesh, p, 0, sets);
      const int np = (p + 1) * (p + 2) / 2;
      const std::size_t n_elems = c.final_state.size() / (3 * np);
      const double d = gpu_test::rel_l1_diff(g.final_state, c.final_state, 0, np, n_elems);
      MESSAGE(case_file, " p = ", p, ": relative L1 difference of the depth ", d);
      CHECK(d < 1e-8);
      CHECK(std::abs(g.conserved_final[0] - g.conserved_initial[0]) <=
            1e-12 * std::abs(g.conserved_initial[0]));
    }
  }
}

TEST_CASE("shallow water on the sphere: GPU equals CPU after 100 steps (zonal flow with Coriolis "
          "and the metric terms; lake at rest over an island)") {
  check_agreement({{"cases/zonal_flow_geographic.toml", "meshes/prepared/geographic_zonal.h5"},
                   {"cases/lake_at_rest_geographic.toml", "meshes/prepared/geographic_box.h5"}},
                  false); // open sides (zonal flow)
}
