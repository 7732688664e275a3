// The prepared mesh file, load_mesh on it, and mesh statistics (no Gmsh needed).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "io/connectivity.hpp"
#include "io/h5_util.hpp"
#include "io/mesh_h5.hpp"
#include "io/mesh_info.hpp"
#include "io/mesh_loader.hpp"
#include "io/refine.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using tridg::test::user_error_of;
namespace fs = std::filesystem;

namespace {

// A fresh folder per test process, removed at exit.
struct TempDir {
  fs::path dir;
  TempDir() {
    dir = fs::temp_directory_path() / ("tridg_test_mesh_h5_" + std::to_string(::getpid()));
    fs::create_directories(dir);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string operator/(const std::string& name) const { return (dir / name).string(); }
};
const TempDir tmp;

void check_identical(const Mesh& a, const Mesh& b) {
  CHECK(a.x == b.x);
  CHECK(a.y == b.y);
  CHECK(a.tri == b.tri);
  CHECK(a.elem_edges == b.elem_edges);
  CHECK(a.n_boundary_edges == b.n_boundary_edges);
  CHECK(a.n_periodic_edges == b.n_periodic_edges);
  CHECK(a.locality_before == b.locality_before);
  CHECK(a.locality_after == b.locality_after);
  REQUIRE(a.edges.size() == b.edges.size());
  for (std::size_t i = 0; i < a.edges.size(); ++i) {
    const Edge &p = a.edges[i], &q = b.edges[i];
    CHECK(p.n0 == q.n0);
    CHECK(p.n1 == q.n1);
    CHECK(p.left == q.left);
    CHECK(p.right == q.right);
    CHECK(p.lside == q.lside);
    CHECK(p.rside == q.rside);
    CHECK(p.nx == q.nx);
    CHECK(p.ny == q.ny);
    CHECK(p.length == q.length);
  }
  REQUIRE(a.groups.size() == b.groups.size());
  for (std::size_t g = 0; g < a.groups.size(); ++g) {
    CHECK(a.groups[g].name == b.groups[g].name);
    CHECK(a.groups[g].first == b.groups[g].first);
    CHECK(a.groups[g].count == b.groups[g].count);
    REQUIRE(a.groups[g].arc.has_value() == b.groups[g].arc.has_value());
    if (a.groups[g].arc) {
      CHECK(a.groups[g].arc->cx == b.groups[g].arc->cx);
      CHECK(a.groups[g].arc->cy == b.groups[g].arc->cy);
      CHECK(a.groups[g].arc->r == b.groups[g].arc->r);
    }
  }
}

// Writes a mesh damaged in memory and returns the reader's complaint.
template <class F> std::string error_after(F&& damage) {
  Mesh m = build_connectivity(test::quarter_annulus(2, 4));
  damage(m);
  const std::string path = tmp / "damaged.h5";
  write_mesh_h5(m, path);
  const std::string msg = user_error_of([&] { read_mesh_h5(path); });
  CHECK(msg.find(path + ": ") == 0);
  return msg;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("round trip: write then read gives the identical mesh") {
  SUBCASE("grid") {
    const Mesh m = build_connectivity(test::grid_square(6));
    write_mesh_h5(m, tmp / "grid.h5");
    check_identical(m, read_mesh_h5(tmp / "grid.h5"));
  }
  SUBCASE("curved walls") {
    const Mesh m = build_connectivity(test::quarter_annulus(3, 7));
    write_mesh_h5(m, tmp / "annulus.h5");
    const Mesh back = read_mesh_h5(tmp / "annulus.h5");
    check_identical(m, back);
    CHECK(back.groups[back.group_index("inner")].arc.has_value());
  }
  SUBCASE("periodic, no boundary groups at all") {
    const Mesh m = build_connectivity(test::periodic_square(5));
    REQUIRE(m.groups.empty());
    write_mesh_h5(m, tmp / "periodic.h5");
    check_identical(m, read_mesh_h5(tmp / "periodic.h5"));
  }
  CHECK_FALSE(fs::exists(tmp / "grid.h5.tmp"));
}

TEST_CASE("writing replaces an existing file and leaves no temporary behind") {
  const std::string path = tmp / "replace.h5";
  write_mesh_h5(build_connectivity(test::grid_square(2)), path);
  const Mesh m = build_connectivity(test::grid_square(3));
  write_mesh_h5(m, path);
  check_identical(m, read_mesh_h5(path));
  CHECK_FALSE(fs::exists(path + ".tmp"));
}

TEST_CASE("writing into a missing folder is an io_error naming the file") {
  const std::string path = tmp / "no/such/folder/m.h5";
  const std::string msg = user_error_of(
      [&] { write_mesh_h5(build_connectivity(test::grid_square(2)), path); }, ExitCode::io_error);
  CHECK(contains(msg, path));
}

TEST_CASE("load_mesh reads .h5 and applies refinement") {
  const Mesh m = build_connectivity(test::grid_square(4));
  write_mesh_h5(m, tmp / "load.h5");
  check_identical(m, load_mesh(tmp / "load.h5"));
  MeshOptions opt;
  opt.refine = 2;
  const Mesh r = load_mesh(tmp / "load.h5", opt);
  test::check_invariants(r);
  CHECK(r.n_elems() == 16 * m.n_elems());
  CHECK(contains(user_error_of([&] { load_mesh(tmp / "mesh.vtk"); }), "unknown mesh file type"));
  opt.refine = -1;
  CHECK(contains(user_error_of([&] { load_mesh(tmp / "load.h5", opt); }), "refine"));
  if (!have_gmsh()) {
    const std::string msg = user_error_of([&] { load_mesh(tmp / "x.msh"); });
    CHECK(contains(msg, "no Gmsh"));
  }
}

TEST_CASE("damaged or foreign files give clean errors naming the file") {
  SUBCASE("missing file") {
    const std::string path = tmp / "missing.h5";
    CHECK(user_error_of([&] { read_mesh_h5(path); }) == path + ": no such file");
  }
  SUBCASE("not HDF5") {
    const std::string path = tmp / "text.h5";
    std::ofstream(path) << "hello\n";
    CHECK(user_error_of([&] { read_mesh_h5(path); }) == path + ": not an HDF5 file");
  }
  SUBCASE("truncated") {
    const std::string path = tmp / "full.h5", cut = tmp / "cut.h5";
    write_mesh_h5(build_connectivity(test::grid_square(10)), path);
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    CHECK(contains(user_error_of([&] { read_mesh_h5(cut); }), cut + ": "));
  }
  SUBCASE("HDF5 but not a tridg mesh") {
    const std::string path = tmp / "other.h5";
    {
      h5::File f = h5::File::create(path);
      f.write("x", std::vector<double>{1, 2, 3});
      f.close();
    }
    CHECK(contains(user_error_of([&] { read_mesh_h5(path); }), "not a tridg prepared mesh"));
  }
  SUBCASE("newer format version") {
    const std::string path = tmp / "version.h5";
    write_mesh_h5(build_connectivity(test::grid_square(2)), path);
    {
      h5::File f = h5::File::open(path, true);
      f.set_attr("/", "format_version", std::int64_t{99});
      f.close();
    }
    CHECK(contains(user_error_of([&] { read_mesh_h5(path); }), "version 99"));
  }
  SUBCASE("missing dataset") {
    const std::string path = tmp / "partial.h5";
    {
      h5::File f = h5::File::create(path);
      f.set_attr("/", "format", "tridg_mesh");
      f.set_attr("/", "format_version", std::int64_t{1});
      f.set_attr("/", "locality_before", 0.0);
      f.set_attr("/", "locality_after", 0.0);
      f.close();
    }
    CHECK(contains(user_error_of([&] { read_mesh_h5(path); }), "'nodes' is missing"));
  }
  SUBCASE("node index out of range") {
    CHECK(contains(error_after([](Mesh& m) { m.tri[2][1] = 100000; }), "node 100000"));
  }
  SUBCASE("negative element index") {
    CHECK(contains(error_after([](Mesh& m) { m.edges.back().right = -7; }), "right element"));
  }
  SUBCASE("edge nodes disagree with the element") {
    CHECK(contains(error_after([](Mesh& m) { std::swap(m.edges[0].n0, m.edges[0].n1); }),
                   "edge 0: nodes"));
  }
  SUBCASE("elem_edges out of range") {
    CHECK(contains(error_after([](Mesh& m) { m.elem_edges[1][0] = -5; }), "elem_edges"));
  }
  SUBCASE("groups that do not cover the boundary") {
    CHECK(contains(error_after([](Mesh& m) { m.groups[1].count += 1; }), "group"));
  }
  SUBCASE("boundary count out of range") {
    CHECK(contains(error_after([](Mesh& m) { m.n_boundary_edges = -3; }), "n_boundary_edges"));
  }
  SUBCASE("wrong periodic count") {
    CHECK(contains(error_after([](Mesh& m) { m.n_periodic_edges = 1; }), "n_periodic_edges"));
  }
  SUBCASE("non-finite coordinate") {
    CHECK(contains(error_after([](Mesh& m) { m.x[0] = std::nan(""); }), "non-finite"));
  }
  SUBCASE("an interior edge claims one element side twice") {
    const std::string msg = error_after([](Mesh& m) {
      Edge& e = m.edges[static_cast<std::size_t>(m.n_boundary_edges) + 3];
      e.right = e.left;
      e.rside = e.lside;
    });
    CHECK_MESSAGE(contains(msg, "is claimed twice by edge"), msg);
  }
  SUBCASE("datasets longer than the element limit allows") {
    const std::string path = tmp / "limit.h5";
    write_mesh_h5(build_connectivity(test::grid_square(10)), path);
    const std::string msg = user_error_of([&] { read_mesh_h5(path, 50); });
    CHECK_MESSAGE(contains(msg, "more than a mesh of at most 50 triangles"), msg);
    CHECK(read_mesh_h5(path).n_elems() == 200);
  }
  SUBCASE("bad circle") {
    CHECK(contains(error_after([](Mesh& m) {
                     m.groups[0].arc = CircleArc{0, 0, -1};
                   }),
                   "bad circle"));
  }
}

TEST_CASE("mesh statistics") {
  const Mesh m = build_connectivity(test::quarter_annulus(2, 4));
  const MeshStats s = mesh_stats(m);
  CHECK(s.nodes == m.n_nodes());
  CHECK(s.elements == 16);
  CHECK(s.edges == m.n_edges());
  CHECK(s.boundary_edges == 12);
  REQUIRE(s.groups.size() == 4);
  CHECK(s.groups[0] == std::pair<std::string, std::int64_t>{"inlet", 2});
  CHECK(s.curved_groups == std::vector<std::string>{"inner", "outer"});
  CHECK(s.area == doctest::Approx(test::total_area(m)).epsilon(1e-14));
  // Shortest edge: a radial one, (1.384 - 1) / 2; longest: a diagonal.
  CHECK(s.min_edge == doctest::Approx(0.192).epsilon(1e-12));
  CHECK(s.max_edge > s.min_edge);
  CHECK(s.min_inradius > 0);
  CHECK(s.min_inradius < s.min_edge / 2);
  const std::string json = mesh_stats_json(s);
  for (const char* key :
       {"\"nodes\": ", "\"elements\": 16", "\"edges\": ", "\"boundary_edges\": 12",
        "\"groups\": {\"inlet\": 2, \"inner\": 4, \"outer\": 4, \"outlet\": 2}",
        "\"min_edge\": ", "\"max_edge\": ", "\"min_inradius\": ", "\"area\": ",
        "\"locality_before\": ", "\"locality_after\": "})
    CHECK_MESSAGE(contains(json, key), key);
  CHECK(json.front() == '{');
  CHECK(json.back() == '}');
  const std::string text = mesh_stats_text(s);
  CHECK(contains(text, "elements         16"));
  CHECK(contains(text, "inner"));
  CHECK(contains(text, "circle arc"));
}
