// Seeded random absurd inputs to `tridg run`: case values far out of the physical range and
// damaged restart files. Each must end with a documented exit code, one error line, no crash,
// within a time bound, and leave no temporary file, lock or final state behind.
#include <doctest/doctest.h>
#include <hdf5.h>

#include <chrono>
#include <cmath>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "io/h5_util.hpp"

using namespace tridg_test;

namespace {

constexpr unsigned kSeed = 20261123;
constexpr double kSeconds = 20; // per input

int error_lines(const std::string& err) {
  int n = 0;
  for (std::size_t at = 0; (at = err.find("tridg: error:", at)) != std::string::npos; ++at) ++n;
  return n;
}

bool clean(const fs::path& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (n.ends_with(".tmp") || n == ".tridg.lock" || n.rfind("final.", 0) == 0) return false;
  }
  return true;
}

// One input: runs it, checks the outcome; `codes` are the documented exit codes it may give.
void check_input(const std::string& args, const TempDir& d, const std::set<int>& codes) {
  fs::remove_all(d / "o");
  const auto t0 = std::chrono::steady_clock::now();
  const CmdResult r = run_tridg(args + " -q -o " + quote((d / "o").string()), d.path);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO("tridg " << args << "\nstderr:\n" << r.err);
  CHECK_FALSE(r.crashed());
  CHECK(codes.count(r.code) == 1);
  CHECK(secs < kSeconds);
  if (r.code != 0) {
    CHECK(error_lines(r.err) == 1);
    CHECK(r.last_line().rfind("tridg: error: ", 0) == 0);
    CHECK(r.last_line().size() < 1000);
    CHECK(clean(d / "o"));
  }
}

std::string absurd_number(std::mt19937& rng) {
  static const std::vector<std::string> pool = {
      "0",     "-0.0",   "1e308",    "-1e308", "1e-310", "-1e-310",    "1e150",  "-1e150",
      "1e300", "-1e300", "4.9e-324", "1e-300", "-1",     "2147483647", "9.2e18", "1e-12"};
  return pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
}

std::string absurd_expression(std::mt19937& rng) {
  static const std::vector<std::string> pool = {
      "\"1/0\"", "\"sqrt(-1)\"",  "\"log(0)\"",   "\"-1/0\"",    "\"1e308*10\"",
      "\"x/0\"", "\"exp(1000)\"", "\"0*log(0)\"", "\"1 - 2*x\"", "\"1e200*x\""};
  return pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
}

} // namespace

TEST_CASE("absurd case values: documented exit codes, one line, no crash, bounded time") {
  TempDir d("fuzz_run_case");
  std::mt19937 rng(kSeed);
  write_file(d / "case.toml", square_case());
  std::string expr = square_case();
  expr.replace(expr.find("\"constant\""), 10, "\"expression\"");
  write_file(d / "expr.toml", expr);
  const std::string c = "run " + quote((d / "case.toml").string());
  const std::string e = "run " + quote((d / "expr.toml").string());
  const std::vector<std::string> keys = {
      "initial.rho", "initial.u",  "initial.v",       "initial.p",     "time.cfl",     "time.dt",
      "time.end",    "time.steps", "output.interval", "limiter.floor", "physics.gamma"};
  // A run that is not refused may finish (0) or blow up (6); everything else is a clean refusal.
  const std::set<int> codes{0, 3, 6};
  for (int i = 0; i < 24; ++i) {
    const std::string key =
        keys[std::uniform_int_distribution<std::size_t>(0, keys.size() - 1)(rng)];
    std::string set = " --set " + key + "=" + absurd_number(rng);
    if (key == "time.end" || key == "time.dt" || key == "output.interval")
      set += " --set time.steps=0 --set time.end=0.05";
    if (key == "time.end") set = " --set time.steps=0 --set time.end=" + absurd_number(rng);
    check_input(c + set, d, codes);
  }
  for (int i = 0; i < 10; ++i) {
    const char* var = i % 4 == 0 ? "rho" : i % 4 == 1 ? "u" : i % 4 == 2 ? "v" : "p";
    check_input(e + " --set 'initial." + var + "=" + absurd_expression(rng) + "'", d, codes);
  }
}

TEST_CASE("damaged restart files: documented exit codes, one line, no crash, bounded time") {
  TempDir d("fuzz_run_restart");
  std::mt19937 rng(kSeed + 1);
  write_file(d / "case.toml", square_case());
  const CmdResult made = run_tridg(
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "src").string()), d.path);
  REQUIRE(made.code == 0);
  const std::string good = (d / "src" / "final.h5").string();
  const std::string bad = (d / "bad.h5").string();
  tridg::h5::silence_errors();
  const std::vector<double> values = {std::nan(""), INFINITY, -INFINITY, -1,     0,
                                      1e150,        -1e308,   1e300,     -1e300, 4.9e-324,
                                      2147483647.0};
  const std::vector<std::int64_t> ints = {-1, -2, 2147483647, INT64_MAX, INT64_MIN, 1LL << 40};
  // A damaged restart is a mismatch (4); values that pass the checks run (0) or are already past
  // the end of the case.
  const std::set<int> codes{0, 4, 6};
  for (int i = 0; i < 16; ++i) {
    fs::copy_file(good, bad, fs::copy_options::overwrite_existing);
    const int kind = i % 3;
    {
      tridg::h5::File f = tridg::h5::File::open(bad, true);
      if (kind == 0) {
        const char* attr[] = {"step", "output_index", "order"};
        f.set_attr("solution", attr[std::uniform_int_distribution<int>(0, 2)(rng)],
                   ints[std::uniform_int_distribution<std::size_t>(0, ints.size() - 1)(rng)]);
      } else if (kind == 1) {
        f.set_attr("solution", "time",
                   values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)]);
      }
      f.close();
    }
    if (kind == 2) { // one coefficient
      const hid_t f = H5Fopen(bad.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
      REQUIRE(f >= 0);
      const hid_t ds = H5Dopen2(f, "solution/coefficients", H5P_DEFAULT);
      std::vector<double> c(4 * 3 * 42);
      H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, c.data());
      c[std::uniform_int_distribution<std::size_t>(0, c.size() - 1)(rng)] =
          values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)];
      H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, c.data());
      H5Dclose(ds);
      H5Fclose(f);
    }
    check_input("run " + quote((d / "case.toml").string()) + " --set time.steps=6 --restart " +
                    quote(bad),
                d, codes);
  }
}
