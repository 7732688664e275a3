// Standing wave in a closed square basin of constant depth (cases/standing_wave.toml):
// eta = A cos(pi x) cos(pi y) cos(w t), w = sqrt(2 g H) pi. After 0.15 s (a third of a
// period) the L2 error of eta against the exact solution must converge at rate p + 1 under
// uniform refinement (the graded, irregular triangles of meshes/unit_square.geo at 4 times its
// sizes; RK4, whose O(dt^4) = O(h^4) error does not spoil the rates up to p = 3), and the wave's
// amplitude in its mode, A cos(w t), must match to within the discretisation error: a
// frequency wrong by 1e-3 relative would shift it by A sin(w t) w t dw ~ 1.8e-3 A, above the
// tolerance of 1e-3 A on the finest mesh.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "lsw_test_util.hpp"

using namespace tridg;
using namespace tridg::lswtest;

namespace {

constexpr double A = 0.01, T_END = 0.15, G = 9.81;

double omega() {
  return std::sqrt(2 * G * 1.0) * std::numbers::pi;
}

} // namespace

TEST_CASE("standing wave: L2 error converges at rate p + 1, the mode's amplitude matches") {
  for (int p = 1; p <= 3; ++p) {
    if (!test::order_compiled(p)) continue;
    CAPTURE(p);
    const int levels = 3;
    std::vector<double> err;
    for (int r = 0; r < levels; ++r) {
      CAPTURE(r);
      Scratch out("lsw_sw");
      const RunResult res = run_case(
          source_path("cases/standing_wave.toml"), p, r,
          {"time.cfl=0.5", "time.end=" + std::to_string(T_END), "discretization.flux=\"upwind\""},
          out.path());
      REQUIRE(res.l2_error.size() == 3);
      CHECK(res.final_time == doctest::Approx(T_END).epsilon(1e-12));
      err.push_back(res.l2_error[0]);
      const Mesh mesh = square_mesh(r);
      const double a = mode_amplitude(mesh, res.final_state, p);
      const double a_exact = A * std::cos(omega() * T_END);
      MESSAGE("p = " << p << ", refine " << r << ": L2 error of eta " << res.l2_error[0] << " (hu "
                     << res.l2_error[1] << "), mode amplitude " << a << " vs exact " << a_exact);
      // Cauchy-Schwarz: |a - a_exact| <= 4 |e| |mode| = 2 |e|, up to the quadrature's error.
      CHECK(std::abs(a - a_exact) <= 2.0 * res.l2_error[0] + 1e-12);
      if (r == levels - 1) CHECK(std::abs(a - a_exact) <= 1e-3 * A);
    }
    for (std::size_t i = 1; i < err.size(); ++i) {
      const double rate = std::log2(err[i - 1] / err[i]);
      MESSAGE("p = " << p << ": rate " << rate << " between refine " << i - 1 << " and " << i);
      CHECK(rate >= p + 1 - 0.3);
    }
  }
}
