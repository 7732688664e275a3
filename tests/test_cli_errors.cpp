// Bad input given to the tridg executable: each mistake ends with its documented exit code and
// one clear line on stderr that names the file and the problem; none crashes.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "cli_run.hpp"

using namespace tridg_test;

namespace {

// Runs tridg, checks the exit code, that it did not crash and that the error is one line
// starting with "tridg: error:"; returns that line.
std::string expect_error(const std::string& args, const TempDir& dir, int code,
                         const std::string& env = "") {
  const CmdResult r = run_tridg(args, dir.path, env);
  INFO("tridg " << args << "\nstderr:\n" << r.err);
  CHECK_FALSE(r.crashed());
  CHECK(r.code == code);
  const std::string line = r.last_line();
  CHECK(line.rfind("tridg: error: ", 0) == 0);
  return line;
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("a malformed case file names its line") {
  TempDir d("cli_toml");
  const std::string text = square_case() + "\n[output\ndir = \"x\"\n";
  write_file(d / "case.toml", text);
  const auto line = 1 + std::count(text.begin(), text.begin() + long(text.find("[output")), '\n');
  const std::string msg = expect_error("run " + quote((d / "case.toml").string()), d, 3);
  CHECK(has(msg, "case.toml:" + std::to_string(line) + ":"));
}

TEST_CASE("an unknown key gets a suggestion") {
  TempDir d("cli_key");
  write_file(d / "case.toml", square_case("", "steps = 3\nennd = 1.0"));
  const std::string msg = expect_error("run " + quote((d / "case.toml").string()), d, 3);
  CHECK(has(msg, "time.ennd"));
  CHECK(has(msg, "did you mean 'time.end'"));
}

TEST_CASE("values out of range are refused") {
  TempDir d("cli_range");
  write_file(d / "cfl.toml", square_case("", "steps = 3\ncfl = -0.5"));
  const std::string cfl = expect_error("run " + quote((d / "cfl.toml").string()), d, 3);
  CHECK(has(cfl, "time.cfl"));
  CHECK(has(cfl, "out of range"));
  write_file(d / "order.toml", square_case("", "steps = 3") + "\n");
  const std::string text = read_file(d / "order.toml");
  write_file(d / "order.toml", text.substr(0, text.find("order = 1")) + "order = 7" +
                                   text.substr(text.find("order = 1") + 9));
  const std::string order = expect_error("run " + quote((d / "order.toml").string()), d, 3);
  CHECK(has(order, "discretization.order"));
  // The same on the command line.
  const CmdResult r = run_tridg("run " + quote((d / "cfl.toml").string()) + " --order 9", d.path);
  CHECK(r.code == 3);
  CHECK(has(r.err, "--order"));
}

TEST_CASE("NaN is refused where a number places something: a dam break, a boundary level") {
  TempDir d("cli_nan");
  const std::string dam = quote(source_path("cases/dam_break.toml"));
  const std::string out = " -o " + quote((d / "o").string());
  CHECK(has(expect_error("run " + dam + out + " --set initial.x0=nan", d, 3), "initial.x0"));
  const std::string lake = quote(source_path("cases/lake_at_rest.toml"));
  const std::string line = expect_error(
      "run " + lake + out + " --set boundary.wall.type=\"absorbing\" --set boundary.wall.level=nan",
      d, 3);
  CHECK(has(line, "boundary.wall.level"));
}

TEST_CASE("an option file that Gmsh would read beside a mesh is refused, and runs nothing") {
  TempDir d("cli_opt");
  const std::string msh = read_file(source_path("meshes/fixtures/square_41.msh"));
  write_file(d / "m.msh", msh);
  write_file(d / "m.msh.opt", "SystemCall \"touch " + (d / "pwned").string() + "\";\n");
  const std::string line = expect_error("info " + quote((d / "m.msh").string()), d, 2);
  CHECK(has(line, "m.msh.opt: Gmsh would read this option file"));
  CHECK_FALSE(fs::exists(d / "pwned"));
  // The same beside a mesh that a .geo merges.
  fs::create_directories(d / "g");
  write_file(d / "g" / "m.msh", msh);
  write_file(d / "g" / "m.msh.opt", "SystemCall \"touch " + (d / "pwned").string() + "\";\n");
  write_file(d / "g" / "a.geo", "Merge \"m.msh\";\n");
  CHECK(has(expect_error("info " + quote((d / "g" / "a.geo").string()), d, 2), "m.msh.opt"));
  CHECK_FALSE(fs::exists(d / "pwned"));
}

TEST_CASE("reading a mesh through Gmsh writes nothing into the home folder") {
  TempDir d("cli_home");
  fs::create_directories(d / "home");
  const CmdResult r = run_tridg("info " + quote(source_path("meshes/fixtures/square_41.msh")),
                                d.path, "HOME=" + quote((d / "home").string()));
  CHECK(r.code == 0);
  CHECK(fs::is_empty(d / "home")); // FLTK's fltk.prefs once appeared under .fltk/ there
}

TEST_CASE("boundary groups that do not match the mesh are named") {
  TempDir d("cli_groups");
  std::string c = square_case();
  c.replace(c.find("[boundary.right]"), 16, "[boundary.rigth]");
  write_file(d / "case.toml", c);
  const std::string msg = expect_error("run " + quote((d / "case.toml").string()), d, 4);
  CHECK(has(msg, "'right'"));
  CHECK(has(msg, "rigth"));
}

TEST_CASE("a missing mesh file is a mesh error") {
  TempDir d("cli_mesh");
  std::string c = square_case();
  c.replace(c.find("square_41.msh"), 13, "no_such_mesh.msh");
  write_file(d / "case.toml", c);
  const std::string msg = expect_error("run " + quote((d / "case.toml").string()), d, 2);
  CHECK(has(msg, "no_such_mesh.msh"));
}

TEST_CASE("an output folder that cannot be made is an I/O error") {
  TempDir d("cli_out");
  write_file(d / "case.toml", square_case());
  write_file(d / "somefile", "a file, not a folder");
  const std::string out = (d / "somefile" / "sub").string();
  const std::string msg =
      expect_error("run " + quote((d / "case.toml").string()) + " -o " + quote(out), d, 5);
  CHECK(has(msg, out));
  const std::string proc =
      expect_error("run " + quote((d / "case.toml").string()) + " -o /proc/tridg_out", d, 5);
  CHECK(has(proc, "/proc/tridg_out"));
}

TEST_CASE("a restart file from another mesh, order or physics is a mismatch") {
  TempDir d("cli_restart");
  write_file(d / "case.toml", square_case());
  const std::string run = "run " + quote((d / "case.toml").string());
  REQUIRE(run_tridg(run + " -o " + quote((d / "a").string()), d.path).code == 0);
  const std::string snap = quote((d / "a" / "final.h5").string());
  // Another mesh: one uniform refinement.
  const std::string mesh = expect_error(run + " --refine 1 --restart " + snap, d, 4);
  CHECK(has(mesh, "final.h5"));
  CHECK(has(mesh, "another mesh"));
  const std::string order = expect_error(run + " -p 2 --restart " + snap, d, 4);
  CHECK(has(order, "p = 1"));
  CHECK(has(order, "p = 2"));
  // Not a solution file at all.
  write_file(d / "junk.h5", "not HDF5");
  const std::string junk =
      expect_error(run + " --restart " + quote((d / "junk.h5").string()), d, 4);
  CHECK(has(junk, "junk.h5"));
  // A prepared mesh file is HDF5 but no solution.
  REQUIRE(run_tridg("import " + quote(source_path("meshes/fixtures/square_41.msh")) + " -o " +
                        quote((d / "mesh.h5").string()),
                    d.path)
              .code == 0);
  const std::string mesh_file =
      expect_error(run + " --restart " + quote((d / "mesh.h5").string()), d, 4);
  CHECK(has(mesh_file, "not a tridg solution file"));
}

TEST_CASE("a run that blows up keeps the last good state") {
  TempDir d("cli_nan");
  // The isentropic vortex (smooth: a start admissible at every point) at about ten times the
  // stable step. (Sod's tube without the positivity fix is refused at the start: its projected
  // jump overshoots to negative pressures; tests/test_blowup_points.cpp.)
  const std::string args = "run " + quote(source_path("cases/isentropic_vortex.toml")) +
                           " --set time.cfl=8 --set time.end=10 -o " + quote((d / "out").string());
  const std::string msg = expect_error(args, d, 6);
  CHECK(has(msg, "non-physical"));
  CHECK(has(msg, "last_good.h5"));
  CHECK(fs::exists(d / "out" / "last_good.h5"));
}

TEST_CASE("import refuses to write over its own input") {
  TempDir d("cli_import_self");
  fs::copy_file(source_path("meshes/fixtures/square_41.msh"), d / "m.msh");
  const std::string before = read_file(d / "m.msh");
  const std::string msg = expect_error(
      "import " + quote((d / "m.msh").string()) + " -o " + quote((d / "m.msh").string()), d, 3);
  CHECK(has(msg, "input mesh"));
  CHECK(read_file(d / "m.msh") == before);
  // Through another name for the same file, too.
  const std::string again = expect_error("import " + quote((d / "m.msh").string()) + " -o " +
                                             quote((d / "." / "m.msh").string()),
                                         d, 3);
  CHECK(read_file(d / "m.msh") == before);
}

TEST_CASE("command-line mistakes") {
  TempDir d("cli_usage");
  const CmdResult none = run_tridg("", d.path);
  CHECK(none.code == 3);
  const CmdResult missing = run_tridg("run " + quote((d / "nope.toml").string()), d.path);
  CHECK(missing.code == 3);
  CHECK(has(missing.err, "nope.toml"));
  const CmdResult level = run_tridg("--log-level loud info x.msh", d.path);
  CHECK(level.code == 3);
  CHECK(has(level.err, "--log-level"));
  const CmdResult version = run_tridg("--version", d.path);
  CHECK(version.code == 0);
  CHECK(has(version.out, "tridg "));
}

TEST_CASE("the exit-code table documents every exit code tridg has") {
  // Each enumerator of io/error.hpp, "name = N,", must have its row "| N | name |".
  const std::string codes = read_file(source_path("io/error.hpp"));
  const std::string table = read_file(source_path("docs/exit_codes.md"));
  const std::size_t from = codes.find("enum class ExitCode"), to = codes.find("};", from);
  REQUIRE(from != std::string::npos);
  int rows = 0;
  std::istringstream in(codes.substr(from, to - from));
  for (std::string line; std::getline(in, line);) {
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos || line.find("enum") != std::string::npos) continue;
    const std::string name =
        line.substr(line.find_first_not_of(' '), eq - line.find_first_not_of(' '));
    const std::string number = line.substr(eq + 3, line.find_first_of(", /", eq + 3) - eq - 3);
    CAPTURE(name);
    CHECK(has(table, "| " + number + " | " + name + " |"));
    ++rows;
  }
  CHECK(rows >= 10);
}
