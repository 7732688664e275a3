// Gmsh's high-order (6- and 10-node) triangles: read from .geo and .msh, kept in the prepared
// .h5, refined on the curve, counted by `tridg info`, refused where they are bad, refused by
// `tridg run` while curved, and run like 3-node triangles while straight.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>

#include "cli_run.hpp"
#include "curved_msh.hpp"
#include "final_state.hpp"
#include "io/curved_check.hpp"
#include "io/h5_util.hpp"
#include "io/isoparametric.hpp"
#include "io/mesh_h5.hpp"
#include "io/mesh_info.hpp"
#include "io/mesh_loader.hpp"
#include "io/part_mesh_h5.hpp"
#include "io/partition.hpp"
#include "io/refine.hpp"
#include "mesh_checks.hpp"
#include "parallel/part_mesh.hpp"

using namespace tridg;
using tridg::test::check_invariants;
using tridg::test::check_same_mesh;
using tridg::test::user_error_of;
using tridg_test::quote;
using tridg_test::run_tridg;
using tridg_test::TempDir;
using tridg_test::write_file;

namespace {

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::string fixture(const std::string& name) {
  return fmt::format("{}/meshes/fixtures/{}", TRIDG_SOURCE_DIR, name);
}

// The square [-2, 2]^2 with a hole of radius 1 at the origin ("wall"), meshed at `order`
// without Gmsh's high-order optimisation (its edge nodes sit at equal angles on the circle).
std::string hole_geo(int order) {
  std::string geo =
      "h = 0.8;\nPoint(1) = {0, 0, 0, h};\nPoint(2) = {1, 0, 0, h};\n"
      "Point(3) = {0, 1, 0, h};\nPoint(4) = {-1, 0, 0, h};\nPoint(5) = {0, -1, 0, h};\n"
      "Circle(1) = {2, 1, 3};\nCircle(2) = {3, 1, 4};\nCircle(3) = {4, 1, 5};\n"
      "Circle(4) = {5, 1, 2};\nPoint(6) = {-2, -2, 0, h};\nPoint(7) = {2, -2, 0, h};\n"
      "Point(8) = {2, 2, 0, h};\nPoint(9) = {-2, 2, 0, h};\nLine(5) = {6, 7};\n"
      "Line(6) = {7, 8};\nLine(7) = {8, 9};\nLine(8) = {9, 6};\n"
      "Curve Loop(1) = {5, 6, 7, 8};\nCurve Loop(2) = {1, 2, 3, 4};\n"
      "Plane Surface(1) = {1, 2};\nPhysical Curve(\"wall\") = {1, 2, 3, 4};\n"
      "Physical Curve(\"far\") = {5, 6, 7, 8};\nPhysical Surface(\"fluid\") = {1};\n"
      "Mesh.ElementOrder = ";
  geo += std::to_string(order) + ";\n";
  return geo;
}

// The extra nodes of element k on its local side s (io/isoparametric.hpp's order).
std::vector<std::array<double, 2>> side_nodes(const Mesh& m, std::int32_t k, int s) {
  const CurvedGeometry& g = *m.geometry;
  const int per_side = g.order - 1, per = extra_geometry_nodes(g.order);
  std::vector<std::array<double, 2>> out;
  for (int j = 0; j < per_side; ++j) {
    const std::size_t at = 2 * (std::size_t(k) * std::size_t(per) + std::size_t(s * per_side + j));
    out.push_back({g.nodes[at], g.nodes[at + 1]});
  }
  return out;
}

// The largest of f over the edges of the group "wall".
template <class F> double max_over_wall(const Mesh& m, F&& f) {
  const BoundaryGroup& w = m.groups[std::size_t(m.group_index("wall"))];
  double most = 0;
  for (std::int32_t e = w.first; e < w.first + w.count; ++e)
    most = std::max(most, f(m.edges[std::size_t(e)]));
  return most;
}

// Largest |distance from the origin - 1| over the wall's vertices and high-order nodes.
double wall_deviation(const Mesh& m) {
  return max_over_wall(m, [&](const Edge& ed) {
    double worst = 0;
    for (const std::int32_t v : {ed.n0, ed.n1})
      worst = std::max(worst, std::abs(std::hypot(m.x[std::size_t(v)], m.y[std::size_t(v)]) - 1));
    for (const auto& p : side_nodes(m, ed.left, ed.lside))
      worst = std::max(worst, std::abs(std::hypot(p[0], p[1]) - 1));
    return worst;
  });
}

// Largest angle a wall edge spans.
double widest_wall_angle(const Mesh& m) {
  return max_over_wall(m, [&](const Edge& ed) {
    const double a0 = std::atan2(m.y[std::size_t(ed.n0)], m.x[std::size_t(ed.n0)]);
    const double a1 = std::atan2(m.y[std::size_t(ed.n1)], m.x[std::size_t(ed.n1)]);
    return std::abs(std::remainder(a1 - a0, 2 * M_PI));
  });
}

// Every element of a curved mesh is curved exactly when a node is off its straight position,
// and the counts agree.
void check_geometry_flags(const Mesh& m) {
  REQUIRE(m.geometry);
  std::int64_t curved = 0;
  for (std::int32_t k = 0; k < m.n_elems(); ++k) {
    const ElementShape e = inspect_element(m.geometry->order, mesh_element_nodes(m, k));
    CHECK(e.curved == bool(m.geometry->curved[std::size_t(k)]));
    CHECK(e.jacobian_ratio >= min_jacobian_ratio);
    curved += e.curved;
  }
  CHECK(curved == m.geometry->n_curved);
}

} // namespace

