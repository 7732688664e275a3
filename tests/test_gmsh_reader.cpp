// Reading .msh and meshing .geo through the Gmsh SDK: formats, demo domains, bad inputs.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "io/connectivity.hpp"
#include "io/gmsh_reader.hpp"
#include "io/mesh_h5.hpp"
#include "io/mesh_loader.hpp"
#include "io/msh_check.hpp"
#include "io/refine.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using tridg::test::check_invariants;
using tridg::test::user_error_of;
namespace fs = std::filesystem;

namespace {

std::string mesh_file(const std::string& name) {
  return std::string(TRIDG_SOURCE_DIR) + "/meshes/" + name;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

Mesh load(const std::string& name, double size_factor = 1.0, int refine = 0) {
  MeshOptions opt;
  opt.size_factor = size_factor;
  opt.refine = refine;
  return load_mesh(mesh_file(name), opt);
}

// Edges of group `name` (which must exist).
const BoundaryGroup& group(const Mesh& m, const std::string& name) {
  const int g = m.group_index(name);
  REQUIRE_MESSAGE(g >= 0, name);
  return m.groups[g];
}

std::string temp_path(const std::string& name) {
  return (fs::temp_directory_path() /
          ("tridg_test_gmsh_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

} // namespace

TEST_CASE("MSH 2.2 and 4.1, ASCII and binary: the same mesh") {
  const Mesh ref = load("fixtures/square_41.msh");
  check_invariants(ref);
  CHECK(test::total_area(ref) == doctest::Approx(1.0).epsilon(1e-14));
  REQUIRE(ref.groups.size() == 4);
  for (const char* name :
       {"fixtures/square_22.msh", "fixtures/square_22_bin.msh", "fixtures/square_41_bin.msh"}) {
    CAPTURE(name);
    const Mesh m = load(name);
    CHECK(m.n_nodes() == ref.n_nodes());
    CHECK(m.n_elems() == ref.n_elems());
    CHECK(m.n_edges() == ref.n_edges());
    CHECK(m.n_boundary_edges == ref.n_boundary_edges);
    REQUIRE(m.groups.size() == ref.groups.size());
    for (std::size_t g = 0; g < m.groups.size(); ++g) {
      CHECK(m.groups[g].name == ref.groups[g].name);
      CHECK(m.groups[g].count == ref.groups[g].count);
    }
    CHECK(m.tri == ref.tri);
    for (std::int32_t v = 0; v < m.n_nodes(); ++v) {
      CHECK(std::abs(m.x[v] - ref.x[v]) <= 1e-15);
      CHECK(std::abs(m.y[v] - ref.y[v]) <= 1e-15);
    }
  }
}

TEST_CASE("a hand-written MSH 2.2 file: unnamed group, clockwise triangles") {
  const Mesh m = load("fixtures/square_hand.msh");
  check_invariants(m);
  CHECK(m.n_nodes() == 9);
  CHECK(m.n_elems() == 8);
  CHECK(m.n_edges() == 16);
  REQUIRE(m.groups.size() == 4);
  CHECK(m.groups[0].name == "bottom");
  CHECK(m.groups[1].name == "group4"); // physical tag 4 has no name
  CHECK(m.groups[2].name == "right");
  CHECK(m.groups[3].name == "top");
  for (const auto& g : m.groups) CHECK(g.count == 2);
  const Mesh r = refine_uniform(m);
  check_invariants(r);
  CHECK(r.n_edges() == 2 * 16 + 3 * 8);
}

TEST_CASE("round trip .msh -> .h5 -> the identical mesh") {
  const Mesh m = load("fixtures/square_22_bin.msh");
  const std::string path = temp_path("roundtrip.h5");
  write_mesh_h5(m, path);
  const Mesh b = load_mesh(path);
  fs::remove(path);
  test::check_same_mesh(m, b);
}

TEST_CASE("periodic meshes from .geo, MSH 4.1 and MSH 2.2 have no boundary") {
  const Mesh v = load("isentropic_vortex.geo");
  check_invariants(v);
  CHECK(v.n_boundary_edges == 0);
  CHECK(v.groups.empty());
  CHECK(v.n_periodic_edges == 16); // 8 edges on each of the 4 sides, joined in pairs
  CHECK(test::total_area(v) == doctest::Approx(100.0).epsilon(1e-14));
  Mesh r = v;
  for (int level = 1; level <= 2; ++level) {
    r = refine_uniform(r);
    check_invariants(r);
    CHECK(r.n_boundary_edges == 0);
    CHECK(r.n_periodic_edges == 16 << level);
  }
  const Mesh m41 = load("fixtures/periodic_41.msh"), m22 = load("fixtures/periodic_22.msh");
  for (const Mesh* m : {&m41, &m22}) {
    check_invariants(*m);
    CHECK(m->n_boundary_edges == 0);
    CHECK(m->n_periodic_edges == 8); // h = 2.5: 4 edges a side
    CHECK(m->n_elems() == m41.n_elems());
  }
}

TEST_CASE("demo domains") {
  SUBCASE("double Mach reflection") {
    const Mesh m = load("double_mach.geo", 3.0);
    check_invariants(m);
    CHECK(test::total_area(m) == doctest::Approx(4.0).epsilon(1e-13));
    for (const char* name : {"bottom_inflow", "bottom_wall", "left", "right", "top"})
      CHECK(m.group_index(name) >= 0);
    CHECK(m.groups.size() == 5);
    const auto& inflow = group(m, "bottom_inflow");
    for (std::int32_t e = inflow.first; e < inflow.first + inflow.count; ++e) {
      CHECK(m.x[m.edges[e].n0] <= 1.0 / 6 + 1e-15);
      CHECK(m.x[m.edges[e].n1] <= 1.0 / 6 + 1e-15);
    }
    const auto& wall = group(m, "bottom_wall");
    for (std::int32_t e = wall.first; e < wall.first + wall.count; ++e)
      CHECK(std::min(m.x[m.edges[e].n0], m.x[m.edges[e].n1]) >= 1.0 / 6 - 1e-15);
  }
  SUBCASE("supersonic vortex: circle arcs, kept by refinement") {
    const Mesh m = load("supersonic_vortex.geo", 2.0);
    check_invariants(m);
    const auto& inner = group(m, "inner_wall");
    const auto& outer = group(m, "outer_wall");
    REQUIRE(inner.arc.has_value());
    REQUIRE(outer.arc.has_value());
    CHECK(inner.arc->r == doctest::Approx(1.0).epsilon(1e-9));
    CHECK(outer.arc->r == doctest::Approx(1.384).epsilon(1e-9));
    CHECK(std::abs(inner.arc->cx) < 1e-9);
    CHECK(std::abs(outer.arc->cy) < 1e-9);
    CHECK_FALSE(group(m, "inlet").arc.has_value());
    CHECK_FALSE(group(m, "outlet").arc.has_value());
    const Mesh r = refine_uniform(m);
    check_invariants(r);
    for (const char* name : {"inner_wall", "outer_wall"}) {
      const auto& g = group(r, name);
      REQUIRE(g.arc.has_value());
      for (std::int32_t e = g.first; e < g.first + g.count; ++e)
        for (std::int32_t v : {r.edges[e].n0, r.edges[e].n1})
          CHECK(std::abs(std::hypot(r.x[v] - g.arc->cx, r.y[v] - g.arc->cy) - g.arc->r) <=
                1e-12 * g.arc->r);
    }
    const double exact = M_PI / 4 * (1.384 * 1.384 - 1);
    CHECK(test::total_area(r) == doctest::Approx(exact).epsilon(1e-3));
  }
  SUBCASE("Sod strip") {
    const Mesh m = load("sod_strip.geo", 2.0);
    check_invariants(m);
    CHECK(test::total_area(m) == doctest::Approx(0.1).epsilon(1e-13));
    CHECK(m.groups.size() == 3);
    CHECK(group(m, "walls").count > 4 * group(m, "left").count);
  }
  SUBCASE("Monai valley") {
    const Mesh m = load("monai.geo", 4.0);
    check_invariants(m);
    CHECK(test::total_area(m) == doctest::Approx(5.488 * 3.402).epsilon(1e-13));
    CHECK(m.groups.size() == 2);
    CHECK(group(m, "inflow").count > 0);
  }
  SUBCASE("distorted unit square; the size factor scales the element count") {
    const Mesh m = load("unit_square.geo");
    check_invariants(m);
    CHECK(m.groups.size() == 1);
    CHECK(group(m, "boundary").count == m.n_boundary_edges);
    CHECK(test::total_area(m) == doctest::Approx(1.0).epsilon(1e-13));
    const Mesh coarse = load("unit_square.geo", 2.0);
    check_invariants(coarse);
    // Element count goes with 1 / size^2: about 4 times fewer.
    const double ratio = double(m.n_elems()) / coarse.n_elems();
    CHECK(ratio > 2.5);
    CHECK(ratio < 6.0);
  }
}

TEST_CASE("bad inputs: UserError(bad_mesh) naming the file and the problem") {
  struct Case {
    const char* file;
    const char* expect;
  };
  const Case cases[] = {
      {"fixtures/quad.msh", "contains 4-node quadrangle elements (element 1); tridg needs "
                            "triangles"},
      {"fixtures/tri6.msh", "is in no physical group"},
      {"fixtures/tet.msh", "3D"},
      {"fixtures/surface_3d.msh", "not a 2D mesh"},
      {"fixtures/unnamed_edge.msh", "from (0, 1) to (0, 0) is in no physical group"},
      {"fixtures/three_tris.msh", "shared by 3 triangles"},
      {"fixtures/zero_area.msh", "triangle 1 (counting from 0) with vertices (1, 0) (0.5, 0)"},
      {"fixtures/not_a_mesh.msh", "is not a Gmsh mesh file"},
      {"fixtures/truncated.msh", "cannot be read"},
      {"fixtures/truncated_41_bin.msh", "cannot be read"},
      {"fixtures/does_not_exist.msh", "no such file"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.file);
    const std::string path = mesh_file(c.file);
    const std::string msg = user_error_of([&] { load_mesh(path); });
    CHECK(msg.find(path + ": ") == 0);
    CHECK_MESSAGE(contains(msg, c.expect), msg);
    CHECK(msg.find('\n') == std::string::npos);
  }
  SUBCASE("a .geo with a syntax error") {
    const std::string path = temp_path("broken.geo");
    std::ofstream(path) << "Point(1) = {0, 0, 0;\nthis is not geo\n";
    const std::string msg = user_error_of([&] { load_mesh(path); });
    fs::remove(path);
    CHECK(msg.find(path + ": ") == 0);
  }
  SUBCASE("a .geo without a surface") {
    const std::string path = temp_path("nosurface.geo");
    std::ofstream(path) << "Point(1) = {0, 0, 0, 0.1};\nPoint(2) = {1, 0, 0, 0.1};\n"
                           "Line(1) = {1, 2};\n";
    const std::string msg = user_error_of([&] { load_mesh(path); });
    fs::remove(path);
    CHECK_MESSAGE(contains(msg, "no triangles"), msg);
  }
  SUBCASE("a bad size factor") {
    CHECK(
        contains(user_error_of([&] { read_gmsh(mesh_file("unit_square.geo"), MeshOptions{0.0}); }),
                 "size factor"));
  }
}

TEST_CASE("Gmsh is finalised after errors: loading keeps working") {
  // A syntax error used to leave Gmsh's .geo parser half way through its input, so that every
  // later .geo in the process failed to parse.
  const std::string broken = temp_path("garbage.geo");
  std::ofstream(broken) << "this is not a mesh\njust some text\n";
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(contains(user_error_of([&] { load_mesh(broken); }), "syntax error"));
    user_error_of([&] { load_mesh(mesh_file("fixtures/truncated.msh")); });
    user_error_of([&] { load_mesh(mesh_file("fixtures/quad.msh")); });
    CHECK(load("fixtures/square_hand.msh").n_elems() == 8);
    CHECK(load("unit_square.geo", 3.0).n_elems() > 0);
  }
  fs::remove(broken);
}

TEST_CASE(".geo files: commands that run programs or touch files are refused before Gmsh") {
  const fs::path dir = temp_path("geo_guard");
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  const std::string square = "h = 0.3;\n" + [] {
    std::ifstream in(mesh_file("fixtures/square.geo"));
    std::string text((std::istreambuf_iterator<char>(in)), {});
    return text.substr(text.find("Point(1)"));
  }();
  const auto geo = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::string side = (dir / "side_effect").string();
  SUBCASE("each command, naming file and line; nothing happens") {
    for (const std::string& cmd : std::vector<std::string>{
             "SystemCall \"touch " + side + "\";", "Printf(\"x\") > \"" + side + "\";",
             "Save \"" + side + ".msh\";", "Include \"/dev/zero\";", "Merge \"../x.geo\";", "Exit;",
             "Sleep 100;", "Mesh 2;", "Plugin(CutPlane).Run;", "Include StrCat(\"a\", \"b\");"}) {
      CAPTURE(cmd);
      const std::string path = geo("m.geo", "// a comment\n" + cmd + "\n" + square);
      const std::string msg = user_error_of([&] { load_mesh(path); }, ExitCode::bad_case);
      CHECK(msg.starts_with(path + ":2: '"));
      CHECK(contains(msg, "refused (use --trust-geo for files you trust)"));
      CHECK_FALSE(fs::exists(side));
    }
  }
  SUBCASE("mentions in comments and strings are harmless; includes of the folder work") {
    geo("sub/p.geo", "h = 0.25; /* SystemCall \"x\"; */\n");
    const std::string path =
        geo("m.geo", "Include \"sub/p.geo\";\n// Exit;\ns = 'Save \"x\"';\nt = \"Exit;\n'\";\n" +
                         square.substr(square.find('\n') + 1));
    CHECK(load_mesh(path).n_elems() > 0);
  }
  SUBCASE("an included file is scanned too, and include loops are refused") {
    geo("sub/p.geo", "h = 0.25;\nSystemCall \"touch " + side + "\";\n");
    const std::string path = geo("m.geo", "Include \"sub/p.geo\";\n" + square);
    CHECK(contains(user_error_of([&] { load_mesh(path); }, ExitCode::bad_case),
                   "p.geo:2: 'SystemCall'"));
    const std::string loop = geo("loop.geo", "Include \"loop.geo\";\n");
    CHECK(contains(user_error_of([&] { load_mesh(loop); }, ExitCode::bad_case), "again"));
    CHECK_FALSE(fs::exists(side));
  }
  SUBCASE("trust_geo lifts the scan") {
    const std::string path = geo("m.geo", square + "SystemCall \"touch " + side + "\";\n");
    MeshOptions opt;
    opt.trust_geo = true;
    CHECK(load_mesh(path, opt).n_elems() > 0);
    CHECK(fs::exists(side));
  }
  SUBCASE("a mesh size asking for too many triangles is refused before meshing") {
    std::string tiny = square;
    tiny.replace(0, 8, "h = 1e-9;");
    const std::string msg = user_error_of([&] { load_mesh(geo("tiny.geo", tiny)); });
    CHECK(contains(msg, "more than the limit of 50000000"));
    MeshOptions opt;
    opt.max_elements = 10;
    CHECK(contains(user_error_of([&] { load_mesh(geo("m.geo", square), opt); }), "limit of 10"));
    // The same through the size factor (--size): Gmsh applies it after the size bounds.
    MeshOptions scaled;
    scaled.size_factor = 1e-9;
    CHECK(contains(user_error_of([&] { load_mesh(geo("s.geo", square), scaled); }),
                   "more than the limit of 50000000"));
  }
  fs::remove_all(dir);
}

TEST_CASE(".msh files: the structural pre-check accepts every good fixture") {
  for (const char* f :
       {"square_22.msh", "square_22_bin.msh", "square_41.msh", "square_41_bin.msh",
        "periodic_22.msh", "periodic_41.msh", "square_hand.msh", "quad.msh", "tri6.msh", "tet.msh",
        "hole_p2_22.msh", "hole_p2_41.msh", "hole_p3_41.msh"}) {
    CAPTURE(f);
    CHECK_NOTHROW(check_msh_counts(mesh_file(std::string("fixtures/") + f), 50'000'000));
  }
  MeshOptions opt;
  opt.max_elements = 10;
  CHECK(contains(user_error_of([&] { load_mesh(mesh_file("fixtures/square_41.msh"), opt); }),
                 "triangles, more than the limit of 10"));
}
