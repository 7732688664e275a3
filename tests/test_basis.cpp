#include "core/basis.hpp"
#include "core/quadrature.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

using namespace tridg;

namespace {

constexpr int max_tested_order = 6;

// Points of T at which values and derivatives are compared, including all three vertices
// (the collapsed vertex (0, 1) in particular) and points on each side.
const std::vector<std::array<double, 2>> sample_points{
    {0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}, {0.5, 0.0},    {0.5, 0.5},  {0.0, 0.5},
    {0.2, 0.3}, {0.1, 0.8}, {0.7, 0.1}, {1e-3, 0.998}, {0.33, 0.33}};

// Side k of the reference triangle as t in [0,1]: side 0 (t,0), side 1 (1-t,t), side 2 (0,1-t).
std::array<double, 2> side_point(int side, double t) {
  if (side == 0) return {t, 0.0};
  if (side == 1) return {1.0 - t, t};
  return {0.0, 1.0 - t};
}

// Gram matrix of the restrictions of the degree-p modes to a side, integrated with rule g.
std::vector<double> side_gram(int p, int side, const LineRule& g) {
  const int n = n_modes(p);
  std::vector<double> out(static_cast<std::size_t>(n * n), 0.0);
  for (std::size_t k = 0; k < g.t.size(); ++k) {
    const auto [r, s] = side_point(side, g.t[k]);
    const std::vector<BasisValue> phi = dubiner(p, r, s);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        out[static_cast<std::size_t>(i * n + j)] +=
            g.w[k] * phi[static_cast<std::size_t>(i)].phi * phi[static_cast<std::size_t>(j)].phi;
  }
  return out;
}

// Largest |a - b| relative to the largest |b|.
double relative_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double scale = 0.0, worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    scale = std::max(scale, std::abs(b[k]));
    worst = std::max(worst, std::abs(a[k] - b[k]));
  }
  return worst / scale;
}

} // namespace

