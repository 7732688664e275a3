// Damaged and hostile input files: truncated and byte-flipped .msh (ASCII and binary, 3-, 6-
// and 10-node triangles), high-order .msh with inverted, misplaced, mixed or unsupported elements,
// prepared-mesh and solution .h5, and case .toml files; .geo files that try to run commands or
// write files; structurally malformed .msh; prepared meshes with inconsistent connectivity;
// counts that would allocate without bound; case files nested without bound. They go to
// `tridg info` / `import` / `run`. Every variant must end
// with a clean, documented exit code and a one-line error; none may crash or hang. The variants
// come from a fixed seed, so a failure reproduces.
#include <doctest/doctest.h>

#include <hdf5.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <random>
#include <set>
#include <vector>

#include "cli_run.hpp"
#include "curved_msh.hpp"
#include "fuzz_loop.hpp"

using namespace tridg_test;

namespace {

// Variant i of `data`: a truncation, a few flipped bytes, or a byte replaced by a character
// that parsers treat specially.
std::string mutate(const std::string& data, std::mt19937& rng, int i) {
  std::string s = data;
  auto pos = [&]() { return std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng); };
  switch (i % 3) {
  case 0:
    s.resize(pos());
    break;
  case 1: {
    const int n = 1 + int(rng() % 4);
    for (int k = 0; k < n; ++k) s[pos()] ^= char(1 + rng() % 255);
    break;
  }
  default: {
    static const char special[] = "0 9-.\n\"[]=e\xff";
    s[pos()] = special[rng() % (sizeof special - 1)];
  }
  }
  return s;
}

// Feeds `count` variants of `original` (written as dir/name) to `args` (with {} for the file)
// and checks every outcome.
void fuzz(const TempDir& dir, const std::string& original, const std::string& name,
          const std::string& args, int count, const std::set<int>& allowed, unsigned seed) {
  fuzz_variants(dir, original, name, args, count, allowed, seed, mutate);
}

} // namespace

TEST_CASE("damaged .msh files") {
  TempDir d("fuzz_msh");
  const std::set<int> ok{0, 2, 3, 4, 5};
  fuzz(d, read_file(source_path("meshes/fixtures/square_41.msh")), "m.msh", "info {}", 16, ok, 1);
  fuzz(d, read_file(source_path("meshes/fixtures/square_41_bin.msh")), "b.msh", "info {}", 16, ok,
       2);
  // High-order triangles: a flipped byte may move a curved node, or change an element's type.
  fuzz(d, read_file(source_path("meshes/fixtures/hole_p2_22.msh")), "p2.msh", "info {}", 16, ok,
       21);
  fuzz(d, read_file(source_path("meshes/fixtures/hole_p3_41.msh")), "p3.msh", "info {}", 16, ok,
       22);
}

TEST_CASE("damaged prepared-mesh and solution .h5 files") {
  TempDir d("fuzz_h5");
  write_file(d / "case.toml", square_case());
  REQUIRE(run_tridg("import " + quote(source_path("meshes/fixtures/square_41.msh")) + " -o " +
                        quote((d / "mesh.h5").string()),
                    d.path)
              .code == 0);
  REQUIRE(
      run_tridg("run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "o").string()),
                d.path)
          .code == 0);
  const std::set<int> ok{0, 2, 3, 4, 5};
  fuzz(d, read_file(d / "mesh.h5"), "x.h5", "info {}", 16, ok, 3);
  // A curved mesh's file: damage may land in its high-order nodes.
  REQUIRE(run_tridg("import " + quote(source_path("meshes/fixtures/hole_p3_41.msh")) + " -o " +
                        quote((d / "curved.h5").string()),
                    d.path)
              .code == 0);
  fuzz(d, read_file(d / "curved.h5"), "c.h5", "info {}", 16, ok, 23);
  fuzz(d, read_file(d / "o" / "final.h5"), "s.h5",
       "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "r").string()) +
           " --restart {}",
       16, ok, 4);
}