TEST_CASE(".geo with Mesh.ElementOrder 2 and 3: high-order nodes on the circle, through .h5") {
  TempDir d("curved_geo");
  for (int order : {2, 3}) {
    CAPTURE(order);
    write_file(d / "hole.geo", hole_geo(order));
    const Mesh m = load_mesh((d / "hole.geo").string());
    check_invariants(m, 1);
    REQUIRE(m.geometry);
    CHECK(m.geometry->order == order);
    CHECK(m.geometry->nodes.size() ==
          std::size_t(2 * extra_geometry_nodes(order)) * std::size_t(m.n_elems()));
    // Gmsh writes the nodes on the circle; only round-off separates them from it.
    CHECK(wall_deviation(m) <= 1e-14);
    // Exactly the elements with a side on the circle are curved.
    std::vector<char> on_wall(std::size_t(m.n_elems()), 0);
    const BoundaryGroup& w = m.groups[std::size_t(m.group_index("wall"))];
    for (std::int32_t e = w.first; e < w.first + w.count; ++e)
      on_wall[std::size_t(m.edges[std::size_t(e)].left)] = 1;
    for (std::int32_t k = 0; k < m.n_elems(); ++k)
      CHECK(bool(m.geometry->curved[std::size_t(k)]) == bool(on_wall[std::size_t(k)]));
    CHECK(m.geometry->n_curved > 0);
    check_geometry_flags(m);

    const std::string h5 = (d / "hole.h5").string();
    write_mesh_h5(m, h5);
    const Mesh r = read_mesh_h5(h5);
    check_same_mesh(m, r);
    REQUIRE(r.geometry);
    CHECK(r.geometry->order == order);
    CHECK(r.geometry->nodes == m.geometry->nodes);
    CHECK(r.geometry->curved == m.geometry->curved);
    CHECK(r.geometry->n_curved == m.geometry->n_curved);
    CHECK(r.geometry->min_jacobian_ratio == m.geometry->min_jacobian_ratio);
  }
}

TEST_CASE(".msh 2.2 and 4.1 written by Gmsh: the same curved mesh") {
  const Mesh a = load_mesh(fixture("hole_p2_22.msh"));
  const Mesh b = load_mesh(fixture("hole_p2_41.msh"));
  check_same_mesh(a, b);
  REQUIRE(a.geometry);
  REQUIRE(b.geometry);
  CHECK(a.geometry->nodes == b.geometry->nodes);
  CHECK(a.geometry->n_curved > 0);
  CHECK(wall_deviation(a) <= 1e-14);
  const Mesh c = load_mesh(fixture("hole_p3_41.msh"));
  REQUIRE(c.geometry);
  CHECK(c.geometry->order == 3);
  CHECK(c.n_elems() == a.n_elems());
  CHECK(c.geometry->n_curved == a.geometry->n_curved);
  CHECK(wall_deviation(c) <= 1e-14);
  check_geometry_flags(c);
}

