// The Barth-Jespersen limiter and the Zhang-Shu positivity fix of kernels/dg_limiter.hpp, applied
// through the CPU backend's limit() to fields set directly as modal coefficients, on meshes built
// in code (no Gmsh needed).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "compiled_orders.hpp"
#include "euler_test_util.hpp"
#include "kernels/dg_limiter.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

// Uniform numbers in [a, b) straight from mt19937, whose sequence the standard fixes.
struct Random {
  std::mt19937 gen;
  explicit Random(std::uint32_t seed) : gen(seed) {}
  double operator()(double a, double b) { return a + (b - a) * (double(gen()) / 4294967296.0); }
};

std::vector<double> limited(const Mesh& mesh, int p, const LimiterParams<double>& lp,
                            const std::vector<double>& c) {
  auto backend = make_euler_backend(mesh, p, lp);
  backend->set_state(c);
  backend->limit();
  std::vector<double> out;
  backend->get_state(out);
  return out;
}

struct Bounds {
  double lo, hi;
};

// [min, max] of the cell averages of variable v over element k and every element that shares a
// vertex with it: the bounds of the vertex-based Barth-Jespersen limiter.
Bounds average_bounds(const Mesh& m, const std::vector<double>& c, int p, int v, int k) {
  const int E = m.n_elems();
  Bounds b{cell_average(c, p, E, v, k), cell_average(c, p, E, v, k)};
  for (int n = 0; n < E; ++n) {
    bool shares = false;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) shares |= m.tri[n][i] == m.tri[k][j];
    if (!shares) continue;
    b.lo = std::min(b.lo, cell_average(c, p, E, v, n));
    b.hi = std::max(b.hi, cell_average(c, p, E, v, n));
  }
  return b;
}

// How far the values at the edge Gauss points of element k stick out of the averages' bounds,
// largest over the variables (0 when inside).
double bounds_excess(const Mesh& m, const std::vector<double>& c, int p, int k) {
  double worst = 0;
  for (const RefPoint& q : edge_points(p)) {
    const auto u = state_at(c, p, m.n_elems(), k, q);
    for (int v = 0; v < 4; ++v) {
      const Bounds b = average_bounds(m, c, p, v, k);
      worst = std::max({worst, u[v] - b.hi, b.lo - u[v]});
    }
  }
  return worst;
}

// A field that is discontinuous everywhere: random averages and random modes of every degree.
std::vector<double> random_field(const Mesh& m, int p, std::uint32_t seed) {
  Random rnd(seed);
  const int np = n_modes(p), E = m.n_elems();
  std::vector<double> c(std::size_t(4) * np * E);
  for (int v = 0; v < 4; ++v)
    for (int j = 0; j < np; ++j)
      for (int k = 0; k < E; ++k)
        c[(std::size_t(v) * np + j) * E + k] =
            j == 0 ? rnd(0.5, 2.0) : rnd(-0.4, 0.4) / (j < 3 ? 1 : 2);
  return c;
}

// A closed fan: n triangles around a centre vertex at the origin, their outer vertices on the
// unit circle (sector s spans the angles [2 pi s / n, 2 pi (s + 1) / n]). The centre's element
// list has n entries; each outer vertex's has two.
RawMesh fan(int n) {
  RawMesh r;
  r.source = "fan";
  r.x.push_back(0);
  r.y.push_back(0);
  for (int i = 0; i < n; ++i) {
    r.x.push_back(std::cos(2 * M_PI * i / n));
    r.y.push_back(std::sin(2 * M_PI * i / n));
  }
  for (int i = 0; i < n; ++i) {
    const int a = 1 + i, b = 1 + (i + 1) % n;
    r.tri.push_back({0, a, b});
    r.boundary["outer"].push_back({a, b});
  }
  return r;
}

// The sector of the fan of n triangles that holds point (x, y).
int fan_sector(double x, double y, int n) {
  const double a = std::atan2(y, x);
  return int(std::floor((a < 0 ? a + 2 * M_PI : a) / (2 * M_PI / n))) % n;
}