TEST_CASE("damaged case files") {
  TempDir d("fuzz_toml");
  // A damaged case may still run, and may then blow up cleanly (6: last good state saved).
  fuzz(d, square_case("\n[output]\ngmsh = false\n"), "case.toml",
       "run {} -q -o " + quote((d / "o").string()), 24, {0, 2, 3, 4, 5, 6}, 5);
}

// ---------------------------------------------------------------------------------------------
// Hostile inputs: files written to make tridg run commands, write files, crash or allocate without
// bound. Each must end with its documented exit code, exactly one error line on stderr, no crash,
// within a time bound, and without leaving any file behind.

namespace {

std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string n = e.path().lexically_relative(dir).string();
    if (n != "stdout.txt" && n != "stderr.txt") names.insert(n);
  }
  return names;
}

// Runs `tridg -q ARGS` in `dir` and checks everything a refused input must satisfy; returns the
// error line.
std::string refused(const TempDir& dir, const std::string& args, int code) {
  const auto before = listing(dir.path);
  const auto t0 = std::chrono::steady_clock::now();
  const CmdResult r = run_tridg("-q " + args, dir.path);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO("tridg -q " << args.substr(0, 300) << "\nexit " << r.code << "\nstderr:\n"
                   << r.err.substr(0, 2000));
  CHECK_FALSE(r.crashed());
  CHECK(r.code == code);
  CHECK(secs < 30);
  int lines = 0;
  std::istringstream s(r.err);
  for (std::string l; std::getline(s, l);) lines += !l.empty();
  CHECK(lines == 1);
  const std::string line = r.last_line();
  CHECK(line.rfind("tridg: error: ", 0) == 0);
  CHECK(line.size() < 700);
  CHECK(listing(dir.path) == before);
  return line;
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// The unit square of meshes/fixtures/square.geo with mesh size `h`.
std::string square_geo(const std::string& h = "0.3") {
  return "h = " + h +
         ";\nPoint(1) = {0, 0, 0, h};\nPoint(2) = {1, 0, 0, h};\nPoint(3) = {1, 1, 0, h};\n"
         "Point(4) = {0, 1, 0, h};\nLine(1) = {1, 2};\nLine(2) = {2, 3};\nLine(3) = {3, 4};\n"
         "Line(4) = {4, 1};\nCurve Loop(1) = {1, 2, 3, 4};\nPlane Surface(1) = {1};\n"
         "Physical Curve(\"bottom\") = {1};\nPhysical Curve(\"right\") = {2};\n"
         "Physical Curve(\"top\") = {3};\nPhysical Curve(\"left\") = {4};\n";
}

struct GeoCommand {
  std::string name, text; // text: {} stands for the side-effect file
};

// Every command of the .geo language that runs a program, writes or deletes a file, or stops or
// stalls the process.
std::vector<GeoCommand> geo_commands() {
  return {{"SystemCall", "SystemCall \"touch {}\";"},
          {"System", "System \"touch {}\";"},
          {"NonBlockingSystemCall", "NonBlockingSystemCall \"touch {}\";"},
          {"Shell", "Shell \"touch {}\";"},
          {"OnelabRun", "OnelabRun(\"x\", \"touch {}\");"},
          {"Printf", "Printf(\"pwned\") > \"{}\";"},
          {"Printf", "Printf(\"%g\", 1) >> \"{}\";"},
          {"Sprintf", "Sprintf(\"pwned\") > \"{}\";"},
          {"Save", "Save \"{}.msh\";"},
          {"Print", "Print \"{}.png\";"},
          {"CreateDir", "CreateDir \"{}\";"},
          {"DeleteFile", "DeleteFile \"{}\";"},
          {"RenameFile", "RenameFile \"{}\" \"{}2\";"},
          {"Plugin", "Plugin(CutPlane).Run;"},
          {"Exit", "Exit;"},
          {"Abort", "Abort;"},
          {"Sleep", "Sleep 1000;"},
          {"Mesh", "Mesh 2;"},
          {"Include", "Include \"/dev/zero\";"},
          {"Include", "Include \"../outside.geo\";"},
          {"Merge", "Merge \"/etc/hostname\";"},
          {"MergeWithBoundingBox", "MergeWithBoundingBox \"/dev/zero\";"},
          {"Include", "Include StrCat(\"/dev/\", \"zero\");"},
          {"OptionsFileName", "General.OptionsFileName = \"{}\";"}};
}

std::string fill(std::string text, const std::string& file) {
  for (auto at = text.find("{}"); at != std::string::npos; at = text.find("{}"))
    text.replace(at, 2, file);
  return text;
}

} // namespace

