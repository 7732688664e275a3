// Gauges of linear shallow water: the standing wave of cases/standing_wave.toml sampled at two
// points against its exact surface A cos(pi x) cos(pi y) cos(w t); run-up is refused (the
// linear model never floods land).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>

#include "grid_test_util.hpp"
#include "io/time_series.hpp"
#include "lsw_test_util.hpp"

using namespace tridg;
using namespace tridg::lswtest;

namespace {

// cases/standing_wave.toml with `extra` appended, written into `dir`.
std::string standing_wave_case(const Scratch& dir, const std::string& extra) {
  std::ifstream in(source_path("cases/standing_wave.toml"));
  std::stringstream text;
  text << in.rdbuf();
  std::string c = text.str();
  c.replace(c.find("../meshes/unit_square.geo"), 25, source_path("meshes/unit_square.geo"));
  return write_case(dir, "case.toml", c + extra);
}

} // namespace

TEST_CASE("linear shallow water: gauges follow the standing wave") {
  if (!test::order_compiled(2)) return;
  Scratch out("lsw_gauges");
  const std::string path = standing_wave_case(
      out, "\n[gauges]\ninterval = 0.01\npoints = { a = [0.25, 0.3], b = [0.8, 0.6] }\n");
  run_case(path, 2, 1, {}, out.path());
  const Columns g = read_columns(out.file("gauges.csv"), 2);
  const std::vector<double>& t = g.data[g.column("time")];
  REQUIRE(t.size() == 16); // 0, 0.01, ..., 0.15
  const double A = 0.01, w = std::sqrt(2 * 9.81) * std::numbers::pi, pi = std::numbers::pi;
  double worst = 0;
  for (const auto& [name, x, y] : {std::tuple{"a", 0.25, 0.3}, std::tuple{"b", 0.8, 0.6}}) {
    const std::vector<double>& eta = g.data[g.column(name)];
    for (std::size_t i = 0; i < t.size(); ++i)
      worst = std::max(
          worst, std::abs(eta[i] - A * std::cos(pi * x) * std::cos(pi * y) * std::cos(w * t[i])));
  }
  MESSAGE("largest gauge error " << worst << " (amplitude " << A << ")");
  // The p = 2 solution's pointwise error on this mesh is about 1e-4 of A at the end (its L2
  // error is 4e-6): a gauge in the wrong element, a wrong variable or a missed sample time is
  // off by a good part of A.
  CHECK(worst < 1e-3 * A);
}

TEST_CASE("linear shallow water: run-up is refused") {
  Scratch out("lsw_runup");
  const std::string path = standing_wave_case(
      out, "\n[gauges]\ninterval = 0.01\n[gauges.runup.shore]\npoint = [0.5, 0.5]\nradius = 0.1\n");
  CHECK(gridtest::contains(gridtest::error_of([&] { run_case(path, 2, 1, {}, out.path()); }),
                           "gauges.runup: linear shallow water has no run-up"));
}