TEST_CASE("--refine: refined curved elements stay on the parent's curve") {
  // A refined wall node is a point of its parent's side, which is the Lagrange interpolant of
  // order p of the circle through the side's nodes at equal angles (t = j / p of an arc of angle
  // theta). Each coordinate, R cos or R sin of phi0 + theta t, has a (p+1)-th derivative in t of
  // at most R theta^(p+1), so the interpolation error is at most
  // sqrt(2) R theta^(p+1) / (p+1)! max |prod_j (t - j/p)|, the last factor 1 / (12 sqrt 3) for
  // p = 2 and 1/81 for p = 3: a bound on the refined nodes' distance from the circle.
  TempDir d("curved_refine");
  for (int order : {2, 3}) {
    CAPTURE(order);
    write_file(d / "hole.geo", hole_geo(order));
    const Mesh coarse = load_mesh((d / "hole.geo").string());
    MeshOptions opt;
    opt.refine = 2;
    const Mesh fine = load_mesh((d / "hole.geo").string(), opt);
    check_invariants(fine, 1);
    REQUIRE(fine.geometry);
    CHECK(fine.geometry->order == order);
    // Every child of a curved element is curved (the map is nowhere affine), of a straight one
    // straight.
    CHECK(fine.geometry->n_curved == 16 * coarse.geometry->n_curved);
    check_geometry_flags(fine);
    const double theta = widest_wall_angle(coarse);
    const double omega = order == 2 ? 1 / (12 * std::sqrt(3.0)) : 1.0 / 81;
    const double factorial = order == 2 ? 6 : 24;
    const double bound = std::sqrt(2.0) * std::pow(theta, order + 1) / factorial * omega;
    const double dev = wall_deviation(fine);
    CAPTURE(bound);
    CHECK(dev <= bound);
    // The refined nodes are off the circle (they are on the coarse curve), but not by much more
    // than the bound says: the bound is not vacuous.
    CHECK(dev > bound / 100);
    // The refined mesh through .h5 keeps its geometry.
    write_mesh_h5(fine, (d / "fine.h5").string());
    CHECK(read_mesh_h5((d / "fine.h5").string()).geometry->nodes == fine.geometry->nodes);
  }
}

TEST_CASE("tridg info: curved element count, geometry order, worst Jacobian ratio") {
  const Mesh m = load_mesh(fixture("hole_p3_41.msh"));
  double worst = 1;
  std::int64_t curved = 0;
  for (std::int32_t k = 0; k < m.n_elems(); ++k) {
    const ElementShape e = inspect_element(3, mesh_element_nodes(m, k));
    if (e.curved) ++curved, worst = std::min(worst, e.jacobian_ratio);
  }
  const MeshStats s = mesh_stats(m);
  CHECK(s.geometry_order == 3);
  CHECK(s.curved_elements == curved);
  CHECK(s.min_jacobian_ratio == worst);
  CHECK(worst < 1);
  TempDir d("curved_info");
  const auto r = run_tridg("info --json " + quote(fixture("hole_p3_41.msh")), d.path);
  CHECK(r.code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j.at("geometry_order").get<int>() == 3);
  CHECK(j.at("curved_elements").get<std::int64_t>() == curved);
  CHECK(j.at("min_jacobian_ratio").get<double>() == worst);
  const auto t = run_tridg("info " + quote(fixture("hole_p3_41.msh")), d.path);
  CHECK(contains(t.out, "geometry order   3 (10-node triangles)"));
  CHECK(contains(t.out, fmt::format("curved elements  {}", curved)));
  // A straight mesh says so.
  const MeshStats q = mesh_stats(load_mesh(fixture("square_41.msh")));
  CHECK(q.geometry_order == 1);
  CHECK(q.curved_elements == 0);
  CHECK(q.min_jacobian_ratio == 1);
}