TEST_CASE("every .geo command that runs a program or touches files is refused, naming its line") {
  TempDir d("fuzz_geo_cmd");
  const std::string side = (d / "side_effect").string();
  int n = 0;
  for (const auto& c : geo_commands()) {
    // The command at line 3, after a comment and a string that mention commands harmlessly.
    const std::string text = "// SystemCall \"touch " + side + "\";\n/* Save \"" + side +
                             "\"; */ s = \"Exit;\";\n" + fill(c.text, side) + "\n" + square_geo();
    write_file(d / "m.geo", text);
    // import shares the loading path: the first few commands are enough there.
    for (const std::string cmd : {"info", "import"}) {
      if (cmd == "import" && n >= 3) continue;
      const std::string args = cmd + " " + quote((d / "m.geo").string()) +
                               (cmd == "import" ? " -o " + quote((d / "m.h5").string()) : "");
      const std::string line = refused(d, args, 3);
      CHECK_MESSAGE(has(line, "m.geo:3: '" + c.name + "'"), line);
      CHECK(has(line, "--trust-geo"));
      CHECK_FALSE(fs::exists(side));
    }
    ++n;
  }
  // Through a case file: `tridg run` with the .geo as mesh.file, and as --mesh.
  write_file(d / "m.geo", square_geo() + "SystemCall \"touch " + side + "\";\n");
  std::string c = square_case();
  c.replace(c.find("file = "), c.find('\n', c.find("file = ")) - c.find("file = "),
            "file = \"m.geo\"");
  write_file(d / "case.toml", c);
  CHECK(has(refused(d, "run " + quote((d / "case.toml").string()), 3), "m.geo:16: 'SystemCall'"));
  CHECK(has(refused(d,
                    "run " + quote((d / "case.toml").string()) + " --mesh " +
                        quote((d / "m.geo").string()),
                    3),
            "'SystemCall'"));
  CHECK_FALSE(fs::exists(side));
  fs::remove(d / "case.toml");
  // An included file is scanned as well.
  write_file(d / "inner.geo", "h = 0.3;\nSave \"" + side + "\";\n");
  write_file(d / "m.geo", "Include \"inner.geo\";\n" + square_geo().substr(9));
  CHECK(has(refused(d, "info " + quote((d / "m.geo").string()), 3), "inner.geo:2: 'Save'"));
  // So is a merged file that Gmsh would read as a script (any extension but mesh and CAD ones).
  write_file(d / "evil.txt", "\nSystemCall \"touch " + side + "\";\n");
  write_file(d / "m.geo", square_geo() + "Merge \"evil.txt\";\n");
  CHECK(has(refused(d, "info " + quote((d / "m.geo").string()), 3), "evil.txt:2: 'SystemCall'"));
  CHECK_FALSE(fs::exists(side));
}

