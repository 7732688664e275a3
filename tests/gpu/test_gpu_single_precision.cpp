// --precision single on the GPU against double precision: what fp32 costs in accuracy. The
// vortex's error against the exact solution must stay the discretisation's up to fp32's
// round-off floor (6e-8 relative per operation, accumulated over a few hundred steps: measured
// 2.2e-5 in this L2 norm at p = 4 on the finest mesh, 209 steps, where fp64's error is 1.1e-6;
// the bound allows 5e-5), and the double Mach density must stay within 1e-3 of double's in
// relative L1 (measured 4.9e-4: shocks sit a fraction of a cell apart where rounding tips a
// limiter decision). Needs a GPU; label "gpu".
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "gpu_test_util.hpp"

using namespace tridg;
using gpu_test::run_on;

TEST_CASE("isentropic vortex in single precision: the L2 error of double precision, p = 1..4") {
  for (int p = 1; p <= 4; ++p) {
    TRIDG_SKIP_ORDER(p, continue);
    for (int r : {1, 2}) {
      CAPTURE(p);
      CAPTURE(r);
      const std::vector<std::string> sets = {"time.end=0.5"};
      const RunResult d = run_on("cuda", "cases/isentropic_vortex.toml",
                                 "meshes/prepared/isentropic_vortex.h5", p, r, sets, "double");
      const RunResult s = run_on("cuda", "cases/isentropic_vortex.toml",
                                 "meshes/prepared/isentropic_vortex.h5", p, r, sets, "single");
      MESSAGE("p = ", p, ", refine ", r, ": density L2 error fp64 ", d.l2_error[0], ", fp32 ",
              s.l2_error[0], " (", d.steps, " steps)");
      CHECK(s.steps == d.steps);
      CHECK(s.l2_error[0] <= 1.05 * d.l2_error[0] + 5e-5);
    }
  }
}

TEST_CASE("double Mach reflection in single precision: density within 1e-3 of double's") {
  const std::vector<std::string> sets = {"time.end=0.05"};
  const RunResult d = run_on("cuda", "cases/double_mach.toml", "meshes/prepared/double_mach.h5", 1,
                             1, sets, "double");
  const RunResult s = run_on("cuda", "cases/double_mach.toml", "meshes/prepared/double_mach.h5", 1,
                             1, sets, "single");
  const int np = 3;
  const std::size_t E = d.final_state.size() / (4 * np);
  const double diff = gpu_test::rel_l1_diff(s.final_state, d.final_state, 0, np, E);
  MESSAGE("double Mach, p = 1, t = 0.05: relative L1 difference of the density coefficients ", diff,
          " (", d.steps, " / ", s.steps, " steps)");
  CHECK(diff < 1e-3);
}
