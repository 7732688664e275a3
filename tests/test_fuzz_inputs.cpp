// Damaged input files: truncated and byte-flipped .msh (ASCII and binary), prepared-mesh and
// solution .h5, and case .toml files go to `tridg info` / `tridg run`. Every variant must end
// with a clean, documented exit code and a one-line error; none may crash or hang. The variants
// come from a fixed seed, so a failure reproduces.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "cli_run.hpp"

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
  std::mt19937 rng(seed);
  int clean = 0;
  for (int i = 0; i < count; ++i) {
    const fs::path file = dir / name;
    write_file(file, mutate(original, rng, i));
    std::string a = args;
    a.replace(a.find("{}"), 2, quote(file.string()));
    const CmdResult r = run_tridg(a, dir.path);
    INFO(name << " variant " << i << ": exit " << r.code << "\n" << r.err);
    CHECK_FALSE(r.crashed());
    CHECK(allowed.count(r.code) == 1);
    if (r.code != 0) {
      CHECK(r.last_line().rfind("tridg: error: ", 0) == 0);
      ++clean;
    }
  }
  // The damage must have been noticed at least sometimes, or the test tests nothing.
  CHECK(clean > count / 4);
}

} // namespace

TEST_CASE("damaged .msh files") {
  TempDir d("fuzz_msh");
  const std::set<int> ok{0, 2, 3, 4, 5};
  fuzz(d, read_file(source_path("meshes/fixtures/square_41.msh")), "m.msh", "info {}", 16, ok, 1);
  fuzz(d, read_file(source_path("meshes/fixtures/square_41_bin.msh")), "b.msh", "info {}", 16, ok,
       2);
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