TEST_CASE("a legitimate .geo with an Include of its folder still works; --trust-geo lifts the "
          "scan") {
  TempDir d("fuzz_geo_ok");
  fs::create_directories(d / "sub");
  write_file(d / "sub" / "params.geo", "h = 0.25; // Save \"x\" in a comment\n");
  write_file(d / "m.geo", "Include \"sub/params.geo\";\ns = \"SystemCall\";\n" +
                              square_geo().substr(square_geo().find('\n') + 1));
  const CmdResult r = run_tridg("info " + quote((d / "m.geo").string()), d.path);
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(has(r.out, "elements"));
  const std::string side = (d / "trusted").string();
  write_file(d / "t.geo", square_geo() + "SystemCall \"touch " + side + "\";\n");
  CHECK(run_tridg("-q info --trust-geo " + quote((d / "t.geo").string()), d.path).code == 0);
  CHECK(fs::exists(side));
}

TEST_CASE("fuzz: .geo files with commands hidden in random places") {
  TempDir d("fuzz_geo");
  const std::string side = (d / "side_effect").string();
  const auto cmds = geo_commands();
  std::mt19937 rng(11);
  for (int i = 0; i < 12; ++i) {
    const auto& c = cmds[rng() % cmds.size()];
    // Harmless lines before the command; the command at a random statement boundary.
    std::string text;
    const int before = int(rng() % 6);
    for (int k = 0; k < before; ++k) {
      switch (rng() % 4) {
      case 0:
        text += "// " + c.name + " in a comment\n";
        break;
      case 1:
        text += "/* " + c.name + "\n spans lines */\n";
        break;
      case 2:
        text += "x" + std::to_string(k) +
                (rng() % 2 ? " = '" + c.name + " \" in a string';\n"
                           : " = \"" + c.name + " ' in a string\";\n");
        break;
      default:
        text += "y" + std::to_string(k) + " = " + std::to_string(rng() % 100) + ";\n";
      }
    }
    const long line = 1 + std::count(text.begin(), text.end(), '\n');
    text += fill(c.text, side) + (rng() % 2 ? "\n" : " y = 1;\n") + square_geo();
    write_file(d / "m.geo", text);
    const std::string msg = refused(d, "info " + quote((d / "m.geo").string()), 3);
    CHECK_MESSAGE(has(msg, "m.geo:" + std::to_string(line) + ": '" + c.name + "'"), msg);
    CHECK_FALSE(fs::exists(side));
  }
}

TEST_CASE("fuzz: a .geo asking for a huge mesh is refused before meshing") {
  TempDir d("fuzz_geo_size");
  std::mt19937 rng(12);
  for (int i = 0; i < 4; ++i) {
    const std::string h = i == 0 ? "1e-9" : "1e-" + std::to_string(4 + rng() % 8);
    write_file(d / "m.geo", square_geo(h));
    const std::string msg = refused(d, "info " + quote((d / "m.geo").string()), 2);
    CHECK(has(msg, "triangles"));
    CHECK(has(msg, "--max-elements"));
  }
  // The size asked through Gmsh's options instead of the points.
  for (const char* option : {"Mesh.MeshSizeMax = 1e-7;", "Mesh.CharacteristicLengthMax = 1e-8;"}) {
    write_file(d / "m.geo", square_geo() + option + "\n");
    CHECK(has(refused(d, "info " + quote((d / "m.geo").string()), 2), "triangles"));
  }
  write_file(d / "m.geo", square_geo("0.05"));
  CHECK(has(refused(d, "info --max-elements 100 " + quote((d / "m.geo").string()), 2),
            "limit of 100"));
  CHECK(run_tridg("-q info " + quote((d / "m.geo").string()), d.path).code == 0);
}

