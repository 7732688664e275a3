#include "io/isoparametric.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "io/error.hpp"

namespace tridg {

namespace {

constexpr int max_nodes = 10;

void check_order(int order) {
  if (order < 1 || order > 3)
    fail(ExitCode::internal, "isoparametric geometry of order " + std::to_string(order));
}

// The Lagrange basis of one order as coefficients over the monomials r^a s^b (a + b <= order):
// the inverse of the Vandermonde matrix at the reference nodes. Computed once per order; the
// matrices are at most 10 x 10, so plain Gauss-Jordan with partial pivoting is exact enough
// (the nodes are equispaced and few).
struct Basis {
  int n = 0;
  std::vector<std::array<int, 2>> powers;
  double coef[max_nodes][max_nodes] = {}; // coef[j][i]: monomial j of shape function i
};

std::vector<std::array<double, 2>> make_reference_nodes(int order) {
  if (order == 1) return {{0, 0}, {1, 0}, {0, 1}};
  if (order == 2) return {{0, 0}, {1, 0}, {0, 1}, {0.5, 0}, {0.5, 0.5}, {0, 0.5}};
  const double a = 1.0 / 3, b = 2.0 / 3;
  return {{0, 0}, {1, 0}, {0, 1}, {a, 0}, {b, 0}, {b, a}, {a, b}, {0, b}, {0, a}, {a, a}};
}

Basis make_basis(int order) {
  Basis B;
  const auto& nodes = reference_nodes(order);
  B.n = static_cast<int>(nodes.size());
  for (int d = 0; d <= order; ++d)
    for (int b = 0; b <= d; ++b) B.powers.push_back({d - b, b});
  double v[max_nodes][2 * max_nodes] = {};
  for (int i = 0; i < B.n; ++i) {
    for (int j = 0; j < B.n; ++j)
      v[i][j] = std::pow(nodes[std::size_t(i)][0], B.powers[std::size_t(j)][0]) *
                std::pow(nodes[std::size_t(i)][1], B.powers[std::size_t(j)][1]);
    v[i][B.n + i] = 1;
  }
  for (int c = 0; c < B.n; ++c) {
    int p = c;
    for (int i = c + 1; i < B.n; ++i)
      if (std::abs(v[i][c]) > std::abs(v[p][c])) p = i;
    std::swap(v[c], v[p]);
    const double d = v[c][c];
    for (int j = 0; j < 2 * B.n; ++j) v[c][j] /= d;
    for (int i = 0; i < B.n; ++i)
      if (i != c) {
        const double f = v[i][c];
        for (int j = 0; j < 2 * B.n; ++j) v[i][j] -= f * v[c][j];
      }
  }
  for (int j = 0; j < B.n; ++j)
    for (int i = 0; i < B.n; ++i) B.coef[j][i] = v[j][B.n + i];
  return B;
}

const Basis& basis(int order) {
  check_order(order);
  static const Basis b[3] = {make_basis(1), make_basis(2), make_basis(3)};
  return b[order - 1];
}

// r^a s^b and its two derivatives.
double mono(double r, double s, int a, int b) {
  return std::pow(r, a) * std::pow(s, b);
}
double mono_r(double r, double s, int a, int b) {
  return a == 0 ? 0.0 : a * std::pow(r, a - 1) * std::pow(s, b);
}
double mono_s(double r, double s, int a, int b) {
  return b == 0 ? 0.0 : b * std::pow(r, a) * std::pow(s, b - 1);
}

// Shape functions (what = 0), or their r (1) or s (2) derivatives, at (r, s).
void shape(const Basis& B, double r, double s, int what, double* out) {
  double m[max_nodes];
  for (int j = 0; j < B.n; ++j) {
    const auto [a, b] = B.powers[std::size_t(j)];
    m[j] = what == 0 ? mono(r, s, a, b) : what == 1 ? mono_r(r, s, a, b) : mono_s(r, s, a, b);
  }
  for (int i = 0; i < B.n; ++i) {
    double v = 0;
    for (int j = 0; j < B.n; ++j) v += B.coef[j][i] * m[j];
    out[i] = v;
  }
}

} // namespace

int geometry_nodes_of_order(int order) {
  check_order(order);
  return (order + 1) * (order + 2) / 2;
}

int extra_geometry_nodes(int order) {
  return geometry_nodes_of_order(order) - 3;
}

const std::vector<std::array<double, 2>>& reference_nodes(int order) {
  check_order(order);
  static const std::vector<std::array<double, 2>> n[3] = {
      make_reference_nodes(1), make_reference_nodes(2), make_reference_nodes(3)};
  return n[order - 1];
}

std::array<double, 6> triangle_vertices(const std::vector<double>& x, const std::vector<double>& y,
                                        const std::array<std::int32_t, 3>& t) {
  const auto a = std::size_t(t[0]), b = std::size_t(t[1]), c = std::size_t(t[2]);
  return {x[a], y[a], x[b], y[b], x[c], y[c]};
}

ElementNodes element_nodes(int order, const std::array<double, 6>& vertices, const double* extra) {
  ElementNodes n(vertices.begin(), vertices.end());
  n.insert(n.end(), extra, extra + 2 * extra_geometry_nodes(order));
  return n;
}

std::array<double, 2> map_point(int order, const ElementNodes& nodes, double r, double s) {
  const Basis& B = basis(order);
  double phi[max_nodes];
  shape(B, r, s, 0, phi);
  double x = 0, y = 0;
  for (int i = 0; i < B.n; ++i)
    x += phi[i] * nodes[2 * std::size_t(i)], y += phi[i] * nodes[2 * std::size_t(i) + 1];
  return {x, y};
}

double jacobian_determinant(int order, const ElementNodes& nodes, double r, double s) {
  const Basis& B = basis(order);
  double dr[max_nodes], ds[max_nodes];
  shape(B, r, s, 1, dr);
  shape(B, r, s, 2, ds);
  double xr = 0, xs = 0, yr = 0, ys = 0;
  for (int i = 0; i < B.n; ++i) {
    const double x = nodes[2 * std::size_t(i)], y = nodes[2 * std::size_t(i) + 1];
    xr += dr[i] * x, xs += ds[i] * x, yr += dr[i] * y, ys += ds[i] * y;
  }
  return xr * ys - xs * yr;
}

ElementShape inspect_element(int order, const ElementNodes& nodes) {
  ElementShape e;
  const double x0 = nodes[0], y0 = nodes[1];
  const double ax = nodes[2] - x0, ay = nodes[3] - y0, bx = nodes[4] - x0, by = nodes[5] - y0;
  e.longest_edge = std::sqrt(std::max(
      {ax * ax + ay * ay, bx * bx + by * by, (bx - ax) * (bx - ax) + (by - ay) * (by - ay)}));
  double straight[2 * (max_nodes - 3)];
  straight_extra_nodes(order, {nodes[0], nodes[1], nodes[2], nodes[3], nodes[4], nodes[5]},
                       straight);
  for (int i = 0; i < extra_geometry_nodes(order); ++i) {
    const double d = std::hypot(nodes[2 * std::size_t(i) + 6] - straight[2 * i],
                                nodes[2 * std::size_t(i) + 7] - straight[2 * i + 1]);
    e.max_offset = std::max(e.max_offset, std::isnan(d) ? INFINITY : d);
  }
  e.curved = !(e.max_offset <= curved_tolerance * e.longest_edge);
  if (!e.curved) return e;
  // The determinant is a polynomial of degree 2 (order - 1), sampled on the lattice of order
  // 2 * order: a sign change or a small ratio between the samples is what is checked, not
  // proven absent between them (a bound by its Bezier coefficients would prove it).
  const double sign = ax * by - ay * bx < 0 ? -1.0 : 1.0;
  const int m = 2 * order;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (int i = 0; i <= m; ++i)
    for (int j = 0; i + j <= m; ++j) {
      const double d = sign * jacobian_determinant(order, nodes, double(i) / m, double(j) / m);
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
  e.jacobian_ratio = hi > 0 && std::isfinite(lo) ? lo / hi : -1.0;
  return e;
}

void reverse_extra_nodes(int order, double* extra) {
  check_order(order);
  if (order == 1) return;
  const int per_edge = order - 1;
  const int n = extra_geometry_nodes(order);
  std::vector<double> old(extra, extra + 2 * n);
  // New edge 0 is old edge 2 reversed (v0 -> v2), new edge 1 old edge 1 reversed (v2 -> v1),
  // new edge 2 old edge 0 reversed (v1 -> v0); the interior node stays.
  const int from_edge[3] = {2, 1, 0};
  for (int e = 0; e < 3; ++e)
    for (int k = 0; k < per_edge; ++k) {
      const int src = from_edge[e] * per_edge + (per_edge - 1 - k), dst = e * per_edge + k;
      extra[2 * dst] = old[2 * std::size_t(src)];
      extra[2 * dst + 1] = old[2 * std::size_t(src) + 1];
    }
}

void straight_extra_nodes(int order, const std::array<double, 6>& v, double* extra) {
  const auto& ref = reference_nodes(order);
  for (std::size_t i = 3; i < ref.size(); ++i)
    for (std::size_t c = 0; c < 2; ++c)
      extra[2 * (i - 3) + c] = v[c] + ref[i][0] * (v[2 + c] - v[c]) + ref[i][1] * (v[4 + c] - v[c]);
}

void child_extra_nodes(int order, const ElementNodes& parent, int c, double* extra) {
  // The child's corners in the parent's reference triangle (r, s of each).
  static const std::array<double, 6> corners[4] = {{0, 0, 0.5, 0, 0, 0.5},
                                                   {0.5, 0, 1, 0, 0.5, 0.5},
                                                   {0, 0.5, 0.5, 0.5, 0, 1},
                                                   {0.5, 0, 0.5, 0.5, 0, 0.5}};
  if (c < 0 || c > 3) fail(ExitCode::internal, "child_extra_nodes: no child " + std::to_string(c));
  // The child's nodes in the parent's reference triangle, then through the parent's map.
  straight_extra_nodes(order, corners[c], extra);
  for (int i = 0; i < extra_geometry_nodes(order); ++i) {
    const auto p = map_point(order, parent, extra[2 * i], extra[2 * i + 1]);
    extra[2 * i] = p[0];
    extra[2 * i + 1] = p[1];
  }
}

} // namespace tridg