TEST_CASE("a straight mesh's .h5 has no geometry_nodes") {
  TempDir d("curved_straight_h5");
  const std::string h5 = (d / "s.h5").string();
  write_mesh_h5(load_mesh(fixture("square_41.msh")), h5);
  CHECK_FALSE(h5::File::open(h5).exists("geometry_nodes"));
  CHECK_FALSE(read_mesh_h5(h5).geometry);
}

TEST_CASE("straight 6- and 10-node triangles are the 3-node mesh; `run` gives the same bits") {
  TempDir d("curved_straight");
  write_file(d / "p1.msh", test::unit_square_msh(2, 2));
  write_file(d / "p2.msh", test::unit_square_msh(9, 9, 0, true));
  write_file(d / "p3.msh", test::unit_square_msh(21, 21));
  const Mesh p1 = load_mesh((d / "p1.msh").string());
  for (const char* name : {"p2.msh", "p3.msh"}) {
    CAPTURE(name);
    const Mesh m = load_mesh((d / name).string());
    check_same_mesh(p1, m);
    REQUIRE(m.geometry);
    CHECK(m.geometry->n_curved == 0);
    CHECK(m.geometry->min_jacobian_ratio == 1);
  }
  // One group for the whole boundary; a non-uniform start so that the bits say something.
  const auto case_for = [&](const std::string& mesh) {
    return "[physics]\ntype = \"euler\"\n\n[mesh]\nfile = " + quote((d / mesh).string()) +
           "\nrefine = 1\n\n[discretization]\norder = 1\n\n[time]\nsteps = 5\n\n[initial]\n"
           "type = \"expression\"\nrho = \"1 + 0.2*sin(3*x + 2*y)\"\nu = \"0.1\"\nv = \"0\"\n"
           "p = \"1\"\n\n[boundary.wall]\ntype = \"wall\"\n";
  };
  std::vector<tridg_test::Final> finals;
  for (const char* mesh : {"p1.msh", "p2.msh", "p3.msh"}) {
    CAPTURE(mesh);
    write_file(d / "case.toml", case_for(mesh));
    std::string out_name = "o_";
    out_name += mesh;
    const std::string out = (d / out_name).string();
    const auto r =
        run_tridg("run " + quote((d / "case.toml").string()) + " -q -o " + quote(out), d.path);
    INFO(r.err);
    REQUIRE(r.code == 0);
    finals.push_back(tridg_test::read_final(std::filesystem::path(out) / "final.h5"));
  }
  CHECK(finals[1].coeffs == finals[0].coeffs);
  CHECK(finals[2].coeffs == finals[0].coeffs);
  CHECK_FALSE(finals[0].coeffs.empty());
}

TEST_CASE("`tridg run` refuses curved elements: exit 2, how many, what to do") {
  TempDir d("curved_run");
  write_file(d / "case.toml",
             "[physics]\ntype = \"euler\"\n\n[mesh]\nfile = " + quote(fixture("hole_p2_22.msh")) +
                 "\n\n[time]\nsteps = 1\n\n[initial]\ntype = \"constant\"\nrho = 1.0\nu = 0.0\n"
                 "v = 0.0\np = 1.0\n\n[boundary.wall]\ntype = \"wall\"\n\n[boundary.far]\n"
                 "type = \"wall\"\n");
  const Mesh m = load_mesh(fixture("hole_p2_22.msh"));
  const auto r = run_tridg(
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "o").string()), d.path);
  CHECK(r.code == 2);
  const std::string line = r.last_line();
  CHECK(contains(line, fmt::format("tridg: error: {}: ", fixture("hole_p2_22.msh"))));
  CHECK(contains(line,
                 fmt::format("{} of {} elements are curved", m.geometry->n_curved, m.n_elems())));
  CHECK(contains(line, "Mesh.ElementOrder 1"));
}

