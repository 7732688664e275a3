// Connectivity building on meshes made in code (no Gmsh needed).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

#include "io/connectivity.hpp"
#include "io/renumber.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using tridg::test::check_invariants;
using tridg::test::grid_square;
using tridg::test::user_error_of;

TEST_CASE("grid square: invariants, edge count, groups, area") {
  const int n = 8;
  const Mesh m = build_connectivity(grid_square(n));
  check_invariants(m);
  CHECK(m.n_nodes() == (n + 1) * (n + 1));
  CHECK(m.n_elems() == 2 * n * n);
  CHECK(m.n_edges() == 3 * n * n + 2 * n); // n(n+1) horizontal + n(n+1) vertical + n^2 diagonal
  CHECK(m.n_boundary_edges == 4 * n);
  CHECK(m.n_periodic_edges == 0);
  REQUIRE(m.groups.size() == 4);
  const char* names[] = {"bottom", "left", "right", "top"};
  for (int g = 0; g < 4; ++g) {
    CHECK(m.groups[g].name == names[g]);
    CHECK(m.groups[g].count == n);
    CHECK_FALSE(m.groups[g].arc.has_value());
    CHECK(m.group_index(names[g]) == g);
  }
  CHECK(m.group_index("nothing") == -1);
  // Every edge of a group lies on its side of the square, normal pointing out.
  for (std::int32_t e = m.groups[0].first; e < m.groups[0].first + m.groups[0].count; ++e) {
    CHECK(m.y[m.edges[e].n0] == 0.0);
    CHECK(m.y[m.edges[e].n1] == 0.0);
    CHECK(m.edges[e].ny == -1.0);
  }
  // The square's area, to round-off of summing 128 O(1e-2) terms.
  CHECK(test::total_area(m) == doctest::Approx(1.0).epsilon(1e-14));
}

TEST_CASE("a square with a square hole: Euler's formula V - E + F = 1 - holes") {
  RawMesh r = grid_square(3, false);
  r.tri.erase(r.tri.begin() + 8, r.tri.begin() + 10); // the two triangles of the middle cell
  r.boundary["hole"] = {{5, 6}, {6, 10}, {10, 9}, {9, 5}};
  const Mesh m = build_connectivity(r);
  check_invariants(m, 1);
  CHECK(m.n_nodes() - m.n_edges() + m.n_elems() == 0);
  CHECK(m.groups[m.group_index("hole")].count == 4);
  // The hole's edges face into the hole: towards its centre (1.5/3, 1.5/3).
  const auto& g = m.groups[m.group_index("hole")];
  for (std::int32_t e = g.first; e < g.first + g.count; ++e) {
    const Edge& ed = m.edges[e];
    const double mx = 0.5 * (m.x[ed.n0] + m.x[ed.n1]), my = 0.5 * (m.y[ed.n0] + m.y[ed.n1]);
    CHECK((0.5 - mx) * ed.nx + (0.5 - my) * ed.ny > 0);
  }
  CHECK(test::total_area(m) == doctest::Approx(1.0 - 1.0 / 9).epsilon(1e-14));
}

TEST_CASE("group_of_edge maps boundary edges to their group and interior edges to -1") {
  const Mesh m = build_connectivity(grid_square(3));
  for (std::size_t g = 0; g < m.groups.size(); ++g)
    for (std::int32_t e = m.groups[g].first; e < m.groups[g].first + m.groups[g].count; ++e)
      CHECK(m.group_of_edge(e) == static_cast<int>(g));
  CHECK(m.group_of_edge(m.n_boundary_edges) == -1);
  CHECK(m.group_of_edge(m.n_edges() - 1) == -1);
  CHECK(m.group_of_edge(-1) == -1);
}

TEST_CASE("building is deterministic") {
  const Mesh a = build_connectivity(grid_square(5)), b = build_connectivity(grid_square(5));
  CHECK(a.tri == b.tri);
  REQUIRE(a.n_edges() == b.n_edges());
  for (std::int32_t e = 0; e < a.n_edges(); ++e) {
    CHECK(a.edges[e].left == b.edges[e].left);
    CHECK(a.edges[e].right == b.edges[e].right);
    CHECK(a.edges[e].nx == b.edges[e].nx);
  }
}

TEST_CASE("renumbering along the Hilbert curve improves locality of a shuffled mesh") {
  RawMesh r = grid_square(32);
  std::mt19937 rng(7);
  std::shuffle(r.tri.begin(), r.tri.end(), rng);
  const Mesh m = build_connectivity(r);
  check_invariants(m);
  // Shuffled: mean |left - right| is about a third of the element count (2048 elements);
  // along the curve, neighbours are mostly a few indices apart.
  CHECK(m.locality_before > 500);
  CHECK(m.locality_after < m.locality_before / 10);
}

TEST_CASE("hilbert_key: the first-order curve and adjacency of consecutive cells") {
  CHECK(hilbert_key(0, 0, 1) == 0);
  CHECK(hilbert_key(0, 1, 1) == 1);
  CHECK(hilbert_key(1, 1, 1) == 2);
  CHECK(hilbert_key(1, 0, 1) == 3);
  const int bits = 4, n = 1 << bits;
  std::vector<std::array<int, 2>> cell(n * n, {-1, -1});
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y) cell[hilbert_key(x, y, bits)] = {x, y};
  for (int d = 1; d < n * n; ++d) {
    REQUIRE(cell[d][0] >= 0);
    CHECK(std::abs(cell[d][0] - cell[d - 1][0]) + std::abs(cell[d][1] - cell[d - 1][1]) == 1);
  }
}

