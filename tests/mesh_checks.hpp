#pragma once
// Shared by the mesh tests: small meshes built in code, and the invariants every Mesh must keep.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "io/circle_fit.hpp"
#include "io/error.hpp"
#include "io/mesh.hpp"
#include "io/raw_mesh.hpp"

namespace tridg::test {

// n x n squares on [0,1]^2, each cut into two triangles along alternating diagonals; every third
// triangle is listed clockwise so that orientation fixing is exercised. Interior nodes are moved
// by a smooth displacement when `distort` is set (boundary nodes stay exactly on the square).
inline RawMesh grid_square(int n, bool distort = true) {
  RawMesh r;
  r.source = "grid_square";
  const auto id = [n](int i, int j) { return j * (n + 1) + i; };
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      double x = double(i) / n, y = double(j) / n;
      if (distort && i > 0 && i < n && j > 0 && j < n) {
        const double bump = 0.25 / n * std::sin(M_PI * x) * std::sin(M_PI * y);
        x += bump * std::cos(7 * y);
        y += bump * std::sin(5 * x);
      }
      r.x.push_back(x);
      r.y.push_back(y);
    }
  int count = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int a = id(i, j), b = id(i + 1, j), c = id(i + 1, j + 1), d = id(i, j + 1);
      std::array<std::int32_t, 3> t1{a, b, c}, t2{a, c, d};
      if ((i + j) % 2) t1 = {a, b, d}, t2 = {b, c, d};
      for (auto t : {t1, t2}) {
        if (count++ % 3 == 0) std::swap(t[1], t[2]);
        r.tri.push_back(t);
      }
    }
  for (int i = 0; i < n; ++i) {
    r.boundary["bottom"].push_back({id(i, 0), id(i + 1, 0)});
    r.boundary["top"].push_back({id(i + 1, n), id(i, n)});
    r.boundary["left"].push_back({id(0, i + 1), id(0, i)});
    r.boundary["right"].push_back({id(n, i), id(n, i + 1)});
  }
  return r;
}

// grid_square with left/right and bottom/top joined: (slave, master) pairs from the right and
// top sides onto the left and bottom sides (the corner (1,1) has two masters).
inline RawMesh periodic_square(int n) {
  RawMesh r = grid_square(n, true);
  const auto id = [n](int i, int j) { return j * (n + 1) + i; };
  for (int k = 0; k <= n; ++k) {
    r.periodic_nodes.push_back({id(n, k), id(0, k)});
    r.periodic_nodes.push_back({id(k, n), id(k, 0)});
  }
  return r;
}

// A quarter annulus r0 <= r <= r1 in the first quadrant, nr x nt cells: groups "inner" and
// "outer" (circle arcs, detected), "inlet" (on the y axis), "outlet" (on the x axis).
inline RawMesh quarter_annulus(int nr, int nt, double r0 = 1.0, double r1 = 1.384) {
  RawMesh r;
  r.source = "quarter_annulus";
  const auto id = [nr](int i, int j) { return j * (nr + 1) + i; };
  for (int j = 0; j <= nt; ++j)
    for (int i = 0; i <= nr; ++i) {
      const double rad = r0 + (r1 - r0) * i / nr, th = M_PI / 2 * j / nt;
      r.x.push_back(j == nt ? 0.0 : rad * std::cos(th));
      r.y.push_back(j == 0 ? 0.0 : rad * std::sin(th));
    }
  for (int j = 0; j < nt; ++j)
    for (int i = 0; i < nr; ++i) {
      const int a = id(i, j), b = id(i + 1, j), c = id(i + 1, j + 1), d = id(i, j + 1);
      r.tri.push_back({a, b, c});
      r.tri.push_back({a, c, d});
    }
  for (int j = 0; j < nt; ++j) {
    r.boundary["inner"].push_back({id(0, j + 1), id(0, j)});
    r.boundary["outer"].push_back({id(nr, j), id(nr, j + 1)});
  }
  for (int i = 0; i < nr; ++i) {
    r.boundary["outlet"].push_back({id(i, 0), id(i + 1, 0)});
    r.boundary["inlet"].push_back({id(i + 1, nt), id(i, nt)});
  }
  detect_arcs(r);
  return r;
}

inline double signed_area(const Mesh& m, std::int32_t k) {
  const auto& t = m.tri[k];
  return 0.5 * ((m.x[t[1]] - m.x[t[0]]) * (m.y[t[2]] - m.y[t[0]]) -
                (m.x[t[2]] - m.x[t[0]]) * (m.y[t[1]] - m.y[t[0]]));
}

inline std::array<double, 2> centroid(const Mesh& m, std::int32_t k) {
  const auto& t = m.tri[k];
  return {(m.x[t[0]] + m.x[t[1]] + m.x[t[2]]) / 3, (m.y[t[0]] + m.y[t[1]] + m.y[t[2]]) / 3};
}

inline double total_area(const Mesh& m) {
  double a = 0;
  for (std::int32_t k = 0; k < m.n_elems(); ++k) a += signed_area(m, k);
  return a;
}

