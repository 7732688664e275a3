// Meshing a .geo in a child process (io/mesh_worker.hpp): the same mesh as meshing it here, the
// same errors, and a file that keeps Gmsh busy for ever stopped at the time limit with nothing
// left running.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <string>

#include "cli_run.hpp"
#include "io/connectivity.hpp"
#include "io/error.hpp"
#include "io/gmsh_reader.hpp"
#include "io/mesh_worker.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using namespace tridg_test;

namespace {

// Whether a meshing process for `path` is still running.
bool worker_left(const std::string& path) {
  // "[_]": the pattern must not match the shell that runs pgrep, whose command line holds it.
  const std::string pattern = "[_]" + std::string(kMeshWorkerCommand).substr(1) + " " + path;
  return std::system(("pgrep -f " + quote(pattern) + " > /dev/null").c_str()) == 0;
}

} // namespace

TEST_CASE("mesh worker: the mesh of a .geo made in a child process is the one made here") {
  set_mesh_worker(TRIDG_BINARY);
  // A periodic mesh and one with circle arcs (detected again from the nodes received).
  for (const char* name : {"isentropic_vortex.geo", "supersonic_vortex.geo", "unit_square.geo"}) {
    const std::string path = source_path(std::string("meshes/") + name);
    MeshOptions opt;
    opt.size_factor = 2;
    const RawMesh here = read_gmsh(path, opt), there = read_gmsh_in_worker(path, opt);
    INFO(name);
    CHECK(here.x == there.x);
    CHECK(here.y == there.y);
    CHECK(here.tri == there.tri);
    CHECK(here.boundary == there.boundary);
    auto sorted = [](std::vector<std::array<std::int32_t, 2>> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    // The same pairs; Gmsh lists them in an order that differs between processes.
    CHECK(sorted(here.periodic_nodes) == sorted(there.periodic_nodes));
    // ... which the connectivity does not depend on.
    test::check_same_mesh(build_connectivity(here), build_connectivity(there));
    REQUIRE(here.arcs.size() == there.arcs.size());
    for (const auto& [group, arc] : here.arcs) {
      REQUIRE(there.arcs.count(group) == 1);
      CHECK(there.arcs.at(group).r == arc.r);
    }
  }
  set_mesh_worker("");
}

TEST_CASE("mesh worker: errors arrive as the child met them") {
  set_mesh_worker(TRIDG_BINARY);
  TempDir d("mesh_worker_errors");
  write_file(d / "bad.geo", "Point(1) = {0, 0, 0, 1};\nLine(1) = {1, 2 ;\n");
  const std::string bad = (d / "bad.geo").string();
  // Both with the same exit code (bad_mesh, which user_error_of checks).
  const std::string here = test::user_error_of([&] { read_gmsh(bad, {}); });
  const std::string there = test::user_error_of([&] { read_gmsh_in_worker(bad, {}); });
  CHECK(here.find("syntax error") != std::string::npos);
  CHECK(there == here);
  // The element limit is the child's to apply, as here.
  MeshOptions small;
  small.max_elements = 10;
  const std::string square = source_path("meshes/unit_square.geo");
  CHECK(test::user_error_of([&] { read_gmsh_in_worker(square, small); }) ==
        test::user_error_of([&] { read_gmsh(square, small); }));
  set_mesh_worker("");
}

TEST_CASE("mesh worker: a .geo that loops for ever is stopped at the time limit") {
  set_mesh_worker(TRIDG_BINARY);
  TempDir d("mesh_worker_loop");
  write_file(d / "loop.geo", "Point(1) = {0, 0, 0, 0.1};\nFor i In {1:1e12}\nEndFor\n");
  write_file(d / "macro.geo", "Macro M\n  Call M;\nReturn\nCall M;\n");
  for (const char* name : {"loop.geo", "macro.geo"}) {
    const std::string path = (d / name).string();
    MeshOptions opt;
    opt.time_limit = 1;
    const auto t0 = std::chrono::steady_clock::now();
    const std::string e = test::user_error_of([&] { read_gmsh_in_worker(path, opt); });
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    INFO(name << ": " << e);
    CHECK(e == path + ": meshing did not finish within 1 s (a loop in the file?); raise the "
                      "limit with --mesh-time-limit");
    CHECK(s < 10);
    CHECK_FALSE(worker_left(path));
  }
  set_mesh_worker("");
  // The command line: the option, one line, exit code 2.
  const CmdResult r =
      run_tridg("info " + quote((d / "loop.geo").string()) + " --mesh-time-limit 1", d.path);
  CHECK(r.code == 2);
  CHECK(r.last_line().find("meshing did not finish within 1 s") != std::string::npos);
  CHECK_FALSE(worker_left((d / "loop.geo").string()));
}
