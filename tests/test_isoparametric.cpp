// The isoparametric map of 6- and 10-node triangles (io/isoparametric.hpp) and what the mesh
// builder and refinement do with it (io/curved_check.hpp, io/connectivity.hpp, io/refine.hpp).
#include <doctest/doctest.h>

#include <cmath>

#include "io/connectivity.hpp"
#include "io/curved_check.hpp"
#include "io/isoparametric.hpp"
#include "io/refine.hpp"
#include "mesh_checks.hpp"

using namespace tridg;

namespace {

// The nodes of the reference element mapped by (r, s) -> f(r, s).
template <class F> ElementNodes mapped_nodes(int order, F f) {
  ElementNodes n;
  for (const auto& p : reference_nodes(order)) {
    const auto q = f(p[0], p[1]);
    n.push_back(q[0]);
    n.push_back(q[1]);
  }
  return n;
}

// The unit square as two triangles, the first clockwise, with straight extra nodes, optionally
// with the middle of the first triangle's first side moved by `lift` (order 2 only).
RawMesh square(int order, double lift = 0) {
  RawMesh r;
  r.source = "square";
  r.x = {0, 1, 1, 0};
  r.y = {0, 0, 1, 1};
  r.tri = {{0, 3, 1}, {1, 2, 3}};
  r.boundary["wall"] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
  r.geometry_order = order;
  for (const auto& t : r.tri) {
    const std::array<double, 6> v = {r.x[t[0]], r.y[t[0]], r.x[t[1]],
                                     r.y[t[1]], r.x[t[2]], r.y[t[2]]};
    const auto& ref = reference_nodes(order);
    for (std::size_t i = 3; i < ref.size(); ++i)
      for (int c = 0; c < 2; ++c)
        r.geometry_nodes.push_back(v[c] + ref[i][0] * (v[2 + c] - v[c]) +
                                   ref[i][1] * (v[4 + c] - v[c]));
  }
  r.geometry_nodes[0] += lift; // x of (0, 0.5), the middle of the side from (0,0) to (0,1)
  return r;
}

} // namespace

TEST_CASE("the map reproduces polynomials of its order; its Jacobian is their derivative") {
  for (int order : {1, 2, 3}) {
    CAPTURE(order);
    const auto f = [order](double r, double s) {
      return std::array<double, 2>{1 + 2 * r - s + (order > 1 ? r * s : 0) +
                                       (order > 2 ? r * r * s : 0),
                                   3 * s + r - (order > 1 ? s * s : 0)};
    };
    const ElementNodes n = mapped_nodes(order, f);
    for (double r : {0.0, 0.1, 0.4}) {
      for (double s : {0.0, 0.25, 0.5}) {
        const auto p = map_point(order, n, r, s);
        const auto q = f(r, s);
        CHECK(std::abs(p[0] - q[0]) <= 1e-14);
        CHECK(std::abs(p[1] - q[1]) <= 1e-14);
        const double xr = 2 + (order > 1 ? s : 0) + (order > 2 ? 2 * r * s : 0);
        const double xs = -1 + (order > 1 ? r : 0) + (order > 2 ? r * r : 0);
        const double yr = 1, ys = 3 - (order > 1 ? 2 * s : 0);
        CHECK(std::abs(jacobian_determinant(order, n, r, s) - (xr * ys - xs * yr)) <= 1e-13);
      }
    }
  }
}

TEST_CASE("reversed extra nodes describe the same element with vertices 1 and 2 swapped") {
  for (int order : {2, 3}) {
    CAPTURE(order);
    const ElementNodes n = mapped_nodes(order, [](double r, double s) {
      return std::array<double, 2>{r + 0.1 * s * s, s + 0.2 * r * r};
    });
    std::vector<double> extra(n.begin() + 6, n.end());
    reverse_extra_nodes(order, extra.data());
    const ElementNodes m = element_nodes(order, {n[0], n[1], n[4], n[5], n[2], n[3]}, extra.data());
    // The point (r, s) of the first is (s, r) of the second.
    for (double r : {0.0, 0.2, 0.7})
      for (double s : {0.0, 0.1, 0.3}) {
        const auto p = map_point(order, n, r, s), q = map_point(order, m, s, r);
        CHECK(std::abs(p[0] - q[0]) <= 1e-14);
        CHECK(std::abs(p[1] - q[1]) <= 1e-14);
      }
  }
}

TEST_CASE("children's extra nodes are the parent's map at the children's nodes") {
  const int order = 3;
  const ElementNodes p = mapped_nodes(order, [](double r, double s) {
    return std::array<double, 2>{r + 0.1 * s * s * r, s + 0.2 * r * r};
  });
  static const double corner[4][3][2] = {{{0, 0}, {0.5, 0}, {0, 0.5}},
                                         {{0.5, 0}, {1, 0}, {0.5, 0.5}},
                                         {{0, 0.5}, {0.5, 0.5}, {0, 1}},
                                         {{0.5, 0}, {0.5, 0.5}, {0, 0.5}}};
  for (int c = 0; c < 4; ++c) {
    std::vector<double> extra(14);
    child_extra_nodes(order, p, c, extra.data());
    // The child's own map at its nodes' reference points is the parent's there.
    const auto& k = corner[c];
    const auto& ref = reference_nodes(order);
    for (std::size_t i = 3; i < ref.size(); ++i) {
      const double r = k[0][0] + ref[i][0] * (k[1][0] - k[0][0]) + ref[i][1] * (k[2][0] - k[0][0]);
      const double s = k[0][1] + ref[i][0] * (k[1][1] - k[0][1]) + ref[i][1] * (k[2][1] - k[0][1]);
      const auto q = map_point(order, p, r, s);
      CHECK(extra[2 * (i - 3)] == q[0]);
      CHECK(extra[2 * (i - 3) + 1] == q[1]);
    }
  }
}

TEST_CASE("the mesh builder turns clockwise elements with their nodes; refinement keeps straight "
          "elements straight and curved ones on their curve") {
  for (int order : {2, 3}) {
    CAPTURE(order);
    const Mesh m = build_connectivity(square(order));
    REQUIRE(m.geometry);
    CHECK(m.geometry->n_curved == 0);
    for (std::int32_t k = 0; k < m.n_elems(); ++k)
      CHECK_FALSE(inspect_element(order, mesh_element_nodes(m, k)).curved);
    const Mesh f = refine_uniform(refine_uniform(m));
    REQUIRE(f.geometry);
    CHECK(f.geometry->n_curved == 0);
    test::check_invariants(f);
  }
  // The clockwise triangle's side from (0,0) to (0,1) bulges out to x = -0.1 at its middle.
  const Mesh m = build_connectivity(square(2, -0.1));
  CHECK(m.geometry->n_curved == 1);
  const Mesh f = refine_uniform(m);
  CHECK(f.geometry->n_curved == 4);
  // The refined nodes on x = 0's side lie on the parabola x = -0.4 y (1 - y) of the parent.
  int on_side = 0;
  for (std::int32_t k = 0; k < f.n_elems(); ++k) {
    const ElementNodes n = mesh_element_nodes(f, k);
    for (std::size_t i = 0; i < n.size(); i += 2)
      if (n[i] < 0 || (n[i] == 0 && n[i + 1] > 0 && n[i + 1] < 1)) {
        ++on_side;
        CHECK(std::abs(n[i] + 0.4 * n[i + 1] * (1 - n[i + 1])) <= 1e-15);
      }
  }
  CHECK(on_side >= 5);
}
