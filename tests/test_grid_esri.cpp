// ESRI ASCII rasters: corner and centre registration, rows from north to south, NODATA, exact
// bilinear interpolation, and one-line errors naming the file (and line) for bad input.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "grid_test_util.hpp"
#include "io/grid_esri.hpp"
#include "test_support.hpp"

using namespace tridg;
using namespace tridg::gridtest;

namespace {

// A bilinear field: bilinear interpolation must reproduce it exactly.
double field(double x, double y) {
  return 0.5 + 2 * x - 3 * y + 0.25 * x * y;
}

// ncols x nrows values of field() at the nodes x0 + i d, y0 + j d, north row first.
std::string rows(int nx, int ny, double x0, double y0, double d) {
  std::string s;
  for (int j = ny - 1; j >= 0; --j) {
    for (int i = 0; i < nx; ++i) s += std::to_string(field(x0 + i * d, y0 + j * d)) + " ";
    s += "\n";
  }
  return s;
}

} // namespace

TEST_CASE("esri: corner registration puts the nodes at cell centres; north row first") {
  test::ScratchDir dir("esri");
  const std::string path = dir.file("a.asc");
  write(path, "ncols 4\nNROWS 3\nxllcorner 10\nyllcorner -2\ncellsize 0.5\n" +
                  rows(4, 3, 10.25, -1.75, 0.5));
  const Grid g = read_esri_grid(path);
  REQUIRE(g.xs.size() == 4);
  REQUIRE(g.ys.size() == 3);
  CHECK(g.xs.front() == 10.25);
  CHECK(g.ys.front() == -1.75);
  CHECK(g.ys.back() == -0.75);
  CHECK(g.at(0, 0) == field(10.25, -1.75)); // the last row of the file is the southern one
  CHECK(g.at(3, 2) == field(11.75, -0.75));
  for (double x : {10.25, 10.5, 11.0, 11.625, 11.75})
    for (double y : {-1.75, -1.5, -1.0, -0.75}) CHECK(g(x, y) == field(x, y));
  CHECK(std::isnan(g(10.0, -1.5))); // outside the nodes: no value
  CHECK(g.clamped(10.0, -1.5) == field(10.25, -1.5));
}

TEST_CASE("esri: centre registration, dx and dy, NODATA becomes missing") {
  test::ScratchDir dir("esri");
  const std::string path = dir.file("b.asc");
  write(path, "ncols 3\nnrows 2\nxllcenter 1\nyllcenter 2\ndx 1\ndy 2\nNODATA_value -9999\n"
              "5 6 -9999\n1 2 3\n");
  const Grid g = read_esri_grid(path);
  CHECK(g.xs == std::vector<double>{1, 2, 3});
  CHECK(g.ys == std::vector<double>{2, 4});
  CHECK(g(1.5, 3) == 3.5); // (1 + 2 + 5 + 6) / 4
  CHECK(std::isnan(g.at(2, 1)));
  CHECK(std::isnan(g(2.5, 3))); // a missing node carries weight
  CHECK(g(2.5, 2) == 2.5);      // on the southern edge it carries none
  CHECK(std::isnan(g(3, 4)));
}

TEST_CASE("esri: malformed files are one-line errors naming the file and line") {
  test::ScratchDir dir("esri");
  const std::string p = dir.file("bad.asc");
  const std::string head = "ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n";
  auto err = [&](const std::string& text) {
    write(p, text);
    return error_of([&] { read_esri_grid(p); });
  };
  CHECK(err(head + "1 2\n3 x\n") == p + ":7: 'x' is not a number");
  CHECK(err(head + "1 2\n3 nan\n") == p + ":7: 'nan' is not a finite number");
  CHECK(err(head + "1 2\n3 1e999\n") == p + ":7: '1e999' is not a finite number");
  CHECK(err(head + "1 2\n3\n") == p + ": the file ends after 3 of ncols x nrows = 4 values");
  CHECK(err(head + "1 2\n3 4 5\n") == p + ":7: more values than ncols x nrows = 4");
  CHECK(err("nrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2\n") ==
        p + ": the header lacks ncols");
  CHECK(err("ncols 2\nncols 2\n") == p + ":2: ncols appears twice");
  CHECK(err("ncols two\n") == p + ":1: expected 'ncols NUMBER', got 'ncols two'");
  CHECK(err("ncols 2.5\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n") ==
        p + ": ncols must be a whole number of at least 2, got 2.500000");
  CHECK(contains(err("ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize -1\n1 2 3 4\n"),
                 "the cell size must be positive"));
  CHECK(contains(err("ncols 2\nnrows 2\nxllcorner 0\nxllcenter 0\nyllcorner 0\ncellsize 1\n"),
                 "one of xllcorner or xllcenter"));
  CHECK(contains(err("ncols 2\nbogus 2\n"), p + ":2: unknown header entry 'bogus'"));
  CHECK(contains(error_of([&] { read_esri_grid(dir.file("none.asc")); }), "cannot open"));
}

TEST_CASE("esri: a header claiming more than 2^31 values is refused before allocating") {
  test::ScratchDir dir("esri");
  const std::string p = dir.file("huge.asc");
  write(p, "ncols 100000\nnrows 100000\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n");
  CHECK(error_of([&] { read_esri_grid(p); }) ==
        p + ": a grid of 100000 by 100000 values exceeds the limit of 2147483648 values");
  // Within the limit but short: the values actually present decide the memory used.
  write(p, "ncols 40000\nnrows 40000\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n");
  CHECK(error_of([&] { read_esri_grid(p); }) ==
        p + ": the file ends after 3 of ncols x nrows = 1600000000 values");
}