bool same_averages(const std::vector<double>& a, const std::vector<double>& b, int p, int E) {
  for (int v = 0; v < 4; ++v)
    for (int k = 0; k < E; ++k)
      if (a[std::size_t(v) * n_modes(p) * E + k] != b[std::size_t(v) * n_modes(p) * E + k])
        return false;
  return true;
}

} // namespace

TEST_CASE(
    "Barth-Jespersen: edge values of a random field end inside the vertex neighbours' averages") {
  // Distorted periodic grid: every element has three neighbours.
  const Mesh mesh = build_connectivity(periodic_square(12));
  const int E = mesh.n_elems();
  LimiterParams<double> lp;
  lp.barth_jespersen = true;
  for (int p = 1; p <= 3; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    const std::vector<double> c = random_field(mesh, p, 1234u + p);
    // The field must violate the bounds somewhere, or the test shows nothing.
    int violating = 0;
    for (int k = 0; k < E; ++k) violating += bounds_excess(mesh, c, p, k) > 1e-3;
    REQUIRE(violating > E / 4);
    const std::vector<double> out = limited(mesh, p, lp, c);
    double worst = 0;
    for (int k = 0; k < E; ++k) worst = std::max(worst, bounds_excess(mesh, out, p, k));
    // The limited values are O(1) sums of a few O(1) products: a few ulp of round-off.
    CHECK(worst <= 1e-13);
    // Only the higher modes change (the averages are what the neighbours read).
    CHECK(same_averages(c, out, p, E));
  }
}

TEST_CASE("positivity fix: density and pressure above the floor, averages kept") {
  const Mesh mesh = build_connectivity(grid_square(10));
  const int E = mesh.n_elems();
  LimiterParams<double> lp;
  lp.positivity = true;
  lp.floor = 1e-3;
  const IdealGas<double> phys;
  for (int p = 1; p <= 3; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    // Averages rho = 1, p around 1 at rest-ish; slopes large enough to make density and pressure
    // negative at some points.
    Random rnd(99u + p);
    const int np = n_modes(p);
    std::vector<double> c(std::size_t(4) * np * E);
    const double mean[4] = {1.0, 0.1, -0.1, 2.5};
    for (int v = 0; v < 4; ++v)
      for (int j = 0; j < np; ++j)
        for (int k = 0; k < E; ++k)
          c[(std::size_t(v) * np + j) * E + k] =
              j == 0 ? mean[v] / std::sqrt(2.0) : rnd(-0.6, 0.6) / (j < 3 ? 1 : 3);
    std::vector<RefPoint> pts = volume_points(p);
    for (const RefPoint& q : edge_points(p)) pts.push_back(q);
    const auto lowest = [&](const std::vector<double>& s, int which) {
      double lo = HUGE_VAL;
      for (int k = 0; k < E; ++k)
        for (const RefPoint& q : pts) {
          const auto u = state_at(s, p, E, k, q);
          lo = std::min(lo, which == 0 ? u[0] : phys.pressure(u.data()));
        }
      return lo;
    };
    REQUIRE(lowest(c, 0) < 0);
    REQUIRE(lowest(c, 1) < 0);
    const std::vector<double> out = limited(mesh, p, lp, c);
    // The fix leaves the tightest point a bisection step (2^-40 of the way) inside; evaluating
    // the rescaled polynomial adds round-off of O(1) terms, 1e-14 at most.
    CHECK(lowest(out, 0) >= lp.floor - 1e-14);
    CHECK(lowest(out, 1) >= lp.floor - 1e-14);
    CHECK(same_averages(c, out, p, E));
  }
}

