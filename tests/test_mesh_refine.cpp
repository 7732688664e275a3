// Uniform refinement and circle-arc detection (no Gmsh needed).
#include <doctest/doctest.h>

#include <cmath>
#include <set>

#include "io/circle_fit.hpp"
#include "io/connectivity.hpp"
#include "io/refine.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using tridg::test::check_invariants;

namespace {

// Every node of the group's edges is on its circle, to `tol` relative to the radius.
double worst_circle_distance(const Mesh& m, const BoundaryGroup& g) {
  double worst = 0;
  for (std::int32_t e = g.first; e < g.first + g.count; ++e)
    for (std::int32_t v : {m.edges[e].n0, m.edges[e].n1})
      worst =
          std::max(worst, std::abs(std::hypot(m.x[v] - g.arc->cx, m.y[v] - g.arc->cy) - g.arc->r) /
                              g.arc->r);
  return worst;
}

} // namespace

TEST_CASE("one refinement: 4x triangles, 2E + 3F edges, V + E nodes, same area and groups") {
  const Mesh m = build_connectivity(test::grid_square(5));
  const Mesh r = refine_uniform(m);
  check_invariants(r);
  CHECK(r.n_elems() == 4 * m.n_elems());
  CHECK(r.n_edges() == 2 * m.n_edges() + 3 * m.n_elems());
  CHECK(r.n_nodes() == m.n_nodes() + m.n_edges());
  CHECK(r.n_boundary_edges == 2 * m.n_boundary_edges);
  REQUIRE(r.groups.size() == m.groups.size());
  for (std::size_t g = 0; g < m.groups.size(); ++g) {
    CHECK(r.groups[g].name == m.groups[g].name);
    CHECK(r.groups[g].count == 2 * m.groups[g].count);
  }
  // Straight-sided children tile the parent exactly (up to round-off).
  CHECK(test::total_area(r) == doctest::Approx(test::total_area(m)).epsilon(1e-14));
  const Mesh r2 = refine_uniform(r);
  check_invariants(r2);
  CHECK(r2.n_edges() == 2 * r.n_edges() + 3 * r.n_elems());
}

TEST_CASE("fit_circle") {
  const double cx = 0.3, cy = -1.2, rad = 2.5;
  std::vector<double> px, py;
  for (int i = 0; i < 7; ++i) {
    const double t = 0.2 + 0.1 * i;
    px.push_back(cx + rad * std::cos(t));
    py.push_back(cy + rad * std::sin(t));
  }
  SUBCASE("points on a circle") {
    const auto arc = fit_circle(px, py);
    REQUIRE(arc.has_value());
    CHECK(arc->cx == doctest::Approx(cx).epsilon(1e-12));
    CHECK(arc->cy == doctest::Approx(cy).epsilon(1e-12));
    CHECK(arc->r == doctest::Approx(rad).epsilon(1e-12));
  }
  SUBCASE("one point off by 1e-7 of the radius") {
    px[3] += 1e-7 * rad;
    CHECK_FALSE(fit_circle(px, py).has_value());
  }
  SUBCASE("three points prove nothing") {
    px.resize(3), py.resize(3);
    CHECK_FALSE(fit_circle(px, py).has_value());
  }
  SUBCASE("collinear points") {
    CHECK_FALSE(fit_circle({0, 1, 2, 3}, {1, 1.5, 2, 2.5}).has_value());
  }
  SUBCASE("an L shape") {
    CHECK_FALSE(fit_circle({0, 1, 2, 2, 2}, {0, 0, 0, 1, 2}).has_value());
  }
}

TEST_CASE("quarter annulus: arcs detected, kept by refinement, new wall nodes on the circles") {
  const Mesh m = build_connectivity(test::quarter_annulus(3, 8));
  check_invariants(m);
  const int inner = m.group_index("inner"), outer = m.group_index("outer");
  REQUIRE(inner >= 0);
  REQUIRE(outer >= 0);
  REQUIRE(m.groups[inner].arc.has_value());
  REQUIRE(m.groups[outer].arc.has_value());
  CHECK(m.groups[inner].arc->r == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(m.groups[outer].arc->r == doctest::Approx(1.384).epsilon(1e-12));
  CHECK(std::abs(m.groups[inner].arc->cx) < 1e-12);
  CHECK(std::abs(m.groups[outer].arc->cy) < 1e-12);
  CHECK_FALSE(m.groups[m.group_index("inlet")].arc.has_value());
  CHECK_FALSE(m.groups[m.group_index("outlet")].arc.has_value());

  Mesh r = m;
  for (int level = 1; level <= 2; ++level) {
    r = refine_uniform(r);
    check_invariants(r);
    for (const char* name : {"inner", "outer"}) {
      const BoundaryGroup& g = r.groups[r.group_index(name)];
      REQUIRE(g.arc.has_value());
      CHECK(g.count == 8 << level);
      CHECK(worst_circle_distance(r, g) <= 1e-12);
    }
    CHECK_FALSE(r.groups[r.group_index("inlet")].arc.has_value());
  }
  // The polygon grows towards the true quarter annulus as wall nodes move onto the circles.
  const double exact = M_PI / 4 * (1.384 * 1.384 - 1.0);
  CHECK(std::abs(test::total_area(r) - exact) < std::abs(test::total_area(m) - exact) / 10);
}

TEST_CASE("periodic square stays without boundary after refinement") {
  const Mesh m = build_connectivity(test::periodic_square(4));
  REQUIRE(m.n_boundary_edges == 0);
  Mesh r = m;
  for (int level = 1; level <= 2; ++level) {
    const Mesh prev = r;
    r = refine_uniform(r);
    check_invariants(r);
    CHECK(r.n_boundary_edges == 0);
    CHECK(r.groups.empty());
    CHECK(r.n_periodic_edges == 2 * prev.n_periodic_edges);
    CHECK(r.n_edges() == 2 * prev.n_edges() + 3 * prev.n_elems());
    CHECK(test::total_area(r) == doctest::Approx(1.0).epsilon(1e-13));
  }
}
