// Point functions of the shallow-water policy and its boundary conditions: consistency and
// conservation of the numerical fluxes (Rusanov, HLL) including dry states, the ghost states
// (wall, prescribed level from a time series then absorbing, characteristic absorbing), the
// shore level of a partially wet cell, and the positivity decomposition behind the time step.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "core/dg_basis_tables.hpp"
#include "physics/linear_shallow_water/boundary.hpp"
#include "physics/shallow_water/bed.hpp"
#include "physics/shallow_water/shallow_water.hpp"

using namespace tridg;

namespace {

using Hll = ShallowWaterPhysics<double, SwHll>;
using Rusanov = ShallowWaterPhysics<double, SwRusanov>;

} // namespace

TEST_CASE("numerical fluxes: consistent, conservative, zero between dry states") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> uh(0.01, 2), uv(-3, 3), ua(0, 6.283185307179586);
  const auto check = [&](const auto& ph) {
    for (int i = 0; i < 200; ++i) {
      const double a = ua(rng), nx = std::cos(a), ny = std::sin(a);
      const double h = uh(rng), u = uv(rng), v = uv(rng);
      const double s[3] = {h, h * u, h * v};
      double f[3], fe[3];
      ph.numerical_flux(s, s, nx, ny, f);
      ph.normal_flux(h, u, v, nx, ny, fe);
      for (int k = 0; k < 3; ++k) CHECK(f[k] == doctest::Approx(fe[k]).epsilon(1e-13));
      const double h2 = uh(rng), t[3] = {h2, h2 * uv(rng), h2 * uv(rng)};
      double fa[3], fb[3];
      ph.numerical_flux(s, t, nx, ny, fa);
      ph.numerical_flux(t, s, -nx, -ny, fb);
      for (int k = 0; k < 3; ++k) CHECK(fa[k] == doctest::Approx(-fb[k]).epsilon(1e-12));
    }
    const double dry[3] = {0, 0, 0}, wet[3] = {1, 0, 0};
    double f[3];
    ph.numerical_flux(dry, dry, 1, 0, f);
    CHECK(f[0] == 0);
    CHECK(f[1] == 0);
    // Water at rest next to a dry state flows into it.
    ph.numerical_flux(wet, dry, 1, 0, f);
    CHECK(f[0] > 0);
  };
  check(Rusanov{});
  check(Hll{});
}

TEST_CASE("velocity is desingularised below the dry depth and exact above it") {
  const Hll ph;
  CHECK(ph.velocity(1.0, 0.5) == 0.5);
  CHECK(ph.velocity(0, 1) == 0);
  CHECK(std::abs(ph.velocity(1e-8, 1e-6)) < 1e-5); // q / h would be 100
  CHECK(ph.admissible(std::vector<double>{-1e-15, 0, 0}.data()));
  CHECK(!ph.admissible(std::vector<double>{-1e-12, 0, 0}.data()));
  CHECK(!ph.admissible(std::vector<double>{1, std::nan(""), 0}.data()));
}

