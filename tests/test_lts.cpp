// Local time stepping (backends/lts/lts_scheme.md) on the CPU backend: mass to round-off across
// levels, the lake at rest, the same bits on any thread count, its time error against global
// stepping's, and steps in metres on a geographic mesh.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "compiled_orders.hpp"
#include "euler_test_util.hpp"
#include "io/error.hpp"
#include "solver_stat.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

const std::vector<std::string> kLts = {"time.lts_levels=4", "time.lts_min_speed=0.5"};

// The closed basin of cases/tsunami_ocean.toml (a deep floor of 1 m, a shelf of 0.1 m, a dry
// beach and an island) for `end` seconds with lsssprk42 and `extra` settings.
RunResult basin(double end, std::vector<std::string> extra, int threads = 0) {
  extra.push_back("time.scheme=\"lsssprk42\"");
  extra.push_back("time.end=" + std::to_string(end));
  return run_quiet(source_path("cases/tsunami_ocean.toml"), 1, 0, extra,
                   source_path("meshes/prepared/thacker.h5"), threads);
}

double max_abs(const std::vector<double>& v, std::size_t first, std::size_t last) {
  double m = 0;
  for (std::size_t i = first; i < last; ++i) m = std::max(m, std::abs(v[i]));
  return m;
}

} // namespace

TEST_CASE("local time stepping: several levels, mass to round-off, time error near global's") {
  const double end = 1.0;
  const RunResult lts = basin(end, kLts);
  const RunResult global = basin(end, {});
  // The reference: global stepping at an eighth of the step, whose own time error is 64 times
  // smaller; the space error is the same in all three runs.
  const RunResult ref = basin(end, {"time.cfl=0.1125"});
  REQUIRE(lts.final_time == end);
  const double levels = stat(lts, "lts_level1_elements") + stat(lts, "lts_level2_elements");
  MESSAGE("elements on levels 0, 1, 2: "
          << stat(lts, "lts_level0_elements") << ", " << stat(lts, "lts_level1_elements") << ", "
          << stat(lts, "lts_level2_elements") << "; work over global "
          << stat(lts, "lts_work_over_global"));
  CHECK(levels > 0);
  CHECK(stat(lts, "lts_work_over_global") < 1);
  const double m0 = lts.conserved_initial[0];
  CHECK(std::abs(lts.conserved_final[0] - m0) <= 1e-13 * m0);
  const double e_lts = rms_diff(lts.final_state, ref.final_state);
  const double e_global = rms_diff(global.final_state, ref.final_state);
  MESSAGE("time error: local " << e_lts << ", global " << e_global);
  // Measured: 6.7e-6 against global's 7.0e-6. The coarse levels' steps are larger at the same
  // CFL number of their own, and the stages couple the levels to first order: a bound of twice
  // global's leaves room for that, not for a scheme of first order (whose error would be 1e3
  // times larger at these steps).
  CHECK(e_lts <= 2 * e_global);
}

TEST_CASE("local time stepping: the same bits on one and two threads") {
  const RunResult a = basin(0.3, kLts, 1);
  const RunResult b = basin(0.3, kLts, 2);
  CHECK(a.final_state == b.final_state);
}

TEST_CASE("local time stepping: the lake at rest over a dry island stays at rest") {
  // Depths from 0.2 m to dry land: the levels differ across the island's slope.
  const RunResult r = run_quiet(source_path("cases/lake_at_rest.toml"), 1, 0,
                                {"time.steps=40", "time.scheme=\"lsssprk42\"", kLts[0], kLts[1]},
                                source_path("meshes/prepared/lake.h5"));
  const std::size_t n = r.final_state.size() / 3; // the depth's coefficients, then hu, hv
  const double mom = max_abs(r.final_state, n, 3 * n);
  MESSAGE("largest momentum coefficient " << mom);
  CHECK(mom < 1e-13);
  CHECK(std::abs(r.conserved_final[0] - r.conserved_initial[0]) <= 1e-13 * r.conserved_initial[0]);
}

TEST_CASE("local time stepping: a geographic mesh's steps are in metres") {
  // The hump on the sphere: one depth, one size of element, so one level; three macro steps must
  // cover about three global steps (steps from lengths in degrees would be five orders of
  // magnitude smaller).
  const std::string c = source_path("cases/hump_geographic_equator.toml");
  const RunResult lts = run_quiet(c, 1, 0, {"time.steps=3", kLts[0], "time.lts_min_speed=1"});
  const RunResult global = run_quiet(c, 1, 0, {"time.steps=3"});
  MESSAGE("after three steps: local " << lts.final_time << " s, global " << global.final_time
                                      << " s");
  CHECK(lts.final_time >= 0.5 * global.final_time);
}

TEST_CASE("local time stepping: schemes with an accumulator and fixed steps are refused") {
  const std::string c = source_path("cases/tsunami_ocean.toml");
  CHECK_THROWS_AS(run_quiet(c, 1, 0, {"time.steps=1", "time.scheme=\"rk4\"", kLts[0]}), UserError);
  CHECK_THROWS_AS(run_quiet(c, 1, 0, {"time.steps=1", "time.dt=0.001", kLts[0]}), UserError);
}
