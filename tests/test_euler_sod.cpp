// Sod's shock tube on the strip [0,1] x [0,0.1] (cases/sod.toml, p = 1, Barth-Jespersen limiter
// and positivity fix): the L1 density error against the exact Riemann solution shrinks with
// uniform refinement, and the limited solution stays positive and free of large overshoots.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "euler_test_util.hpp"
#include "physics/euler/exact_riemann.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

constexpr double gamma_ = 1.4, t_end = 0.2, x0 = 0.5, width = 0.1;
constexpr Primitive1D left{1.0, 0.0, 1.0}, right{0.125, 0.0, 0.1};

// L1 norm of rho_h - rho_exact over the strip, divided by its width (the 1D L1 error).
double l1_density_error(const Mesh& mesh, const std::vector<double>& c, int p) {
  return l1_error(mesh, c, p, 4, 0,
                  [](double x, double) {
                    return exact_riemann(left, right, gamma_, (x - x0) / t_end).rho;
                  }) /
         width;
}

struct Extremes {
  double rho_min = HUGE_VAL, rho_max = -HUGE_VAL, p_min = HUGE_VAL;
};

// Over the points the kernels evaluate the solution at: the volume rule and the edge Gauss
// points.
Extremes extremes(const std::vector<double>& c, int p, int E) {
  std::vector<RefPoint> pts = volume_points(p);
  for (const RefPoint& q : edge_points(p)) pts.push_back(q);
  const IdealGas<double> phys;
  Extremes x;
  for (int k = 0; k < E; ++k)
    for (const RefPoint& q : pts) {
      const auto u = state_at(c, p, E, k, q);
      x.rho_min = std::min(x.rho_min, u[0]);
      x.rho_max = std::max(x.rho_max, u[0]);
      x.p_min = std::min(x.p_min, phys.pressure(u.data()));
    }
  return x;
}

// The mesh of a run with mesh.size = 4 (h = 0.04) refined `refine` times: Gmsh meshes a .geo
// deterministically, so this is the run's mesh.
Mesh sod_mesh(int refine) {
  MeshOptions mo;
  mo.size_factor = 4.0;
  mo.refine = refine;
  return load_mesh(source_path("meshes/sod_strip.geo"), mo);
}

RunResult run_sod(int p, int refine, double t) {
  return run_quiet(source_path("cases/sod.toml"), p, refine,
                   {"mesh.size=4.0", "time.end=" + std::to_string(t)});
}

// Positive, and no new extrema beyond 1% of the density jump (measured: 2e-6 of it; without the
// limiter this case breaks down in the first step).
void check_limited(const Extremes& x) {
  CHECK(x.rho_min > 0);
  CHECK(x.p_min > 0);
  CHECK(x.rho_min > right.rho - 0.01 * (left.rho - right.rho));
  CHECK(x.rho_max < left.rho + 0.01 * (left.rho - right.rho));
}

} // namespace

// Measured (HLLC, SSP-RK2 at CFL 0.9, p = 1, limited), mesh.size = 4 (h = 0.04):
//   elements   158        632        2528
//   L1 error   0.015260   0.0085497  0.0048253   (rates 0.84, 0.83)
//   density at the kernels' points within [0.124998, 1.000000], pressure >= 0.099998.
// A limited second-order scheme converges at about order 1 at the shock and 2/3 at the contact
// in L1; the test asks for 0.6 per refinement, enough to catch a scheme that stopped converging.
TEST_CASE("Sod: L1 density error shrinks with refinement; the solution stays positive") {
  std::vector<double> errors;
  for (int refine = 0; refine <= 2; ++refine) {
    CAPTURE(refine);
    const RunResult r = run_sod(1, refine, t_end);
    REQUIRE(r.final_time == t_end);
    const Mesh mesh = sod_mesh(refine);
    REQUIRE(r.final_state.size() == std::size_t(4) * n_modes(1) * mesh.n_elems());
    errors.push_back(l1_density_error(mesh, r.final_state, 1));
    check_limited(extremes(r.final_state, 1, mesh.n_elems()));
  }
  for (std::size_t i = 1; i < errors.size(); ++i) {
    CAPTURE(i);
    CHECK(rate(errors[i - 1], errors[i]) > 0.6);
  }
}

// The run driver only checks cell averages; the point values are the limiter's business. Runs
// stopped at a series of times (each from t = 0) show them during the run, when the jumps are
// steepest, at p = 1 and also at p = 2 (troubled-cell handling of the quadratic modes).
TEST_CASE("Sod: density and pressure stay positive at every kernel point during the run") {
  const Mesh mesh = sod_mesh(0);
  for (const int p : {1, 2})
    for (const double t : {0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15}) {
      CAPTURE(p);
      CAPTURE(t);
      const RunResult r = run_sod(p, 0, t);
      REQUIRE(r.final_state.size() == std::size_t(4) * n_modes(p) * mesh.n_elems());
      check_limited(extremes(r.final_state, p, mesh.n_elems()));
    }
}
