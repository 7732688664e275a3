#include "quadrature.hpp"

#include "basis.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace tridg {

namespace {

// ---------------------------------------------------------------------------------------------
// Gauss-Jacobi rules for the weight (1 - x)^alpha.

// The 1D rules are computed in long double (64-bit mantissa on x86-64, quad precision on
// AArch64) and rounded once: evaluating P_n by its recurrence loses about n ulp, which would
// otherwise show up in the weights (and in their sum) at the 1e-15 level.
using real = long double;

// P_n^(alpha,0)(x) and P_{n-1}^(alpha,0)(x) by the three-term recurrence.
std::array<real, 2> jacobi_pair(int n, real alpha, real x) {
  real prev = 1;                            // P_0
  real cur = ((alpha + 2) * x + alpha) / 2; // P_1
  if (n == 0) return {prev, 0};
  for (int j = 2; j <= n; ++j) {
    const real c = 2 * j + alpha;
    const real a1 = 2 * j * (j + alpha) * (c - 2);
    const real a2 = (c - 1) * c * (c - 2);
    const real a3 = (c - 1) * alpha * alpha;
    const real a4 = 2 * (j + alpha - 1) * (j - 1) * c;
    const real next = ((a2 * x + a3) * cur - a4 * prev) / a1;
    prev = cur;
    cur = next;
  }
  return {cur, prev};
}

// Root of P_n^(alpha,0) in (lo, hi), where it changes sign exactly once. Bisection down to
// adjacent representable values cannot diverge and is as accurate as the evaluation of P_n
// allows.
real bisect_root(int n, real alpha, real lo, real hi) {
  real f_lo = jacobi_pair(n, alpha, lo)[0];
  for (;;) {
    const real mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    const real f_mid = jacobi_pair(n, alpha, mid)[0];
    if (f_mid == 0) return mid;
    if ((f_mid < 0) == (f_lo < 0)) {
      lo = mid;
      f_lo = f_mid;
    } else {
      hi = mid;
    }
  }
  return std::abs(jacobi_pair(n, alpha, lo)[0]) <= std::abs(jacobi_pair(n, alpha, hi)[0]) ? lo : hi;
}

// n-point Gauss-Jacobi rule for the weight (1 - x)^alpha (beta = 0) on [-1, 1], mapped to
// [0, 1] with the weight (1 - t)^alpha (nodes ascending). The roots of P_k strictly interlace
// those of P_{k-1}, so each root of P_k is bracketed by consecutive roots of P_{k-1} (and -1,
// 1); building k = 1..n this way needs no starting guesses.
LineRule gauss_jacobi_01(int n, int alpha_int) {
  const auto alpha = static_cast<real>(alpha_int);
  std::vector<real> roots;
  for (int k = 1; k <= n; ++k) {
    std::vector<real> next(static_cast<std::size_t>(k));
    for (int i = 0; i < k; ++i) {
      const real lo = i == 0 ? -1 : roots[static_cast<std::size_t>(i - 1)];
      const real hi = i == k - 1 ? 1 : roots[static_cast<std::size_t>(i)];
      next[static_cast<std::size_t>(i)] = bisect_root(k, alpha, lo, hi);
    }
    roots = std::move(next);
  }
  // At a root of P_n, (1 - x^2) P_n'(x) = 2 n (n + alpha) / (2n + alpha) P_{n-1}(x), and the
  // Christoffel weight is 2^(alpha+1) / ((1 - x^2) P_n'(x)^2) (the Jacobi norm factor is 1
  // for beta = 0). Mapping x -> t = (1 + x) / 2 scales the weights by 2^-(alpha+1).
  LineRule rule;
  const real k = 2 * n * (n + alpha) / (2 * n + alpha);
  for (const real x : roots) {
    const real pnm1 = jacobi_pair(n, alpha, x)[1];
    rule.t.push_back(static_cast<double>((1 + x) / 2));
    rule.w.push_back(static_cast<double>((1 - x * x) / (k * k * pnm1 * pnm1)));
  }
  return rule;
}

// ---------------------------------------------------------------------------------------------
// Dense least squares by Householder QR (A is m x n, m >= n, row-major, full column rank).

std::vector<double> least_squares(std::vector<double> a, std::vector<double> b, int m, int n) {
  auto at = [&](int i, int j) -> double& { return a[static_cast<std::size_t>(i * n + j)]; };
  for (int j = 0; j < n; ++j) {
    double norm = 0.0;
    for (int i = j; i < m; ++i) norm += at(i, j) * at(i, j);
    norm = std::sqrt(norm);
    if (norm == 0.0) throw std::logic_error("triangle_rule: singular moment Jacobian");
    const double alpha = at(j, j) > 0.0 ? -norm : norm;
    std::vector<double> v(static_cast<std::size_t>(m - j));
    for (int i = j; i < m; ++i) v[static_cast<std::size_t>(i - j)] = at(i, j);
    v[0] -= alpha;
    double vv = 0.0;
    for (const double x : v) vv += x * x;
    auto reflect = [&](auto&& get) {
      double dot = 0.0;
      for (int i = j; i < m; ++i) dot += v[static_cast<std::size_t>(i - j)] * get(i);
      const double f = 2.0 * dot / vv;
      for (int i = j; i < m; ++i) get(i) -= f * v[static_cast<std::size_t>(i - j)];
    };
    for (int c = j; c < n; ++c) reflect([&](int i) -> double& { return at(i, c); });
    reflect([&](int i) -> double& { return b[static_cast<std::size_t>(i)]; });
  }
  std::vector<double> x(static_cast<std::size_t>(n));
  for (int j = n - 1; j >= 0; --j) {
    double sum = b[static_cast<std::size_t>(j)];
    for (int c = j + 1; c < n; ++c) sum -= at(j, c) * x[static_cast<std::size_t>(c)];
    x[static_cast<std::size_t>(j)] = sum / at(j, j);
  }
  return x;
}

// ---------------------------------------------------------------------------------------------
// Fully symmetric rules, described by orbits of the barycentric symmetry group.

enum class Orbit { s3, s21, s111 };

// One orbit: barycentric generator (a, a, 1 - 2a) for s21, (a, b, 1 - a - b) for s111, the
// centroid for s3; `w` is the weight of each of its points.
struct OrbitSpec {
  Orbit type;
  double a, b, w;
};

// Which barycentric coordinates become (r, s) for each point of an orbit.
const std::vector<std::array<int, 2>>& orbit_points(Orbit t) {
  static const std::vector<std::array<int, 2>> s3{{0, 1}};
  static const std::vector<std::array<int, 2>> s21{{0, 1}, {0, 2}, {2, 0}};
  static const std::vector<std::array<int, 2>> s111{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};
  return t == Orbit::s3 ? s3 : t == Orbit::s21 ? s21 : s111;
}

int orbit_params(Orbit t) {
  return t == Orbit::s3 ? 0 : t == Orbit::s21 ? 1 : 2;
}

// Barycentric generator and its derivatives with respect to the orbit parameters.
struct Generator {
  std::array<double, 3> l;
  std::array<std::array<double, 3>, 2> dl;
};

Generator generator(const OrbitSpec& o) {
  switch (o.type) {
  case Orbit::s3:
    return {{1.0 / 3, 1.0 / 3, 1.0 / 3}, {}};
  case Orbit::s21:
    return {{o.a, o.a, 1.0 - 2.0 * o.a}, {{{1.0, 1.0, -2.0}, {}}}};
  case Orbit::s111:
    return {{o.a, o.b, 1.0 - o.a - o.b}, {{{1.0, 0.0, -1.0}, {0.0, 1.0, -1.0}}}};
  }
  return {};
}

TriangleRule expand(const std::vector<OrbitSpec>& orbits) {
  TriangleRule rule;
  for (const OrbitSpec& o : orbits) {
    const Generator g = generator(o);
    for (const auto& [ir, is] : orbit_points(o.type)) {
      rule.r.push_back(g.l[static_cast<std::size_t>(ir)]);
      rule.s.push_back(g.l[static_cast<std::size_t>(is)]);
      rule.w.push_back(o.w);
    }
  }
  return rule;
}

// Residuals of the moment equations sum_q w_q phi_k(x_q) = integral of phi_k over T, for the
// orthonormal basis up to `degree` (integral sqrt(2)/2 for the constant, 0 for the others), and
// optionally their Jacobian with respect to (orbit parameters..., orbit weights...).
void moment_system(const std::vector<OrbitSpec>& orbits, int degree, std::vector<double>& res,
                   std::vector<double>* jac, int n_unknowns) {
  const int m = n_modes(degree);
  res.assign(static_cast<std::size_t>(m), 0.0);
  res[0] = -std::sqrt(0.5);
  if (jac) jac->assign(static_cast<std::size_t>(m * n_unknowns), 0.0);
  int param_col = 0;
  int weight_col = 0;
  for (const OrbitSpec& o : orbits) weight_col += orbit_params(o.type);
  for (const OrbitSpec& o : orbits) {
    const Generator g = generator(o);
    for (const auto& [ir, is] : orbit_points(o.type)) {
      const auto sr = static_cast<std::size_t>(ir), ss = static_cast<std::size_t>(is);
      const std::vector<BasisValue> phi = dubiner(degree, g.l[sr], g.l[ss]);
      for (int k = 0; k < m; ++k) {
        const BasisValue& f = phi[static_cast<std::size_t>(k)];
        res[static_cast<std::size_t>(k)] += o.w * f.phi;
        if (!jac) continue;
        double* row = jac->data() + static_cast<std::ptrdiff_t>(k) * n_unknowns;
        row[weight_col] += f.phi;
        for (int p = 0; p < orbit_params(o.type); ++p) {
          const auto& d = g.dl[static_cast<std::size_t>(p)];
          row[param_col + p] += o.w * (f.dr * d[sr] + f.ds * d[ss]);
        }
      }
    }
    param_col += orbit_params(o.type);
    ++weight_col;
  }
}

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (const double x : v) m = std::max(m, std::abs(x));
  return m;
}