TEST_CASE("running out of memory while meshing is a clean error") {
  TempDir d("fuzz_geo_mem");
  // 1e-3 on the unit square: about 2.3 million triangles, well under the element limit but more
  // than fits in 200 MB of address space beyond what tridg needs to start (which depends on the
  // libraries of the build: found by doubling the limit until `tridg --version` runs).
  write_file(d / "m.geo", square_geo("1e-3"));
  long start_kb = 0;
  for (long kb = 250000; kb <= 16000000 && start_kb == 0; kb *= 2) {
    const std::string probe = "ulimit -v " + std::to_string(kb) + "; " + quote(TRIDG_BINARY) +
                              " --version > /dev/null 2>&1";
    if (std::system(("sh -c " + quote(probe)).c_str()) == 0) start_kb = kb;
  }
  if (start_kb == 0) {
    MESSAGE("tridg does not start under any address-space limit tried: skipped");
    return;
  }
  const auto before = listing(d.path);
  const std::string cmd = "ulimit -v " + std::to_string(start_kb + 200000) +
                          "; OMP_NUM_THREADS=1 timeout -k 5 120 " + quote(TRIDG_BINARY) +
                          " -q info " + quote((d / "m.geo").string()) + " > /dev/null 2> " +
                          quote((d / "stderr.txt").string());
  const int st = std::system(("sh -c " + quote(cmd)).c_str());
  REQUIRE(WIFEXITED(st));
  const std::string err = read_file(d / "stderr.txt");
  INFO(err);
  CHECK(WEXITSTATUS(st) == 2);
  CHECK(err.rfind("tridg: error: ", 0) == 0);
  CHECK(std::count(err.begin(), err.end(), '\n') == 1);
  CHECK(listing(d.path) == before);
}

namespace {

std::string section_cut(const std::string& s, const std::string& name, std::size_t& b,
                        std::size_t& e) {
  b = s.find("$" + name + "\n");
  e = s.find("$End" + name + "\n") + name.size() + 5;
  return s.substr(b, e - b);
}

// One structural corruption of an ASCII .msh (2.2 or 4.1) chosen by `k`.
std::string corrupt_msh(const std::string& s, bool v4, int k, std::mt19937& rng) {
  std::size_t nb, ne, eb, ee;
  const std::string nodes = section_cut(s, "Nodes", nb, ne);
  const std::string elems = section_cut(s, "Elements", eb, ee);
  static const char* huge[] = {"1000000000000",       "2147483647",           "9223372036854775807",
                               "9223372036854775808", "18446744073709551615", "-1"};
  const std::string big = huge[rng() % 6];
  std::vector<std::string> el;
  {
    std::istringstream in(elems);
    for (std::string l; std::getline(in, l);) el.push_back(l);
  }
  const auto join_el = [&]() {
    std::string o;
    for (const auto& l : el) o += l + "\n";
    return s.substr(0, eb) + o + s.substr(ee);
  };
  const auto set_word = [](std::string& line, std::size_t w, const std::string& v) {
    std::istringstream in(line);
    std::vector<std::string> parts;
    for (std::string p; in >> p;) parts.push_back(p);
    parts[std::min(w, parts.size() - 1)] = v;
    line.clear();
    for (const auto& p : parts) line += (line.empty() ? "" : " ") + p;
  };
  const std::size_t data_line = v4 ? 3 + rng() % (el.size() - 5) : 2 + rng() % (el.size() - 3);
  switch (k % 8) {
  case 0: // a node reference out of range
    set_word(el[data_line], 99, rng() % 2 ? big : "99");
    return join_el();
  case 1: // a duplicated $Nodes section
    return s.substr(0, ne) + nodes + s.substr(ne);
  case 2: // a deleted $Nodes section
    return s.substr(0, nb) + s.substr(ne);
  case 3: // a duplicated $Elements section
    return s.substr(0, ee) + elems + s.substr(ee);
  case 4: // a huge element count
    set_word(el[1], v4 ? 1 : 0, big);
    return join_el();
  case 5: { // a huge node count
    std::string n = nodes;
    std::string first = n.substr(7, n.find('\n', 7) - 7);
    set_word(first, v4 ? 1 : 0, big);
    return s.substr(0, nb) + "$Nodes\n" + first + n.substr(n.find('\n', 7)) + s.substr(ne);
  }
  case 6: // an element block header (4.1) or element type (2.2) of 0
    if (v4)
      el[2] = "0 0 0 0";
    else
      set_word(el[data_line], 1, "0");
    return join_el();
  default: { // a bad $PhysicalNames tag
    static const char* bad_tag[] = {"-1", "0", "1000000000000", "18446744073709551615", "x"};
    std::string o = s;
    const auto at = o.find("1 1 \"bottom\"");
    o.replace(at, 12, std::string("1 ") + bad_tag[rng() % 5] + " \"bottom\"");
    return o;
  }
  }
}

} // namespace