TEST_CASE("boundary ghosts: wall, level series then absorbing, absorbing at rest") {
  const Hll ph;
  const double b = -0.5, rest[3] = {0.5, 0, 0};
  double g[3], f[3];
  SwBoundary<double> bc;
  // A wall passes no water whatever the velocity.
  bc.kind = SwBcKind::wall;
  const double moving[3] = {0.5, 0.3, -0.2};
  sw_boundary_ghost(ph, bc, moving, b, 1.0, 0.0, 0.0, g);
  ph.numerical_flux(moving, g, 1, 0, f);
  CHECK(f[0] == doctest::Approx(0).epsilon(1e-15));
  // Prescribed level: the series [n, t..., eta...] interpolated in time; at the still level the
  // state at rest is its own ghost.
  const std::vector<double> table = {3, 0, 1, 2, 0.0, 0.1, 0.0};
  bc.kind = SwBcKind::level;
  bc.table = table.data();
  bc.level.level = 0.0;
  bool past = true;
  CHECK(sw_series_level(table.data(), 0.5, past) == doctest::Approx(0.05));
  CHECK(!past);
  CHECK(sw_series_level(table.data(), 2.5, past) == 0.0);
  CHECK(past);
  sw_boundary_ghost(ph, bc, rest, b, -1.0, 0.0, 0.0, g);
  for (int k = 0; k < 3; ++k) CHECK(g[k] == doctest::Approx(rest[k]));
  // At t = 1 the level is 0.1 higher: deeper ghost, water flows in (normal (-1, 0) points out).
  sw_boundary_ghost(ph, bc, rest, b, -1.0, 0.0, 1.0, g);
  CHECK(g[0] == doctest::Approx(0.6));
  ph.numerical_flux(rest, g, -1, 0, f);
  CHECK(f[0] < 0);
  // After the series: absorbing about the still level, so the rest state stays put.
  sw_boundary_ghost(ph, bc, rest, b, -1.0, 0.0, 3.0, g);
  for (int k = 0; k < 3; ++k) CHECK(g[k] == doctest::Approx(rest[k]));
  // Absorbing: an outgoing simple wave (v_n - 2c constant) passes without reflection: the
  // ghost has the still state's incoming invariant.
  bc.kind = SwBcKind::absorbing;
  bc.table = nullptr;
  const double c0 = std::sqrt(ph.g * 0.5), h1 = 0.55, c1 = std::sqrt(ph.g * h1);
  const double out[3] = {h1, h1 * 2 * (c1 - c0), 0}; // outgoing wave along +x
  sw_boundary_ghost(ph, bc, out, b, 1.0, 0.0, 0.0, g);
  const double ug = g[1] / g[0], cg = std::sqrt(ph.g * g[0]);
  CHECK(ug - 2 * cg == doctest::Approx(-2 * c0));
  CHECK(ug + 2 * cg == doctest::Approx(2 * (c1 - c0) + 2 * c1));
  CHECK(g[0] == doctest::Approx(h1));
  // Outflow: the interior state itself. A kind without a condition of its own gives no state
  // at all (NaN, which stops a run), never another condition's.
  bc.kind = SwBcKind::outflow;
  sw_boundary_ghost(ph, bc, moving, b, 1.0, 0.0, 0.0, g);
  for (int k = 0; k < 3; ++k) CHECK(g[k] == moving[k]);
  // `initial` is read before the reconstruction (ShallowWaterPhysics::boundary_ghost), so it
  // has no ghost here; neither has a value that names no kind.
  for (const SwBcKind k : {SwBcKind::initial, SwBcKind(99)}) {
    bc.kind = k;
    sw_boundary_ghost(ph, bc, moving, b, 1.0, 0.0, 0.0, g);
    CHECK(std::isnan(g[0]));
  }
  LswBoundary<double> lbc;
  lbc.kind = LswBcKind::outflow;
  lsw_boundary_ghost(9.81, 1.0, lbc, moving, 1.0, 0.0, 0.0, g);
  for (int k = 0; k < 3; ++k) CHECK(g[k] == moving[k]);
  lbc.kind = LswBcKind(99);
  lsw_boundary_ghost(9.81, 1.0, lbc, moving, 1.0, 0.0, 0.0, g);
  CHECK(std::isnan(g[0]));
}

TEST_CASE("positivity decomposition: exact cell means with non-negative weights") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> d(-1, 1);
  for (int p = 1; p <= 4; ++p) {
    CAPTURE(p);
    const BasisTables t = make_basis_tables(p);
    const SwSampleRule rule = sw_sample_rule(t);
    CHECK(rule.theta > 0.05);
    CHECK(rule.theta <= 1.0 / 3 + 1e-15);
    double wsum = 3 * rule.theta;
    for (double l : rule.lambda) {
      CHECK(l >= 0);
      wsum += l;
    }
    CHECK(wsum == doctest::Approx(1).epsilon(1e-13));
    // Random polynomials: mean = theta * sum of edge-point values * w + sum lambda * volume values.
    const int np = t.n_modes, nq = t.n_vol, nf = t.n_face;
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<double> c(np);
      for (double& a : c) a = d(rng);
      double dec = 0;
      for (int q = 0; q < nq; ++q) {
        double v = 0;
        for (int j = 0; j < np; ++j) v += t.vphi[q * np + j] * c[j];
        dec += rule.lambda[q] * v;
      }
      for (int sq = 0; sq < 3 * nf; ++sq) {
        double v = 0;
        for (int j = 0; j < np; ++j) v += t.fphi[sq * np + j] * c[j];
        dec += rule.theta * t.fw[sq % nf] * v;
      }
      CHECK(dec == doctest::Approx(std::sqrt(2.0) * c[0]).epsilon(1e-12));
    }
  }
  CHECK(sw_positivity_cfl(1) == doctest::Approx(1.0));
}

TEST_CASE("shore level: the flat level that holds the cell's water at its sample points") {
  // One element, three samples with bed 0, 1, 2 and weights 0.5, 0.25, 0.25.
  const SwAuxLayout L{1, 1, 0, 3};
  std::vector<double> aux(L.rows(), 0.0);
  const double b[3] = {0, 1, 2}, w[3] = {0.5, 0.25, 0.25};
  double cw = 0, cwb = 0;
  for (int i = 0; i < 3; ++i) {
    cw += w[i];
    cwb += w[i] * b[i];
    aux[L.sorted_b() + i] = b[i];
    aux[L.cum_w() + i] = cw;
    aux[L.cum_wb() + i] = cwb;
  }
  // Volume at level C: 0.5 C below 1; 0.5 C + 0.25 (C - 1) between 1 and 2.
  CHECK(sw_shore_level(L, aux.data(), 1, 0, 0.25) == doctest::Approx(0.5));
  CHECK(sw_shore_level(L, aux.data(), 1, 0, 0.75) == doctest::Approx(4.0 / 3));
}