TEST_CASE("Dubiner basis is orthonormal on the reference triangle") {
  for (int p = 0; p <= max_tested_order; ++p) {
    CAPTURE(p);
    const int n = n_modes(p);
    const TriangleRule q = triangle_rule(2 * p);
    std::vector<double> mass(static_cast<std::size_t>(n * n), 0.0);
    for (std::size_t k = 0; k < q.w.size(); ++k) {
      const std::vector<BasisValue> phi = dubiner(p, q.r[k], q.s[k]);
      REQUIRE(phi.size() == static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          mass[static_cast<std::size_t>(i * n + j)] +=
              q.w[k] * phi[static_cast<std::size_t>(i)].phi * phi[static_cast<std::size_t>(j)].phi;
    }
    double worst = 0.0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        worst = std::max(
            worst, std::abs(mass[static_cast<std::size_t>(i * n + j)] - (i == j ? 1.0 : 0.0)));
    // entries are sums of <= 49 terms of size O(1-10): a few 1e-15 of rounding at most
    CHECK(worst < 1e-13);
  }
}

TEST_CASE("constant mode is sqrt(2)") {
  for (const auto& pt : sample_points) {
    const double r = pt[0], s = pt[1];
    const BasisValue b = dubiner(0, r, s)[0];
    CHECK(b.phi == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
    CHECK(b.dr == 0.0);
    CHECK(b.ds == 0.0);
  }
}

TEST_CASE("linear modes have their closed forms") {
  // Mode 1 is (i, j) = (0, 1): sqrt(2 * 1 * 2) P_1^(1,0)(2s - 1) = 2 (3s - 1); mode 2 is
  // (1, 0): sqrt(2 * 3 * 2) (1 - s) P_1(2r / (1 - s) - 1) = sqrt(12) (2r + s - 1).
  const double c = std::sqrt(12.0);
  for (const auto& pt : sample_points) {
    const double r = pt[0], s = pt[1];
    const std::vector<BasisValue> b = dubiner(1, r, s);
    CHECK(std::abs(b[1].phi - 2.0 * (3.0 * s - 1.0)) < 1e-14);
    CHECK(std::abs(b[1].ds - 6.0) < 1e-14);
    CHECK(std::abs(b[1].dr) < 1e-14);
    CHECK(std::abs(b[2].phi - c * (2.0 * r + s - 1.0)) < 1e-14);
    CHECK(std::abs(b[2].dr - 2.0 * c) < 1e-14);
    CHECK(std::abs(b[2].ds - c) < 1e-14);
  }
}

TEST_CASE("gradients agree with central finite differences, also at the collapsed vertex") {
  // Each mode is a polynomial of degree <= 6 along any line, and the 7-point central difference
  // (sixth order) is exact for such polynomials, so only rounding remains: about
  // eps * max|phi| * sum|stencil| / h ~ 1e-16 * 100 * 1.8 / 1e-2 ~ 2e-12 at worst (5e-13 seen),
  // against derivatives of size up to ~700. The basis is a polynomial, so stencil points may
  // leave T.
  constexpr int p = max_tested_order;
  constexpr double h = 1e-2;
  constexpr std::array<double, 3> c{3.0 / 4.0, -3.0 / 20.0, 1.0 / 60.0};
  for (const auto& pt : sample_points) {
    const double r = pt[0], s = pt[1];
    CAPTURE(r);
    CAPTURE(s);
    const std::vector<BasisValue> exact = dubiner(p, r, s);
    std::vector<double> fd_r(exact.size(), 0.0), fd_s(exact.size(), 0.0);
    for (int k = 1; k <= 3; ++k) {
      const double w = c[static_cast<std::size_t>(k - 1)] / h;
      const auto rp = dubiner(p, r + k * h, s), rm = dubiner(p, r - k * h, s);
      const auto sp = dubiner(p, r, s + k * h), sm = dubiner(p, r, s - k * h);
      for (std::size_t m = 0; m < exact.size(); ++m) {
        fd_r[m] += w * (rp[m].phi - rm[m].phi);
        fd_s[m] += w * (sp[m].phi - sm[m].phi);
      }
    }
    for (std::size_t m = 0; m < exact.size(); ++m) {
      CAPTURE(m);
      REQUIRE(std::isfinite(exact[m].phi));
      CHECK(std::abs(fd_r[m] - exact[m].dr) < 1e-10 * (1.0 + std::abs(exact[m].dr)));
      CHECK(std::abs(fd_s[m] - exact[m].ds) < 1e-10 * (1.0 + std::abs(exact[m].ds)));
    }
  }
}

TEST_CASE("modes are ordered by total degree and lower orders are prefixes") {
  constexpr int p = max_tested_order;
  // Along the line x0 + k dir a mode of total degree d is a polynomial of degree <= d in k (and
  // for a generic direction exactly d), so its (d+1)-th difference vanishes while its d-th does
  // not. A k-th difference of values below ~100 carries at most 2^k * 100 * eps ~ 1.5e-12 of
  // rounding (k <= 7); the d-th differences along this line are all above 0.02.
  const std::array<double, 2> x0{0.13, 0.21};
  const std::array<double, 2> dir{0.071, 0.043};
  std::vector<std::vector<BasisValue>> vals;
  for (int k = 0; k <= p + 1; ++k)
    vals.push_back(dubiner(p, x0[0] + k * dir[0], x0[1] + k * dir[1]));
  auto difference = [&](std::size_t mode, int order) {
    // order-th forward difference at t = 0, binomial coefficients with alternating signs
    double sum = 0.0, binom = 1.0;
    for (int k = 0; k <= order; ++k) {
      sum +=
          ((order - k) % 2 == 0 ? 1.0 : -1.0) * binom * vals[static_cast<std::size_t>(k)][mode].phi;
      binom = binom * (order - k) / (k + 1);
    }
    return sum;
  };
  for (int d = 0; d <= p; ++d) {
    for (int m = n_modes(d - 1); m < n_modes(d); ++m) {
      CAPTURE(d);
      CAPTURE(m);
      const auto mode = static_cast<std::size_t>(m);
      CHECK(std::abs(difference(mode, d + 1)) < 1e-10);
      CHECK(std::abs(difference(mode, d)) > 1e-4);
    }
  }
  for (int q = 0; q < p; ++q) {
    const std::vector<BasisValue> lo = dubiner(q, 0.3, 0.4);
    const std::vector<BasisValue> hi = dubiner(p, 0.3, 0.4);
    REQUIRE(lo.size() == static_cast<std::size_t>(n_modes(q)));
    for (std::size_t m = 0; m < lo.size(); ++m) {
      CHECK(lo[m].phi == hi[m].phi);
      CHECK(lo[m].dr == hi[m].dr);
      CHECK(lo[m].ds == hi[m].ds);
    }
  }
}

TEST_CASE("restrictions to the sides are polynomials of degree exactly p") {
  // If every restricted mode has degree <= p, the (p+1)-point Gauss rule is exact for the
  // products phi_i * phi_j along a side (degree 2p <= 2(p+1) - 1) and agrees with a rule three
  // points larger; a restriction of higher degree would break that for some pair. Entries are
  // O(2(p+1)) and sums of <= 10 terms, so rounding stays at a few 1e-15 relative.
  // Conversely the p-point rule must miss some product (by tens of percent in practice):
  // otherwise the traces would have degree < p and could not span the polynomials of degree
  // p on the side, which the numerical fluxes need.
  for (int p = 0; p <= max_tested_order; ++p) {
    const LineRule high = gauss_legendre(p + 4);
    for (int side = 0; side < 3; ++side) {
      CAPTURE(p);
      CAPTURE(side);
      const std::vector<double> exact = side_gram(p, side, high);
      CHECK(relative_difference(side_gram(p, side, gauss_legendre(p + 1)), exact) < 1e-13);
      if (p > 0) CHECK(relative_difference(side_gram(p, side, gauss_legendre(p)), exact) > 0.1);
    }
  }
}

TEST_CASE("negative order is rejected") {
  CHECK_THROWS_AS(dubiner(-1, 0.2, 0.2), std::invalid_argument);
}