TEST_CASE("fuzz: structurally malformed .msh files") {
  TempDir d("fuzz_msh_struct");
  std::mt19937 rng(13);
  const std::string a41 = read_file(source_path("meshes/fixtures/square_41.msh"));
  const std::string a22 = read_file(source_path("meshes/fixtures/square_22.msh"));
  for (int i = 0; i < 16; ++i) {
    const bool v4 = i % 2 == 0;
    const std::string text = corrupt_msh(v4 ? a41 : a22, v4, i / 2, rng);
    write_file(d / "m.msh", text);
    CAPTURE(i);
    INFO(text);
    const std::string msg = refused(d, "info " + quote((d / "m.msh").string()), 2);
    CHECK(has(msg, "m.msh: "));
  }
  // Binary files declaring counts the file cannot hold.
  const std::string b41 = read_file(source_path("meshes/fixtures/square_41_bin.msh"));
  for (const char* section : {"$Nodes\n", "$Elements\n"}) {
    for (std::uint64_t n : {std::uint64_t{1} << 40, std::uint64_t{1} << 63, ~std::uint64_t{0}}) {
      std::string s = b41;
      const std::size_t at = s.find(section) + std::strlen(section) + 8;
      std::memcpy(&s[at], &n, 8);
      write_file(d / "b.msh", s);
      refused(d, "info " + quote((d / "b.msh").string()), 2);
    }
  }
  const std::string b22 = read_file(source_path("meshes/fixtures/square_22_bin.msh"));
  std::string s = b22;
  s.replace(s.find("$Nodes\n30\n"), 10, "$Nodes\n1000000000000\n");
  write_file(d / "b.msh", s);
  CHECK(has(refused(d, "info " + quote((d / "b.msh").string()), 2), "1000000000000 nodes"));
}

TEST_CASE("fuzz: bad high-order .msh files: exit 2, one line naming the file and the element") {
  TempDir d("fuzz_msh_curved");
  std::mt19937 rng(16);
  // The element types refused, and lifts of triangle 1's edge node that invert it (0.3 and up),
  // nearly invert it (0.2375 to 0.25) or put it off the element (above 1.414).
  const std::pair<int, int> types[] = {{2, 9}, {9, 2}, {21, 9}, {23, 2}, {25, 9}, {20, 2}, {2, 22}};
  for (const auto& [a, b] : types) {
    write_file(d / "t.msh", tridg::test::unit_square_msh(a, b));
    CAPTURE(a);
    CAPTURE(b);
    const std::string msg = refused(d, "info " + quote((d / "t.msh").string()), 2);
    CHECK(has(msg, "t.msh: element "));
  }
  for (int i = 0; i < 12; ++i) {
    const double lift = i % 3 == 0   ? 0.2375 + 0.0125 * std::uniform_real_distribution<>()(rng)
                        : i % 3 == 1 ? 0.3 + std::uniform_real_distribution<>()(rng)
                                     : 1.5 + 1e6 * std::uniform_real_distribution<>()(rng);
    write_file(d / "l.msh",
               tridg::test::unit_square_msh(i % 2 ? 9 : 21, i % 2 ? 9 : 21, lift, i % 4 == 1));
    CAPTURE(lift);
    const std::string msg = refused(d, "info " + quote((d / "l.msh").string()), 2);
    CHECK(has(msg, "l.msh: element 1 ("));
  }
}