TEST_CASE("Barth-Jespersen: a linear field is untouched away from the boundary") {
  // Linear in x and y, physical: density 1.5 +- 0.5, pressure about 2. An interior vertex lies
  // inside the centroids of its patch, so a linear field never exceeds the vertex bounds there;
  // at a boundary vertex it can (the patch is one-sided), so elements touching the boundary may
  // be limited and are left out of the count.
  const auto linear = [](double x, double y, double* u) {
    const double w[4] = {1.5 + 0.4 * x - 0.3 * y, 0.2 - 0.1 * x + 0.3 * y, -0.1 + 0.2 * x,
                         2.0 + 0.5 * x + 0.25 * y};
    for (int v = 0; v < 4; ++v) u[v] = w[v];
  };
  const Mesh mesh = build_connectivity(grid_square(10));
  const int E = mesh.n_elems();
  std::vector<bool> on_boundary(mesh.n_nodes(), false);
  for (const Edge& e : mesh.edges)
    if (e.right < 0) on_boundary[e.n0] = on_boundary[e.n1] = true;
  LimiterParams<double> lp;
  lp.barth_jespersen = true;
  for (int p = 1; p <= 2; ++p) {
    CAPTURE(p);
    std::vector<double> c = project(mesh, p, 4, linear);
    // Modes of degree 2 are zero for a linear field; drop the projection's round-off in them.
    for (int v = 0; v < 4; ++v)
      for (int j = 3; j < n_modes(p); ++j)
        for (int k = 0; k < E; ++k) c[(std::size_t(v) * n_modes(p) + j) * E + k] = 0;
    const std::vector<double> out = limited(mesh, p, lp, c);
    int interior = 0, changed = 0;
    for (int k = 0; k < E; ++k) {
      if (on_boundary[mesh.tri[k][0]] || on_boundary[mesh.tri[k][1]] || on_boundary[mesh.tri[k][2]])
        continue;
      ++interior;
      bool same = true;
      for (int v = 0; v < 4; ++v)
        for (int j = 0; j < n_modes(p); ++j) {
          const std::size_t i = (std::size_t(v) * n_modes(p) + j) * E + k;
          same &= out[i] == c[i];
        }
      changed += !same;
    }
    REQUIRE(interior > E / 2);
    CHECK(changed == 0);
  }
}

TEST_CASE("Barth-Jespersen: rounding noise in the slopes is kept or zeroed, slopes beyond it "
          "limited") {
  // Every element has the same means, so every patch's bounds are the mean widened by the
  // limiter's rounding band (64 ulps of the largest mean; no TVB slack). Each element gets a
  // linear slope whose largest deviation from the mean is f times that band. Below a quarter of
  // the band (f = 0.05) nothing may change (the patch is skipped); between a quarter and a half
  // (f = 0.4) the slope is noise and must be zeroed; below the band (f = 0.75, the patch walked)
  // nothing may change; beyond it (f = 1.5, 4) the slope must be scaled back into the band, up to
  // the rounding of the bounds themselves (half an ulp of a mean below 4, 1/32 of the band).
  const Mesh mesh = build_connectivity(periodic_square(8));
  const int E = mesh.n_elems();
  const double means[4] = {1.0, 0.5, -0.3, 2.5};
  enum Expect { kept, zeroed, limited_into_band };
  const struct {
    double f;
    Expect expect;
  } cases[5] = {{0.05, kept},
                {0.4, zeroed},
                {0.75, kept},
                {1.5, limited_into_band},
                {4.0, limited_into_band}};
  const double band = 64 * std::numeric_limits<double>::epsilon() * 2.5;
  LimiterParams<double> lp;
  lp.barth_jespersen = true;
  for (int p = 1; p <= 2; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    const int np = n_modes(p);
    const auto at = [&](std::size_t v, int j, int k) { return (v * np + j) * E + k; };
    // The first linear mode's largest value at the vertices, where the linear part peaks.
    std::vector<double> unit(std::size_t(4) * np * E, 0.0);
    unit[at(0, 1, 0)] = 1;
    double peak = 0;
    for (const RefPoint& q : {RefPoint{0, 0}, RefPoint{1, 0}, RefPoint{0, 1}})
      peak = std::max(peak, std::abs(state_at(unit, p, E, 0, q)[0]));
    std::vector<double> c(std::size_t(4) * np * E, 0.0);
    for (int k = 0; k < E; ++k)
      for (std::size_t v = 0; v < 4; ++v) {
        c[at(v, 0, k)] = means[v] / std::sqrt(2.0);
        c[at(v, 1, k)] = cases[k % 5].f * band / peak;
      }
    const std::vector<double> out = limited(mesh, p, lp, c);
    int wrong = 0;
    for (int k = 0; k < E; ++k) {
      bool same = true, zero = true;
      double worst = 0;
      for (std::size_t v = 0; v < 4; ++v)
        for (int j = 1; j < np; ++j) {
          same &= out[at(v, j, k)] == c[at(v, j, k)];
          zero &= out[at(v, j, k)] == 0;
          worst = std::max(worst, std::abs(out[at(v, j, k)]) * peak);
        }
      switch (cases[k % 5].expect) {
      case kept:
        wrong += !same;
        break;
      case zeroed:
        wrong += !zero;
        break;
      case limited_into_band:
        wrong += same || worst > band * (1 + 1.0 / 16);
        break;
      }
    }
    CHECK(wrong == 0);
    CHECK(same_averages(c, out, p, E));
  }
}