TEST_CASE("bad high-order elements: one line naming the file and the element") {
  TempDir d("curved_bad");
  struct Case {
    std::string text, expect;
  };
  const Case cases[] = {
      {test::unit_square_msh(9, 9, 0.3), "element 1 (a 6-node triangle) is inverted"},
      {test::unit_square_msh(9, 9, 0.24), "element 1 (a 6-node triangle) is nearly inverted: "
                                          "smallest over largest Jacobian 0.04"},
      {test::unit_square_msh(9, 9, 2.0), "element 1 (a 6-node triangle) has a high-order node 2 "
                                         "off its straight position"},
      {test::unit_square_msh(21, 21, 5.0), "element 1 (a 10-node triangle) has a high-order node"},
      {test::unit_square_msh(2, 9), "element 2 is a 6-node triangle among 3-node triangles"},
      {test::unit_square_msh(21, 9), "element 2 is a 6-node triangle among 10-node triangles"},
      {test::unit_square_msh(23, 2), "element 1 is a 15-node triangle of geometry order 4"},
      {test::unit_square_msh(25, 2), "element 1 is a 21-node triangle of geometry order 5"},
      {test::unit_square_msh(20, 2), "element 1 is an incomplete 9-node triangle"},
      {test::unit_square_msh(2, 22), "element 2 is an incomplete 12-node triangle"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expect);
    const std::string path = (d / "bad.msh").string();
    write_file(path, c.text);
    const std::string msg = user_error_of([&] { load_mesh(path); });
    CHECK(msg.rfind(path + ": ", 0) == 0);
    CHECK_MESSAGE(contains(msg, c.expect), msg);
    CHECK(msg.find('\n') == std::string::npos);
  }
  // A .geo asking Gmsh for order 4: refused after meshing, naming an element.
  write_file(d / "p4.geo", hole_geo(4));
  const std::string p4 = (d / "p4.geo").string();
  const std::string msg = user_error_of([&] { load_mesh(p4); });
  CHECK(msg.rfind(p4 + ": element ", 0) == 0);
  CHECK_MESSAGE(contains(msg, "is a 15-node triangle of geometry order 4"), msg);
  // Lifted less, the element is curved and fine: ratio 1 - 4 lift.
  write_file(d / "ok.msh", test::unit_square_msh(9, 9, 0.1));
  const Mesh m = load_mesh((d / "ok.msh").string());
  CHECK(m.geometry->n_curved == 1);
  CHECK(m.geometry->min_jacobian_ratio == doctest::Approx(0.6).epsilon(1e-12));
}

TEST_CASE("a prepared .h5 whose high-order nodes fold an element is refused") {
  TempDir d("curved_bad_h5");
  write_file(d / "ok.msh", test::unit_square_msh(9, 9, 0.1));
  Mesh m = load_mesh((d / "ok.msh").string());
  // Move the curved element's first edge node through its opposite vertex.
  const std::int32_t k = m.geometry->curved[0] ? 0 : 1;
  const auto& t = m.tri[std::size_t(k)];
  m.geometry->nodes[6 * std::size_t(k)] = m.x[std::size_t(t[2])];
  m.geometry->nodes[6 * std::size_t(k) + 1] = m.y[std::size_t(t[2])];
  const std::string h5 = (d / "bad.h5").string();
  write_mesh_h5(m, h5);
  const std::string msg = user_error_of([&] { read_mesh_h5(h5); });
  CHECK(msg.rfind(fmt::format("{}: element {} (a 6-node triangle, counting from 1) is", h5, k + 1),
                  0) == 0);
}