// The invariants of io/mesh.hpp. `holes` is the number of holes of a non-periodic domain (for
// Euler's formula V - E + F = 1 - holes, with F the triangles).
inline void check_invariants(const Mesh& m, int holes = 0) {
  const std::int32_t ne = m.n_elems(), nd = m.n_edges(), nb = m.n_boundary_edges;
  REQUIRE(ne > 0);
  REQUIRE(m.elem_edges.size() == m.tri.size());
  // Counter-clockwise, non-degenerate.
  for (std::int32_t k = 0; k < ne; ++k) REQUIRE(signed_area(m, k) > 0);
  // Each side of each element belongs to exactly one edge: 3 F = 2 E - B.
  CHECK(3 * ne == 2 * nd - nb);
  if (m.n_periodic_edges == 0) CHECK(m.n_nodes() - nd + ne == 1 - holes);
  // Boundary edges first, grouped, groups sorted by name and contiguous.
  std::int32_t next = 0;
  for (std::size_t g = 0; g < m.groups.size(); ++g) {
    CHECK(m.groups[g].first == next);
    CHECK(m.groups[g].count > 0);
    if (g > 0) CHECK(m.groups[g - 1].name < m.groups[g].name);
    next += m.groups[g].count;
  }
  CHECK(next == nb);
  std::int32_t last_low = -1;
  std::int32_t periodic = 0;
  for (std::int32_t i = 0; i < nd; ++i) {
    const Edge& e = m.edges[i];
    REQUIRE(e.left >= 0);
    REQUIRE(e.left < ne);
    CHECK((i < nb) == (e.right < 0));
    CHECK(m.elem_edges[e.left][e.lside] == i);
    CHECK(e.n0 == m.tri[e.left][e.lside]);
    CHECK(e.n1 == m.tri[e.left][(e.lside + 1) % 3]);
    const double dx = m.x[e.n1] - m.x[e.n0], dy = m.y[e.n1] - m.y[e.n0];
    CHECK(e.length == doctest::Approx(std::hypot(dx, dy)).epsilon(1e-14));
    CHECK(std::hypot(e.nx, e.ny) == doctest::Approx(1.0).epsilon(1e-14));
    CHECK(std::abs(e.nx * dx + e.ny * dy) <= 1e-14 * e.length);
    const auto cl = centroid(m, e.left);
    const double mx = 0.5 * (m.x[e.n0] + m.x[e.n1]), my = 0.5 * (m.y[e.n0] + m.y[e.n1]);
    CHECK((mx - cl[0]) * e.nx + (my - cl[1]) * e.ny > 0); // outward from the left
    if (i < nb) {
      CHECK(m.group_of_edge(i) >= 0);
      continue;
    }
    CHECK(m.group_of_edge(i) == -1);
    REQUIRE(e.right < ne);
    CHECK(m.elem_edges[e.right][e.rside] == i);
    const auto low = std::min(e.left, e.right);
    CHECK(low >= last_low); // interior edges ordered by their lower element
    last_low = low;
    const std::int32_t a = m.tri[e.right][e.rside], b = m.tri[e.right][(e.rside + 1) % 3];
    if (a == e.n1 && b == e.n0) {
      const auto cr = centroid(m, e.right);
      CHECK((cr[0] - cl[0]) * e.nx + (cr[1] - cl[1]) * e.ny > 0); // from left to right
    } else {
      ++periodic; // the right element's own copy of the edge: same length, opposite normal
      const double rx = m.x[b] - m.x[a], ry = m.y[b] - m.y[a];
      CHECK(std::hypot(rx, ry) == doctest::Approx(e.length).epsilon(1e-12));
      CHECK(std::abs(rx + dx) <= 1e-12 * e.length);
      CHECK(std::abs(ry + dy) <= 1e-12 * e.length);
    }
  }
  CHECK(periodic == m.n_periodic_edges);
  // Closed elements: sum of length * outward normal over the three sides vanishes (round-off of
  // a few operations on O(1) numbers, relative to the perimeter).
  double worst = 0;
  for (std::int32_t k = 0; k < ne; ++k) {
    double sx = 0, sy = 0, perim = 0;
    for (int s = 0; s < 3; ++s) {
      const Edge& e = m.edges[m.elem_edges[k][s]];
      const double sign = e.left == k && e.lside == s ? 1.0 : -1.0;
      sx += sign * e.length * e.nx;
      sy += sign * e.length * e.ny;
      perim += e.length;
    }
    worst = std::max(worst, std::hypot(sx, sy) / perim);
  }
  CHECK(worst <= 1e-13);
}

// The same mesh bit for bit: nodes, triangles, edges with their sides and normals, groups.
inline void check_same_mesh(const Mesh& a, const Mesh& b) {
  CHECK(a.x == b.x);
  CHECK(a.y == b.y);
  CHECK(a.tri == b.tri);
  CHECK(a.elem_edges == b.elem_edges);
  REQUIRE(a.n_edges() == b.n_edges());
  for (std::int32_t e = 0; e < a.n_edges(); ++e) {
    CHECK(a.edges[e].left == b.edges[e].left);
    CHECK(a.edges[e].right == b.edges[e].right);
    CHECK(a.edges[e].lside == b.edges[e].lside);
    CHECK(a.edges[e].rside == b.edges[e].rside);
    CHECK(a.edges[e].nx == b.edges[e].nx);
    CHECK(a.edges[e].ny == b.edges[e].ny);
    CHECK(a.edges[e].length == b.edges[e].length);
  }
  REQUIRE(a.groups.size() == b.groups.size());
  for (std::size_t g = 0; g < a.groups.size(); ++g) {
    CHECK(a.groups[g].name == b.groups[g].name);
    CHECK(a.groups[g].first == b.groups[g].first);
    CHECK(a.groups[g].count == b.groups[g].count);
  }
}

// Runs f and returns the UserError message (fails the test when nothing or something else is
// thrown).
template <class F> std::string user_error_of(F&& f, ExitCode code = ExitCode::bad_mesh) {
  try {
    f();
  } catch (const UserError& e) {
    CHECK(e.code() == code);
    return e.what();
  }
  FAIL("no UserError was thrown");
  return {};
}

} // namespace tridg::test
