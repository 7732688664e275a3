#include "core/quadrature.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

using namespace tridg;

namespace {

double factorial(int n) {
  double f = 1.0;
  for (int i = 2; i <= n; ++i) f *= i;
  return f; // exact in double up to 18!
}

double power(double x, int k) {
  double p = 1.0;
  for (int i = 0; i < k; ++i) p *= x;
  return p;
}

} // namespace

TEST_CASE("triangle rules: point counts, positive weights, interior points, total area") {
  for (int degree = 0; degree <= 14; ++degree) {
    CAPTURE(degree);
    const TriangleRule q = triangle_rule(degree);
    const auto n = static_cast<std::size_t>(triangle_rule_points(degree));
    REQUIRE(q.r.size() == n);
    REQUIRE(q.s.size() == n);
    REQUIRE(q.w.size() == n);
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      CHECK(q.w[i] > 0.0);
      CHECK(q.r[i] > 0.0);
      CHECK(q.s[i] > 0.0);
      CHECK(q.r[i] + q.s[i] < 1.0);
      sum += q.w[i];
    }
    // a sum of at most 64 positive terms: relative rounding below 64 ulp
    CHECK(std::abs(sum - 0.5) < 64 * 0.5 * 1.2e-16);
  }
}

TEST_CASE("triangle rules integrate every monomial r^a s^b with a + b <= degree exactly") {
  for (int degree = 0; degree <= 14; ++degree) {
    const TriangleRule q = triangle_rule(degree);
    for (int a = 0; a <= degree; ++a) {
      for (int b = 0; a + b <= degree; ++b) {
        CAPTURE(degree);
        CAPTURE(a);
        CAPTURE(b);
        const double exact = factorial(a) * factorial(b) / factorial(a + b + 2);
        double sum = 0.0;
        for (std::size_t i = 0; i < q.w.size(); ++i)
          sum += q.w[i] * power(q.r[i], a) * power(q.s[i], b);
        // Every term is positive, so the sum has relative error <= (n + a + b) ulp for exact
        // nodes (n <= 64 terms, a + b <= 14 products); node/weight errors of a few ulp add
        // about (a + b) ulp more: (64 + 2 * 14) * 1.1e-16 ~ 1e-14.
        CHECK(std::abs(sum - exact) <= 1e-14 * exact);
      }
    }
  }
}

TEST_CASE("triangle rules are not exact one degree above the even symmetric rules") {
  // A rule exact beyond its nominal degree would hint that the table entry used is a
  // different (larger) rule than the point count suggests; the symmetric rules are optimal.
  for (const int degree : {2, 4, 6, 8}) {
    CAPTURE(degree);
    const TriangleRule q = triangle_rule(degree);
    double worst = 0.0;
    for (int a = 0; a <= degree + 1; ++a) {
      const int b = degree + 1 - a;
      const double exact = factorial(a) * factorial(b) / factorial(a + b + 2);
      double sum = 0.0;
      for (std::size_t i = 0; i < q.w.size(); ++i)
        sum += q.w[i] * power(q.r[i], a) * power(q.s[i], b);
      worst = std::max(worst, std::abs(sum - exact) / exact);
    }
    CHECK(worst > 1e-6);
  }
}

TEST_CASE("symmetric rules (degree <= 8) are invariant under the triangle's symmetries") {
  for (int degree = 0; degree <= 8; ++degree) {
    CAPTURE(degree);
    const TriangleRule q = triangle_rule(degree);
    for (std::size_t i = 0; i < q.w.size(); ++i) {
      const double t = 1.0 - q.r[i] - q.s[i];
      // reflection (r, s) -> (s, r) and rotation (r, s) -> (s, t) of the barycentric coordinates
      for (const auto& [r, s] : {std::pair{q.s[i], q.r[i]}, std::pair{q.s[i], t}}) {
        bool found = false;
        for (std::size_t j = 0; j < q.w.size(); ++j)
          found = found || (std::abs(q.r[j] - r) < 1e-14 && std::abs(q.s[j] - s) < 1e-14 &&
                            std::abs(q.w[j] - q.w[i]) < 1e-15);
        CHECK(found);
      }
    }
  }
}

TEST_CASE("Gauss-Legendre on [0,1] integrates t^k exactly for k <= 2n - 1") {
  for (int n = 1; n <= 10; ++n) {
    CAPTURE(n);
    const LineRule g = gauss_legendre(n);
    REQUIRE(g.t.size() == static_cast<std::size_t>(n));
    REQUIRE(g.w.size() == static_cast<std::size_t>(n));
    double sum_w = 0.0;
    for (std::size_t i = 0; i < g.t.size(); ++i) {
      CHECK(g.w[i] > 0.0);
      CHECK(g.t[i] > 0.0);
      CHECK(g.t[i] < 1.0);
      if (i > 0) CHECK(g.t[i] > g.t[i - 1]);
      // symmetric about 1/2
      CHECK(std::abs(g.t[i] + g.t[g.t.size() - 1 - i] - 1.0) < 4e-16);
      CHECK(std::abs(g.w[i] - g.w[g.t.size() - 1 - i]) < 4e-16);
      sum_w += g.w[i];
    }
    // n <= 10 weights each within an ulp, summed with n roundings of <= 1.1e-16
    CHECK(std::abs(sum_w - 1.0) < 2 * n * 1.2e-16);
    for (int k = 0; k <= 2 * n - 1; ++k) {
      CAPTURE(k);
      double sum = 0.0;
      for (std::size_t i = 0; i < g.t.size(); ++i) sum += g.w[i] * power(g.t[i], k);
      const double exact = 1.0 / (k + 1);
      // positive terms, n + k <= 30 roundings: well below 1e-14 relative
      CHECK(std::abs(sum - exact) <= 1e-14 * exact);
    }
    // t^(2n) is the first monomial it misses, by exactly (n!)^4 / ((2n+1) ((2n)!)^2); this pins
    // down that the nodes are the Gauss points and not merely some exact-enough rule. The error
    // is >= 1.4e-12 for n <= 10, the rounding in the difference about 1e-16.
    double sum = 0.0;
    for (std::size_t i = 0; i < g.t.size(); ++i) sum += g.w[i] * power(g.t[i], 2 * n);
    const double expected_error =
        std::pow(factorial(n), 4) / ((2 * n + 1) * factorial(2 * n) * factorial(2 * n));
    CHECK(std::abs((1.0 / (2 * n + 1) - sum) - expected_error) < 1e-3 * expected_error);
  }
}

TEST_CASE("Gauss-Legendre reproduces known nodes") {
  const LineRule g2 = gauss_legendre(2);
  CHECK(std::abs(g2.t[0] - (0.5 - 0.5 / std::sqrt(3.0))) < 1e-16);
  const LineRule g3 = gauss_legendre(3);
  CHECK(std::abs(g3.t[1] - 0.5) < 1e-16);
  CHECK(std::abs(g3.t[0] - (0.5 - 0.5 * std::sqrt(0.6))) < 1e-16);
  CHECK(std::abs(g3.w[1] - 4.0 / 9.0) < 2e-16);
}

TEST_CASE("invalid arguments are rejected") {
  CHECK_THROWS_AS(gauss_legendre(0), std::invalid_argument);
  CHECK_THROWS_AS(triangle_rule(-1), std::invalid_argument);
}