// Tabulated digits are only good to about 1e-15 (and a mistyped one would be worse), so the
// orbit parameters and weights are refined by Gauss-Newton on the moment equations; the orbit
// structure keeps the rule symmetric.
TriangleRule polished(std::vector<OrbitSpec> orbits, int degree) {
  int n = 0;
  for (const OrbitSpec& o : orbits) n += orbit_params(o.type) + 1;
  const int m = n_modes(degree);
  std::vector<double> res, jac;
  for (int iter = 0; iter < 20; ++iter) {
    moment_system(orbits, degree, res, &jac, n);
    const std::vector<double> step = least_squares(jac, res, m, n);
    int c = 0;
    for (OrbitSpec& o : orbits) {
      if (orbit_params(o.type) >= 1) o.a -= step[static_cast<std::size_t>(c++)];
      if (orbit_params(o.type) >= 2) o.b -= step[static_cast<std::size_t>(c++)];
    }
    for (OrbitSpec& o : orbits) o.w -= step[static_cast<std::size_t>(c++)];
    if (max_abs(step) < 1e-15) break;
  }
  moment_system(orbits, degree, res, nullptr, n);
  // Moments of the orthonormal basis are O(1); anything above a few ulps means the tabulated
  // start was not near a solution.
  if (max_abs(res) > 1e-14)
    throw std::logic_error("triangle_rule: degree-" + std::to_string(degree) +
                           " rule did not converge");
  return expand(orbits);
}

