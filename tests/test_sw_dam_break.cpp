// Dam breaks on a flat bed (cases/dam_break.toml: Stoker, wet downstream; dam_break_dry.toml:
// Ritter, dry downstream) at p = 1 with the Barth-Jespersen limiter: the L1 error of the depth
// against the exact solution shrinks under uniform refinement (the solutions have a bore or a
// wet/dry front and kinks, so the rate is below 1), and the water volume is conserved to
// round-off (walls all around; the waves do not reach the ends).
#include <doctest/doctest.h>

#include <cmath>

#include "physics/shallow_water/exact.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

void check_convergence(const char* case_rel, double h_right) {
  DamBreak d;
  d.x0 = 5;
  d.h_left = 1;
  d.h_right = h_right;
  const double t_end = 0.5, width = 0.5;
  double prev = 0;
  for (int refine = 0; refine <= 2; ++refine) {
    CAPTURE(refine);
    Scratch out("dam");
    const RunResult r = run_sw(case_rel, 1, refine, {}, out.path());
    CHECK(r.final_time == doctest::Approx(t_end).epsilon(1e-12));
    const Mesh mesh = case_mesh("meshes/dam_break.geo", refine);
    const double err = l1_depth_error(mesh, r.final_state, 1,
                                      [&](double x, double) { return d.at(x, t_end)[0]; }) /
                       width;
    MESSAGE(std::string(case_rel) << " refine " << refine << " (" << mesh.n_elems()
                                  << " elements): L1 error of h " << err << ", volume change "
                                  << relative_change(r, 0));
    CHECK(relative_change(r, 0) <= 1e-14);
    // The depth is never negative anywhere the kernels look.
    for (int k = 0; k < mesh.n_elems(); ++k)
      CHECK(mean(r.final_state, 1, mesh.n_elems(), 0, k) >= 0);
    if (refine > 0) CHECK(err < 0.8 * prev); // halving h reduces the error by at least 20 %
    prev = err;
  }
}

} // namespace

TEST_CASE("Stoker's dam break (wet bed): L1 error shrinks with refinement, volume conserved") {
  check_convergence("cases/dam_break.toml", 0.1);
}

TEST_CASE("Ritter's dam break (dry bed): L1 error shrinks with refinement, volume conserved") {
  check_convergence("cases/dam_break_dry.toml", 0.0);
}

TEST_CASE("exact dam-break solutions: Stoker's plateau satisfies both wave relations") {
  DamBreak d;
  d.h_left = 1;
  d.h_right = 0.1;
  const double hm = d.h_middle(), g = d.g;
  const double um = 2 * (std::sqrt(g) - std::sqrt(g * hm)); // across the rarefaction
  const double us = (hm - 0.1) * std::sqrt(g * (hm + 0.1) / (2 * hm * 0.1)); // across the bore
  CHECK(um == doctest::Approx(us).epsilon(1e-12));
  // Ritter: the front runs at 2 sqrt(g h_left), the rarefaction head at -sqrt(g h_left).
  DamBreak r;
  r.h_left = 1;
  const double c = std::sqrt(r.g);
  CHECK(r.at(r.x0 + 1.99 * c, 1.0)[0] > 0);
  CHECK(r.at(r.x0 + 2.01 * c, 1.0)[0] == 0);
  CHECK(r.at(r.x0 - 1.01 * c, 1.0)[0] == 1);
}
