// Discrete conservation: every interior edge flux is computed once and given to both elements
// with opposite signs, and the limiter never touches cell averages, so the domain integrals of
// the conserved variables change only by round-off where no flux crosses the boundary.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <initializer_list>

#include "compiled_orders.hpp"
#include "euler_test_util.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

// Largest relative change of the conserved integrals selected by `vars`.
double drift(const RunResult& r, std::initializer_list<int> vars) {
  REQUIRE(r.conserved_initial.size() == 4);
  REQUIRE(r.conserved_final.size() == 4);
  double worst = 0;
  for (const int v : vars)
    worst = std::max(worst, std::abs(r.conserved_final[v] - r.conserved_initial[v]) /
                                std::abs(r.conserved_initial[v]));
  return worst;
}

double max_difference(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
  return d;
}

// A density and pressure bump at rest in the unit square closed by walls, close enough to the
// left wall that the wall pushes on it from the first step.
std::string wall_case(const std::string& mesh) {
  return R"toml([physics]
type = "euler"

[mesh]
file = ")toml" +
         mesh +
         R"toml("

[time]
scheme = "ssprk3"
steps = 50

[initial]
type = "expression"
rho = "1 + 0.4 * exp(-40 * ((x - 0.15)^2 + (y - 0.3)^2))"
u = 0
v = 0
p = "1 + 0.6 * exp(-40 * ((x - 0.15)^2 + (y - 0.3)^2))"

[boundary.boundary]
type = "wall"
)toml";
}

} // namespace

// The integrals are sums of about a thousand O(1) terms, each updated 50 times by sums of O(10)
// terms: the relative round-off is around 1e-14, and 1e-12 is far below any real loss (one lost
// edge flux of the vortex would change the integrals by about 1e-4).
TEST_CASE("periodic isentropic vortex: mass, momentum and energy conserved, with and without "
          "the limiter") {
  const std::string vortex = source_path("cases/isentropic_vortex.toml");
  for (const int p : {1, 3}) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    const RunResult plain = run_quiet(vortex, p, 1, {"time.steps=50"});
    CHECK(plain.steps == 50);
    CHECK(drift(plain, {0, 1, 2, 3}) < 1e-12);
    const RunResult lim = run_quiet(
        vortex, p, 1, {"time.steps=50", "limiter.type=barth_jespersen", "limiter.positivity=true"});
    CHECK(drift(lim, {0, 1, 2, 3}) < 1e-12);
    // The limiter did act (otherwise this would repeat the first run).
    CHECK(max_difference(plain.final_state, lim.final_state) > 1e-8);
  }
}

TEST_CASE("closed box with walls: mass and energy conserved") {
  ScratchDir dir("walls");
  {
    std::ofstream f(dir.file("box.toml"));
    f << wall_case(source_path("meshes/unit_square.geo"));
  }
  for (const int p : {1, 2, 3}) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    const RunResult r = run_quiet(dir.file("box.toml"), p, -1, {});
    CHECK(r.steps == 50);
    // A wall flux carries momentum (the pressure force) but no mass and no energy.
    CHECK(drift(r, {0, 3}) < 1e-12);
    // The left wall did push: the total x momentum grew from zero.
    CHECK(std::abs(r.conserved_initial[1]) < 1e-14);
    CHECK(r.conserved_final[1] > 1e-4);
  }
}