// Dunavant (1985) rules, weights scaled from "sum to 1" to the reference area 1/2.
TriangleRule dunavant(int degree) {
  constexpr double h = 0.5;
  switch (degree) {
  case 2:
    return polished({{Orbit::s21, 1.0 / 6, 0.0, h / 3}}, 2);
  case 4:
    return polished({{Orbit::s21, 0.445948490915965, 0.0, h * 0.223381589678011},
                     {Orbit::s21, 0.091576213509771, 0.0, h * 0.109951743655322}},
                    4);
  case 6:
    return polished({{Orbit::s21, 0.249286745170910, 0.0, h * 0.116786275726379},
                     {Orbit::s21, 0.063089014491502, 0.0, h * 0.050844906370207},
                     {Orbit::s111, 0.053145049844817, 0.310352451033784, h * 0.082851075618374}},
                    6);
  case 8:
    return polished({{Orbit::s3, 0.0, 0.0, h * 0.144315607677787},
                     {Orbit::s21, 0.459292588292723, 0.0, h * 0.095091634267285},
                     {Orbit::s21, 0.170569307751760, 0.0, h * 0.103217370534718},
                     {Orbit::s21, 0.050547228317031, 0.0, h * 0.032458497623198},
                     {Orbit::s111, 0.008394777409958, 0.263112829634638, h * 0.027230314174435}},
                    8);
  }
  throw std::logic_error("dunavant: no tabulated rule of degree " + std::to_string(degree));
}

// Collapsed (Duffy) rule: r = x (1 - y), s = y maps the unit square onto T with Jacobian
// (1 - y), so Gauss-Legendre in x times Gauss-Jacobi (alpha = 1) in y, n points each, is exact
// for total degree 2n - 1.
TriangleRule collapsed(int n) {
  const LineRule gx = gauss_legendre(n);
  const LineRule gy = gauss_jacobi_01(n, 1);
  TriangleRule rule;
  for (std::size_t j = 0; j < gy.t.size(); ++j) {
    const double y = gy.t[j];
    const double wy = gy.w[j];
    for (std::size_t i = 0; i < gx.t.size(); ++i) {
      rule.r.push_back(gx.t[i] * (1.0 - y));
      rule.s.push_back(y);
      rule.w.push_back(gx.w[i] * wy);
    }
  }
  return rule;
}

TriangleRule build_triangle_rule(int degree) {
  if (degree <= 1) return {{1.0 / 3}, {1.0 / 3}, {0.5}};
  if (degree <= 8) return dunavant(degree + degree % 2); // odd degrees use the next even rule
  return collapsed((degree + 2) / 2);
}

constexpr int max_cached_degree = 14;

} // namespace

TriangleRule triangle_rule(int degree) {
  if (degree < 0)
    throw std::invalid_argument("triangle_rule: negative degree " + std::to_string(degree));
  if (degree > max_cached_degree) return build_triangle_rule(degree);
  static const std::array<TriangleRule, max_cached_degree + 1> cache = [] {
    std::array<TriangleRule, max_cached_degree + 1> c;
    for (int d = 0; d <= max_cached_degree; ++d)
      c[static_cast<std::size_t>(d)] = build_triangle_rule(d);
    return c;
  }();
  return cache[static_cast<std::size_t>(degree)];
}

LineRule gauss_legendre(int n) {
  if (n < 1) throw std::invalid_argument("gauss_legendre: need n >= 1, got " + std::to_string(n));
  return gauss_jacobi_01(n, 0);
}

} // namespace tridg