TEST_CASE("periodic square: all boundary edges are matched and vanish with their groups") {
  const int n = 6;
  const Mesh m = build_connectivity(test::periodic_square(n));
  check_invariants(m);
  CHECK(m.n_boundary_edges == 0);
  CHECK(m.groups.empty());
  CHECK(m.n_periodic_edges == 2 * n);
  CHECK(m.n_edges() == 3 * m.n_elems() / 2);
  // Left is the master side (x = 0 or y = 0 nodes in the matching pairs).
  for (const Edge& e : m.edges) {
    const auto& t = m.tri[e.right];
    const std::int32_t a = t[e.rside];
    if (a == e.n1) continue;
    const bool on_master = m.x[e.n0] == 0.0 && m.x[e.n1] == 0.0;
    const bool on_master_y = m.y[e.n0] == 0.0 && m.y[e.n1] == 0.0;
    CHECK((on_master || on_master_y));
  }
}

TEST_CASE("partly periodic: matched groups vanish, the others stay") {
  const int n = 4;
  RawMesh r = grid_square(n);
  for (int k = 0; k <= n; ++k) r.periodic_nodes.push_back({k * (n + 1) + n, k * (n + 1)});
  const Mesh m = build_connectivity(r);
  check_invariants(m);
  REQUIRE(m.groups.size() == 2);
  CHECK(m.groups[0].name == "bottom");
  CHECK(m.groups[1].name == "top");
  CHECK(m.n_periodic_edges == n);
  CHECK(m.n_boundary_edges == 2 * n);
}

TEST_CASE("bad meshes give a UserError that names the source and the problem") {
  SUBCASE("zero-area triangle") {
    RawMesh r = grid_square(2);
    r.x.push_back(2.0), r.y.push_back(0.0);
    r.x.push_back(3.0), r.y.push_back(0.0);
    r.tri.push_back({2, 9, 10}); // (1,0), (2,0), (3,0)
    const std::string msg = user_error_of([&] { build_connectivity(r); });
    CHECK(msg.find("grid_square: ") == 0);
    CHECK(msg.find("triangle 8") != std::string::npos);
    CHECK(msg.find("zero area") != std::string::npos);
    CHECK(msg.find("(2, 0)") != std::string::npos);
  }
  SUBCASE("repeated vertex") {
    RawMesh r = grid_square(2);
    r.tri[3][1] = r.tri[3][0];
    CHECK(user_error_of([&] { build_connectivity(r); }).find("zero area") != std::string::npos);
  }
  SUBCASE("edge shared by three triangles") {
    RawMesh r = grid_square(1, false); // (0,0) (1,0) (0,1) (1,1); diagonal 0-3
    r.x.push_back(2.0), r.y.push_back(-1.0);
    r.tri.push_back({0, 4, 3});
    const std::string msg = user_error_of([&] { build_connectivity(r); });
    CHECK(msg.find("shared by 3 triangles") != std::string::npos);
    CHECK(msg.find("(0, 0)") != std::string::npos);
    CHECK(msg.find("(1, 1)") != std::string::npos);
  }
  SUBCASE("boundary edge in no group, named by its coordinates") {
    RawMesh r = grid_square(2, false);
    r.boundary.erase("left");
    const std::string msg = user_error_of([&] { build_connectivity(r); });
    CHECK(msg.find("no physical group") != std::string::npos);
    CHECK(msg.find("(0, 0.5)") != std::string::npos);
    CHECK(msg.find("(0, ") != std::string::npos);
  }
  SUBCASE("boundary segment in two groups") {
    RawMesh r = grid_square(2, false);
    r.boundary["extra"].push_back(r.boundary["left"][0]);
    CHECK(user_error_of([&] { build_connectivity(r); }).find("two physical groups") !=
          std::string::npos);
  }
  SUBCASE("overlapping (folded) triangles") {
    RawMesh r;
    r.source = "folded";
    r.x = {0, 1, 0, 0.5};
    r.y = {0, 0, 1, 0.25};
    r.tri = {{0, 1, 2}, {0, 1, 3}};
    r.boundary["all"] = {{1, 2}, {2, 0}, {1, 3}, {3, 0}};
    CHECK(user_error_of([&] { build_connectivity(r); }).find("overlap") != std::string::npos);
  }
  SUBCASE("node index out of range") {
    RawMesh r = grid_square(2);
    r.tri[0][2] = 100;
    CHECK(user_error_of([&] { build_connectivity(r); }).find("node 100") != std::string::npos);
  }
  SUBCASE("no triangles") {
    RawMesh r;
    r.source = "empty";
    CHECK(user_error_of([&] { build_connectivity(r); }) == "empty: the mesh contains no triangles");
  }
}

TEST_CASE("a physical line through the interior is ignored") {
  RawMesh r = grid_square(2, false);
  r.boundary["cut"].push_back({1, 4}); // (0.5, 0) - (0.5, 0.5): an interior edge
  const Mesh m = build_connectivity(r);
  CHECK(m.group_index("cut") == -1);
  CHECK(m.groups.size() == 4);
}