namespace {

// Reads an int32 dataset of a prepared mesh file, lets `edit` change it, writes it back.
void patch_ints(const fs::path& file, const char* name,
                const std::function<void(std::vector<std::int32_t>&)>& edit) {
  const hid_t f = H5Fopen(file.string().c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  REQUIRE(f >= 0);
  const hid_t ds = H5Dopen2(f, name, H5P_DEFAULT);
  const hid_t sp = H5Dget_space(ds);
  std::vector<std::int32_t> v(static_cast<std::size_t>(H5Sget_simple_extent_npoints(sp)));
  H5Dread(ds, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
  edit(v);
  H5Dwrite(ds, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
  H5Sclose(sp);
  H5Dclose(ds);
  H5Fclose(f);
}

// Replaces a dataset by one that declares `rows` rows and stores nothing.
void declare_rows(const fs::path& file, const char* name, hsize_t rows, hsize_t cols) {
  const hid_t f = H5Fopen(file.string().c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  REQUIRE(f >= 0);
  H5Ldelete(f, name, H5P_DEFAULT);
  const hsize_t dims[2] = {rows, cols};
  const hid_t sp = H5Screate_simple(cols ? 2 : 1, dims, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_LATE);
  const hid_t ds = H5Dcreate2(f, name, H5T_NATIVE_INT32, sp, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Dclose(ds);
  H5Pclose(dcpl);
  H5Sclose(sp);
  H5Fclose(f);
}

} // namespace

TEST_CASE("fuzz: prepared meshes with inconsistent connectivity or huge datasets") {
  TempDir d("fuzz_h5_conn");
  REQUIRE(run_tridg("import " + quote(source_path("meshes/fixtures/square_41.msh")) + " -o " +
                        quote((d / "good.h5").string()),
                    d.path)
              .code == 0);
  const std::string good = read_file(d / "good.h5");
  fs::remove(d / "good.h5");
  std::mt19937 rng(14);
  for (int i = 0; i < 12; ++i) {
    write_file(d / "x.h5", good);
    const int kind = i % 6;
    if (kind == 0) { // an interior edge claims its left slot twice
      patch_ints(d / "x.h5", "edges", [&](std::vector<std::int32_t>& e) {
        const std::size_t n = e.size() / 6, nb = 16;
        const std::size_t r = nb + rng() % (n - nb);
        e[6 * r + 3] = e[6 * r + 2];
        e[6 * r + 5] = e[6 * r + 4];
      });
    } else if (kind == 1) { // a random entry of elem_edges changed
      patch_ints(d / "x.h5", "elem_edges", [&](std::vector<std::int32_t>& e) {
        const std::size_t at = rng() % e.size();
        const std::int32_t vals[] = {-1, 1 << 30, e[at] + 1, e[(at + 3) % e.size()]};
        e[at] = vals[rng() % 4] == e[at] ? e[at] + 1 : vals[rng() % 4];
        if (e[at] == 0 && at == 0) e[at] = 5;
      });
    } else if (kind == 2) { // a random element or side index of an edge changed
      patch_ints(d / "x.h5", "edges", [&](std::vector<std::int32_t>& e) {
        const std::size_t r = rng() % (e.size() / 6), c = 2 + rng() % 4;
        const std::int32_t old = e[6 * r + c];
        e[6 * r + c] = rng() % 2 ? -7 : old + 1 + std::int32_t(rng() % 3);
      });
    } else if (kind == 3) { // boundary groups overlapping or out of range
      patch_ints(d / "x.h5", "groups/first", [&](std::vector<std::int32_t>& g) {
        g[1 + rng() % (g.size() - 1)] += rng() % 2 ? 1 : -1;
      });
    } else if (kind == 4) { // a node index out of range
      patch_ints(d / "x.h5", "triangles", [&](std::vector<std::int32_t>& t) {
        t[rng() % t.size()] = rng() % 2 ? -1 : 1 << 30;
      });
    } else { // a dataset declaring a billion rows
      static const std::pair<const char*, hsize_t> ds[] = {
          {"triangles", 3}, {"nodes", 2}, {"edges", 6}, {"elem_edges", 3}};
      const auto& [name, cols] = ds[rng() % 4];
      declare_rows(d / "x.h5", name, hsize_t{1000000000}, cols);
    }
    const std::string msg = refused(d, "info " + quote((d / "x.h5").string()), 2);
    CHECK(has(msg, "x.h5: "));
  }
}

TEST_CASE("fuzz: case files nested without bound, too large or not regular") {
  TempDir d("fuzz_toml_deep");
  std::mt19937 rng(15);
  for (int i = 0; i < 10; ++i) {
    const int depth = i < 5 ? 100000 : 17 + int(rng() % 200);
    std::string text = "# nested\n[physics]\ntype = \"euler\"\n";
    const long line = 4;
    switch (i % 5) {
    case 0: // dotted key
      for (int k = 0; k < depth; ++k) text += "a.";
      text += "a = 1\n";
      break;
    case 1: // table header
      text += "[";
      for (int k = 0; k < depth; ++k) text += "a.";
      text += "a]\n";
      break;
    case 2: // arrays
      text += "x = " + std::string(depth, '[') + std::string(depth, ']') + "\n";
      break;
    case 3: // inline tables
      text += "x = ";
      for (int k = 0; k < depth; ++k) text += "{a = ";
      text += "1" + std::string(depth, '}') + "\n";
      break;
    default: // a mix
      text += "x = ";
      for (int k = 0; k < depth; ++k) text += rng() % 2 ? "[" : "{a.b = ";
      text += "\n";
    }
    write_file(d / "case.toml", text);
    const std::string msg = refused(d, "run " + quote((d / "case.toml").string()), 3);
    CHECK_MESSAGE(has(msg, "case.toml:" + std::to_string(line) + ": "), msg);
    CHECK(has(msg, "16 levels"));
  }
  // Deep values through --set.
  write_file(d / "case.toml", square_case());
  CHECK(has(refused(d,
                    "run " + quote((d / "case.toml").string()) + " --set " +
                        quote("initial.x=" + std::string(1000, '[')),
                    3),
            "16 levels"));
  // Too large, and not a regular file.
  write_file(d / "case.toml", square_case() + "\n" + std::string(2 << 20, '#') + "\n");
  CHECK(has(refused(d, "run " + quote((d / "case.toml").string()), 3), "larger than"));
  fs::remove(d / "case.toml");
  CHECK(has(refused(d, "run /dev/zero", 3), "not a regular file"));
}

TEST_CASE("messages: empty constant names, empty --mesh, long echoed input") {
  TempDir d("fuzz_msgs");
  write_file(d / "case.toml", square_case("\n[constants]\n\"\" = 1\n"));
  CHECK(has(refused(d, "run " + quote((d / "case.toml").string()), 3), "empty"));
  for (const char* key : {"\"a..b\"", "\".\"", "\"a.\""}) {
    write_file(d / "case.toml", square_case(std::string("\n[boundary.") + key + "]\ntype = 1\n"));
    CHECK(has(refused(d, "run " + quote((d / "case.toml").string()), 3), "contains a dot"));
  }
  write_file(d / "case.toml", square_case());
  const CmdResult r = run_tridg("run " + quote((d / "case.toml").string()) + " --mesh ''", d.path);
  CHECK(r.code == 3);
  CHECK(has(r.err, "--mesh"));
  CHECK(has(refused(d, "run " + quote((d / "case.toml").string()) + " --set 'mesh.file=\"\"'", 3),
            "mesh.file: the mesh file name is empty"));
  // A 100 kB key echoed in a message is cut.
  write_file(d / "case.toml", square_case("\n[time2]\n" + std::string(100000, 'k') + " = 1\n"));
  refused(d, "run " + quote((d / "case.toml").string()), 3);
}
