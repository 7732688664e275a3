// Reading of shallow-water inputs: gridded "x y z" bathymetry (Monai format; bilinear
// interpolation, sign convention b = -depth), time series and measured-record columns, with
// one-line errors that name the file.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "io/config.hpp"
#include "io/error.hpp"
#include "io/grid_xyz.hpp"
#include "io/time_series.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

void write(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

// A bilinear function: bilinear interpolation must reproduce it exactly.
double bilinear(double x, double y) {
  return 0.5 + 2 * x - 3 * y + 0.25 * x * y;
}

} // namespace

TEST_CASE("xyz grid: any point order, header, exact bilinear interpolation, clamping") {
  Scratch dir("xyz");
  const std::string path = dir.file("grid.xyz");
  std::string text = "  x(m)  y(m)  z(m)\n";
  // Points in a scrambled order on the grid x in {0, 0.5, 1.5}, y in {-1, 0, 2}.
  const double xs[] = {1.5, 0, 0.5}, ys[] = {2, -1, 0};
  for (double y : ys)
    for (double x : xs)
      text +=
          std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(bilinear(x, y)) + "\n";
  write(path, text);
  const Grid g = read_xyz_grid(path);
  REQUIRE(g.xs.size() == 3);
  REQUIRE(g.ys.size() == 3);
  for (double x : {0.0, 0.1, 0.7, 1.5})
    for (double y : {-1.0, -0.3, 1.2, 2.0}) CHECK(g(x, y) == doctest::Approx(bilinear(x, y)));
  // Outside: no value, or, clamped, the nearest boundary value.
  CHECK(std::isnan(g(-5, 0.3)));
  CHECK(g.clamped(-5, 0.3) == doctest::Approx(bilinear(0, 0.3)));
  CHECK(g.clamped(0.7, 10) == doctest::Approx(bilinear(0.7, 2)));
}

TEST_CASE("xyz grid: incomplete grids, repeated points and bad lines are named errors") {
  Scratch dir("xyzbad");
  const std::string path = dir.file("bad.xyz");
  write(path, "0 0 1\n1 0 1\n0 1 1\n");
  CHECK(error_of([&] { read_xyz_grid(path); }).find(path + ": 3 points") == 0);
  write(path, "0 0 1\n1 0 1\n0 1 1\n0 0 2\n");
  CHECK(error_of([&] { read_xyz_grid(path); }).find(path + ":4: the point") == 0);
  write(path, "x y z\n0 0 1\n1 0 oops\n");
  CHECK(error_of([&] { read_xyz_grid(path); }).find(path + ":3: 'oops' is not a number") == 0);
  CHECK(error_of([&] { read_xyz_grid(dir.file("missing.xyz")); }).find("cannot open") !=
        std::string::npos);
}

TEST_CASE("bathymetry: a depth file gives b = -depth; expressions in elevation or depth") {
  Scratch dir("bathy");
  write(dir.file("depth.xyz"), "0 0 0.1\n1 0 0.1\n0 1 -0.2\n1 1 -0.2\n");
  write(dir.file("case.toml"), "[bathymetry]\nfile = \"depth.xyz\"\n");
  const Config cfg = Config::load(dir.file("case.toml"));
  const Bathymetry b = Bathymetry::read(cfg.table("bathymetry"), cfg);
  CHECK(b(0.5, 0) == doctest::Approx(-0.1));
  CHECK(b(0.5, 0.5) == doctest::Approx(0.05));
  const Config e = Config::parse("[bathymetry]\ndepth = \"1 + x\"\n", "e.toml");
  CHECK(Bathymetry::read(e.table("bathymetry"), e)(2, 0) == doctest::Approx(-3));
  const Config both = Config::parse("[bathymetry]\ndepth = \"1\"\nelevation = \"2\"\n", "b.toml");
  CHECK(error_of([&] { Bathymetry::read(both.table("bathymetry"), both); }).find("b.toml") == 0);
}

TEST_CASE("time series and measured columns") {
  Scratch dir("ts");
  const std::string path = dir.file("wave.txt");
  write(path, "time(s)  water surface(m)\n0 0\n0.5 0.01\n1.0 -0.02\n");
  const TimeSeries s = read_time_series(path);
  CHECK(s(0.25) == doctest::Approx(0.005));
  CHECK(s(0.75) == doctest::Approx(-0.005));
  CHECK(s(5) == doctest::Approx(-0.02));
  write(path, "0 0\n1 1\n1 2\n");
  CHECK(error_of([&] { read_time_series(path); }).find("times must increase") != std::string::npos);
  const std::string csv = dir.file("g.csv");
  write(csv, "time_s,gauge5_cm,gauge7_cm\n0.0,0.2,0.3\n0.05,0.4,0.5\n");
  const Columns c = read_columns(csv, 2);
  CHECK(c.rows() == 2);
  CHECK(c.data[c.column("gauge7_cm")][1] == doctest::Approx(0.5));
  CHECK(error_of([&] { c.column("gauge9_cm"); }).find("gauge5_cm, gauge7_cm") != std::string::npos);
  write(csv, "1,2\n3\n");
  CHECK(error_of([&] { read_columns(csv, 2); }).find(csv + ":2:") == 0);
}

TEST_CASE("the Monai data in the repository reads as a complete 393 x 244 depth grid") {
  const Grid g = read_xyz_grid(source_path("data/monai/bathymetry.xyz.txt"));
  CHECK(g.xs.size() == 393);
  CHECK(g.ys.size() == 244);
  CHECK(g(0, 1.7) == doctest::Approx(0.13535)); // depth at the wave maker
  const TimeSeries w = read_time_series(source_path("data/monai/incident_wave.txt"));
  CHECK(w.t.back() == doctest::Approx(22.5));
}