TEST_CASE("a partitioned curved mesh: a part reads its elements' nodes and refines as the whole") {
  TempDir d("curved_parts");
  const Mesh whole = load_mesh(fixture("hole_p3_41.msh"));
  const std::string two = (d / "two.h5").string();
  write_partition_h5(whole, partition_mesh(whole, 2), two);
  const auto per = std::size_t(2 * extra_geometry_nodes(3));
  std::int64_t owned_curved = 0;
  for (std::int32_t q = 0; q < 2; ++q) {
    CAPTURE(q);
    const Mesh m = read_part_mesh_h5(two, q);
    REQUIRE(m.geometry);
    CHECK(m.geometry->order == 3);
    for (std::int32_t k = 0; k < m.n_elems(); ++k) {
      const auto g = std::size_t(m.part->elem_gid[std::size_t(k)]);
      const auto mine = m.geometry->nodes.begin() + std::ptrdiff_t(per * std::size_t(k));
      CHECK(std::equal(mine, mine + std::ptrdiff_t(per),
                       whole.geometry->nodes.begin() + std::ptrdiff_t(per * g)));
      CHECK(m.geometry->curved[std::size_t(k)] == whole.geometry->curved[g]);
      if (k < m.part->n_owned) owned_curved += m.geometry->curved[std::size_t(k)];
    }
  }
  CHECK(owned_curved == whole.geometry->n_curved);
  // A part refined alone numbers its children as the whole mesh's refinement does: the same
  // nodes, bit for bit.
  const std::string one = (d / "one.h5").string();
  write_partition_h5(whole, partition_mesh(whole, 1), one);
  const Mesh a = load_part_mesh(one, 1, 1'000'000);
  const Mesh b = refine_uniform(whole);
  REQUIRE(a.geometry);
  CHECK(a.geometry->nodes == b.geometry->nodes);
  CHECK(a.geometry->curved == b.geometry->curved);
  CHECK(a.geometry->n_curved == 4 * whole.geometry->n_curved);
  // Each of two parts puts every new vertex where the whole mesh puts it, bit for bit (the
  // middle of a curved side comes from the element of the smaller global number, wherever a
  // part's numbering puts the two).
  std::map<std::pair<std::int64_t, std::int64_t>, std::int32_t> whole_edge;
  for (std::int32_t e = 0; e < whole.n_edges(); ++e) {
    const Edge& ed = whole.edges[std::size_t(e)];
    whole_edge[{std::min(ed.n0, ed.n1), std::max(ed.n0, ed.n1)}] = e;
  }
  int compared = 0;
  for (std::int32_t q = 0; q < 2; ++q) {
    const Mesh m = read_part_mesh_h5(two, q);
    const auto& ng = m.part->node_gid;
    for (std::int32_t e = 0; e < m.n_edges(); ++e) {
      const Edge& ed = m.edges[std::size_t(e)];
      if (ed.right < 0 && m.group_of_edge(e) < 0) continue; // the outermost ghosts' sides
      const std::int64_t g0 = ng[std::size_t(ed.n0)], g1 = ng[std::size_t(ed.n1)];
      const auto it = whole_edge.find({std::min(g0, g1), std::max(g0, g1)});
      REQUIRE(it != whole_edge.end());
      ++compared;
      CHECK(refined_edge_middle(m, e) == refined_edge_middle(whole, it->second));
    }
  }
  CHECK(compared > whole.n_edges());
}

TEST_CASE("a curved side's middle is the same point, bit for bit, from either of its elements") {
  // Refinement puts a new vertex at the middle of each side; a partitioned run refines each part
  // alone, so an edge between parts gets its middle from whichever element its part sees first.
  // Both must give the same bits, or two rank counts would refine to different meshes.
  for (const char* f : {"hole_p2_41.msh", "hole_p3_41.msh"}) {
    CAPTURE(f);
    const Mesh m = load_mesh(fixture(f));
    REQUIRE(m.geometry);
    int curved_sides = 0, differ = 0;
    double off = 0;
    for (const Edge& ed : m.edges) {
      if (ed.right < 0 || !m.geometry->curved[std::size_t(ed.left)]) continue;
      ++curved_sides;
      const auto l = curved_side_middle(m, ed.left, ed.lside);
      const auto r = curved_side_middle(m, ed.right, ed.rside);
      differ += l != r;
      // Still the element map's image of the side's reference middle, to round-off.
      static const double middle[3][2] = {{0.5, 0}, {0.5, 0.5}, {0, 0.5}};
      const auto p = map_point(m.geometry->order, mesh_element_nodes(m, ed.left),
                               middle[ed.lside][0], middle[ed.lside][1]);
      off = std::max(off, std::hypot(p[0] - l[0], p[1] - l[1]));
    }
    CHECK(curved_sides >= 8);
    CHECK(differ == 0);
    CHECK(off < 1e-14);
  }
}
