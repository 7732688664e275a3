// "x y z" text as a grid: column choice, header and comment lines, CRLF, and errors naming the
// file and line.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "grid_test_util.hpp"
#include "io/grid_xyz.hpp"
#include "test_support.hpp"

using namespace tridg;
using namespace tridg::gridtest;

TEST_CASE("xyz: columns pick x, y and the value; headers, comments and CRLF are skipped") {
  test::ScratchDir dir("xyz");
  const std::string p = dir.file("g.txt");
  // value x y extra, in a scrambled order; the field is 1 + x + 10 y.
  write(p, "depth lon lat q\r\n# a comment\r\n12 1 1 0\r\n1 0 0 0\r\n\r\n11 0 1 0\r\n"
           "2 1 0 0\r\n3 2 0 0\r\n13 2 1 0\r\n");
  const Grid g = read_xyz_grid(p, {2, 3, 1});
  CHECK(g.xs == std::vector<double>{0, 1, 2});
  CHECK(g.ys == std::vector<double>{0, 1});
  CHECK(g(0.5, 0.5) == 6.5);
  CHECK(g(1.75, 0.25) == 5.25);
  CHECK(std::isnan(g(2.5, 0.5)));
}

TEST_CASE("xyz: bad lines, non-finite values and incomplete grids name the file and line") {
  test::ScratchDir dir("xyz");
  const std::string p = dir.file("bad.xyz");
  auto err = [&](const std::string& text, XyzColumns c = default_xyz_columns) {
    write(p, text);
    return error_of([&] { read_xyz_grid(p, c); });
  };
  CHECK(err("x y z\n0 0 1\n1 0 oops\n") == p + ":3: 'oops' is not a number in '1 0 oops'");
  CHECK(err("0 0 1\n1 0\n") == p + ":2: expected at least 3 numbers, got '1 0'");
  CHECK(err("0 0 1\n1 0 inf\n") == p + ":2: the value (column 3) is not a finite number");
  CHECK(err("0 0 1\nnan 0 1\n") == p + ":2: the x (column 1) is not a finite number");
  CHECK(err("0 0 1 5\n1 0 1\n", {1, 2, 4}) == p + ":2: expected at least 4 numbers, got '1 0 1'");
  CHECK(err("0 0 1\n1 0 1\n0 1 1\n0 0 2\n") ==
        p + ":4: the point (0.000000, 0.000000) appears twice");
  CHECK(err("0 0 1\n1 0 1\n0 1 1\n").starts_with(p + ": 3 points do not form a complete grid"));
  CHECK(contains(err("0 0 1\n1 0 1\n0 1 1\n"), "format = \"scattered\""));
  CHECK(err("only a header\n") == p + ": no data lines ('x y z')");
  CHECK(err("0 0 1\n", {0, 2, 3}) == p + ": columns must lie between 1 and 1000, got 0");
  CHECK(contains(error_of([&] { read_xyz_grid(dir.file("none.xyz")); }), "cannot open"));
}
