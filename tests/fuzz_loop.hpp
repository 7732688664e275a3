#pragma once
// The loop the fuzz tests share (tests/test_fuzz_*.cpp): damaged variants of a file, each given
// to tridg, each outcome checked.
#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <string>

#include "cli_run.hpp"

namespace tridg_test {

// Variant i of a file's text, drawn from the generator.
using Mutation = std::function<std::string(const std::string&, std::mt19937&, int)>;

// Damage for binary files: even variants cut at a random length, odd ones with 1 to 8 bytes
// flipped, every other flip within the first `head` bytes, where formats keep their headers.
inline Mutation truncate_or_flip(std::size_t head) {
  return [head](const std::string& data, std::mt19937& rng, int i) {
    std::string s = data;
    auto pos = [&]() { return std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng); };
    if (i % 2 == 0) {
      s.resize(pos());
    } else {
      const int n = 1 + int(rng() % 8);
      for (int k = 0; k < n; ++k)
        s[k % 2 ? pos() : pos() % std::min(s.size(), head)] ^= char(1 + rng() % 255);
    }
    return s;
  };
}

// Writes `count` variants of `original` as dir/name and runs `args` on each ("{}", where it
// appears, names the file): no crash, an exit code from `allowed`, and a failure ends with one
// "tridg: error:" line; `also` adds checks after each run. The damage must be noticed at least
// sometimes, or the test tests nothing.
inline void fuzz_variants(const TempDir& dir, const std::string& original, const std::string& name,
                          const std::string& args, int count, const std::set<int>& allowed,
                          unsigned seed, const Mutation& mutate,
                          const std::function<void()>& also = {}) {
  std::mt19937 rng(seed);
  int clean = 0;
  for (int i = 0; i < count; ++i) {
    const fs::path file = dir / name;
    write_file(file, mutate(original, rng, i));
    std::string a = args;
    if (const std::size_t at = a.find("{}"); at != std::string::npos)
      a.replace(at, 2, quote(file.string()));
    const CmdResult r = run_tridg(a, dir.path);
    INFO(name << " variant " << i << ": exit " << r.code << "\n" << r.err);
    CHECK_FALSE(r.crashed());
    CHECK(allowed.count(r.code) == 1);
    if (also) also();
    if (r.code != 0) {
      CHECK(r.last_line().rfind("tridg: error: ", 0) == 0);
      ++clean;
    }
  }
  CHECK(clean > count / 4);
}

} // namespace tridg_test