TEST_CASE("Barth-Jespersen: a vertex shared by more elements than one chunk of the patch walk") {
  // The walk reads a vertex's element list kPatchChunk entries at a time. Sector 0's linear
  // part is 1.9 at the centre and 0.55 at its outer vertices (mean 1): inside the bounds only if
  // the centre's bound comes from sector h, whose mean is 2, and the outer vertices' from sectors
  // n - 1 and 1, whose means are 0.5. So sector 0 is left alone for every h that the walk reads,
  // and limited when no sector has the mean 2 (the control). Lists of fewer, exactly as many and
  // more entries than a chunk, and a last chunk only partly full.
  TRIDG_SKIP_ORDER(1, return )
  LimiterParams<double> lp;
  lp.barth_jespersen = true;
  const double scale[4] = {1.0, 0.1, -0.1, 3.0}; // a physical state: density, momenta, energy
  for (const int n : {7, kPatchChunk, kPatchChunk + 1, 13, 2 * kPatchChunk, 2 * kPatchChunk + 1}) {
    CAPTURE(n);
    const Mesh mesh = build_connectivity(fan(n));
    const int E = mesh.n_elems(), np = n_modes(1);
    REQUIRE(E == n);
    int k0 = -1; // the element of sector 0
    for (int k = 0; k < E; ++k) {
      double cx = 0, cy = 0;
      for (int i = 0; i < 3; ++i)
        cx += mesh.x[mesh.tri[k][i]] / 3, cy += mesh.y[mesh.tri[k][i]] / 3;
      if (fan_sector(cx, cy, n) == 0) k0 = k;
    }
    REQUIRE(k0 >= 0);
    // Barycentric weight of the centre in sector 0: 1 at the origin, 0 on its outer side.
    const double nx = std::cos(M_PI / n), ny = std::sin(M_PI / n), d = std::cos(M_PI / n);
    const auto field = [&](int h) {
      return project(mesh, 1, 4, [&, h](double x, double y, double* u) {
        const int s = fan_sector(x, y, n);
        const double f = s == 0                 ? 0.55 + 1.35 * (1 - (x * nx + y * ny) / d)
                         : s == 1 || s == n - 1 ? 0.5
                         : s == h               ? 2.0
                                                : 1.0;
        for (int v = 0; v < 4; ++v) u[v] = scale[v] * f;
      });
    };
    const auto sector0_changed = [&](const std::vector<double>& c) {
      const std::vector<double> out = limited(mesh, 1, lp, c);
      bool changed = false;
      for (int v = 0; v < 4; ++v)
        for (int j = 0; j < np; ++j) {
          const std::size_t i = (std::size_t(v) * np + j) * E + k0;
          changed |= out[i] != c[i];
        }
      return changed;
    };
    for (int h = 2; h <= n - 2; ++h) {
      CAPTURE(h);
      CHECK_FALSE(sector0_changed(field(h)));
    }
    CHECK(sector0_changed(field(-1)));
  }
}
