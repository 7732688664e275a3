// The discrete energy sum (g eta^2 + |q|^2 / H) / 2 of the standing wave in the closed basin
// (constant depth, walls). With the central flux the semi-discrete scheme conserves it exactly
// (docs/linear_shallow_water.md), so what changes it is RK4 alone, whose amplification on the
// imaginary axis is |R(iz)|^2 = 1 - z^6 / 72 + O(z^8): the relative drift over a fixed time
// must shrink like dt^5 (by ~32 when dt halves; required: by more than 20), and be small. With
// the upwind flux the edge jumps dissipate it: sampled every few steps of a fixed dt, it must
// decrease at every sample (the time step is fixed: the wave speed sqrt(g H) does not depend
// on the state, so the runs of 10, 20, ... steps are prefixes of one another).
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "lsw_test_util.hpp"

using namespace tridg;
using namespace tridg::lswtest;

namespace {

constexpr double G = 9.81, A = 0.01;

double initial_energy(const Mesh& mesh, int p) {
  const double pi = std::numbers::pi;
  const std::vector<double> c0 = project(mesh, p, 3, [&](double x, double y, double* u) {
    u[0] = A * std::cos(pi * x) * std::cos(pi * y);
    u[1] = u[2] = 0;
  });
  return energy(mesh, c0, p, G, [](double, double) { return 1.0; });
}

} // namespace

TEST_CASE("central flux conserves the energy up to RK4's dissipation, which shrinks with dt") {
  const int p = test::order_compiled(2) ? 2 : 1;
  REQUIRE(test::order_compiled(p));
  const Mesh mesh = square_mesh(0);
  const double e0 = initial_energy(mesh, p);
  const double t_end = 2 * 2 * std::numbers::pi / (std::sqrt(2 * G) * std::numbers::pi);
  std::vector<double> drift;
  for (const double cfl : {0.4, 0.2}) {
    Scratch out("lsw_energy");
    const RunResult r =
        run_case(source_path("cases/standing_wave.toml"), p, 0,
                 {"discretization.flux=\"central\"", "time.scheme=\"rk4\"",
                  "time.cfl=" + std::to_string(cfl), "time.end=" + std::to_string(t_end)},
                 out.path());
    const double e = energy(mesh, r.final_state, p, G, [](double, double) { return 1.0; });
    drift.push_back(std::abs(e - e0) / e0);
    MESSAGE("central, p = " << p << ", cfl " << cfl << ": " << r.steps
                            << " steps over two periods, relative energy change " << (e - e0) / e0);
    CHECK(e <= e0 * (1 + 1e-13)); // RK4 only dissipates on the imaginary axis
  }
  CHECK(drift[0] < 1e-9);          // measured 1.6e-11
  CHECK(drift[1] < drift[0] / 20); // dt^5: 32 (measured 32.0)
}

TEST_CASE("upwind flux: the energy decreases monotonically") {
  const int p = test::order_compiled(2) ? 2 : 1;
  REQUIRE(test::order_compiled(p));
  const Mesh mesh = square_mesh(0);
  double prev = initial_energy(mesh, p);
  const double e0 = prev;
  for (int steps = 10; steps <= 60; steps += 10) {
    Scratch out("lsw_energy_up");
    const RunResult r = run_case(source_path("cases/standing_wave.toml"), p, 0,
                                 {"discretization.flux=\"upwind\"", "time.scheme=\"rk4\"",
                                  "time.cfl=0.5", "time.steps=" + std::to_string(steps)},
                                 out.path());
    REQUIRE(r.steps == steps);
    const double e = energy(mesh, r.final_state, p, G, [](double, double) { return 1.0; });
    MESSAGE("upwind, p = " << p << ", step " << steps << ": energy / initial " << e / e0);
    CHECK(e < prev);
    prev = e;
  }
  CHECK(prev < e0 * (1 - 1e-6)); // visibly dissipated, not just round-off
}

TEST_CASE("absorbing boundary: a wave leaves the basin, walls keep it") {
  const int p = test::order_compiled(2) ? 2 : 1;
  REQUIRE(test::order_compiled(p));
  const std::string hump = "0.01 * exp(-60 * ((x - 0.5)^2 + (y - 0.5)^2))";
  auto text = [&](const std::string& bc) {
    return "[physics]\ntype = \"linear_shallow_water\"\n[mesh]\nfile = \"" +
           source_path("meshes/unit_square.geo") +
           "\"\nsize = 4.0\n[time]\nscheme = \"rk4\"\nend = 1.0\n[bathymetry]\ndepth = \"1\"\n" +
           "[initial]\neta = \"" + hump + "\"\n[boundary.boundary]\ntype = \"" + bc +
           "\"\n[output]\ninterval = 0.0\n";
  };
  const Mesh mesh = square_mesh(1);
  const std::vector<double> c0 = project(mesh, p, 3, [&](double x, double y, double* u) {
    u[0] = 0.01 * std::exp(-60 * ((x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5)));
    u[1] = u[2] = 0;
  });
  auto one = [](double, double) { return 1.0; };
  const double e0 = energy(mesh, c0, p, G, one);
  double left[2];
  int i = 0;
  for (const std::string bc : {"absorbing", "wall"}) {
    Scratch dir("lsw_abs");
    const RunResult r = run_case(write_case(dir, "c.toml", text(bc)), p, 1, {}, dir.path());
    left[i++] = energy(mesh, r.final_state, p, G, one) / e0;
    MESSAGE(bc << ": energy left after 1 s (3 crossings) " << left[i - 1]);
  }
  // The characteristic condition is exact at normal incidence and reflects an oblique wave by
  // (1 - cos)/(1 + cos) in amplitude; a radial wave from the centre meets the walls nearly
  // normally (measured: 2.3e-7 of the energy is left).
  CHECK(left[0] < 1e-4);
  CHECK(left[1] > 0.9); // upwind dissipation alone removes little at this resolution
}
