// Several bathymetry grids from [[bathymetry.grid]]: the finest grid wins unless a priority says
// otherwise, the fill rules, the sign conventions, and the errors for points no grid covers.
#include <doctest/doctest.h>

#include <string>

#include "grid_test_util.hpp"
#include "io/config.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "test_support.hpp"

using namespace tridg;
using namespace tridg::gridtest;

namespace {

// coarse.asc: nodes at 0..10 (step 1) with elevation -(x + 2 y), missing at (10, 10).
// fine.asc: nodes at 4..6 (step 0.5) with depth 3.
struct Grids {
  test::ScratchDir dir{"stack"};
  Grids() {
    std::string c = "ncols 11\nnrows 11\nxllcenter 0\nyllcenter 0\ncellsize 1\nnodata_value 9\n";
    for (int j = 10; j >= 0; --j) {
      for (int i = 0; i <= 10; ++i)
        c += (i == 10 && j == 10 ? "9" : std::to_string(-i - 2 * j)) + " ";
      c += "\n";
    }
    write(dir.file("coarse.asc"), c);
    std::string f = "ncols 5\nnrows 5\nxllcorner 3.75\nyllcorner 3.75\ncellsize 0.5\n";
    for (int k = 0; k < 25; ++k) f += "3\n";
    write(dir.file("fine.asc"), f);
  }
  Bathymetry read(const std::string& toml) const {
    write(dir.file("case.toml"), toml);
    const Config cfg = Config::load(dir.file("case.toml"));
    Bathymetry b = Bathymetry::read(cfg.table("bathymetry"), cfg);
    cfg.check_all_used();
    return b;
  }
};

const std::string coarse = "[[bathymetry.grid]]\nfile = \"coarse.asc\"\nvalues = \"elevation\"\n";
const std::string fine = "[[bathymetry.grid]]\nfile = \"fine.asc\"\nvalues = \"depth\"\n";

} // namespace

TEST_CASE("grid stack: the finest grid wins where it has values, whatever the order") {
  Grids g;
  for (const std::string& toml :
       {"[bathymetry]\n" + coarse + fine, "[bathymetry]\n" + fine + coarse}) {
    const Bathymetry b = g.read(toml);
    CHECK(b(5, 5) == -3); // depth 3 is elevation -3
    CHECK(b(4, 6) == -3);
    CHECK(b(1, 2) == -5); // only the coarse grid
    CHECK(b(2.5, 0.5) == -3.5);
  }
}

TEST_CASE("grid stack: an explicit priority wins over fineness") {
  Grids g;
  CHECK(g.read("[bathymetry]\n" + coarse + "priority = 1\n" + fine)(5, 5) == -15);
  CHECK(g.read("[bathymetry]\n" + coarse + fine + "priority = -1\n")(5, 5) == -15);
  CHECK(g.read("[bathymetry]\n" + coarse + "priority = -2\n" + fine + "priority = -1\n")(5, 5) ==
        -3);
}

TEST_CASE("grid stack: a missing sentinel hands the point to the next grid") {
  Grids g;
  CHECK(g.read("[bathymetry]\n" + coarse + fine + "missing = 3\n")(5, 5) == -15);
}

TEST_CASE("grid stack: without a fill rule a point no grid covers is an error naming it") {
  Grids g;
  const Bathymetry b = g.read("[bathymetry]\n" + coarse + fine);
  const std::string e = error_of([&] { b(20, 5.5); });
  CHECK(e.starts_with("bathymetry: no grid has a value at (20, 5.5) (tried "));
  CHECK(contains(e, "fine.asc (raster, 5 x 5), "));
  CHECK(contains(e, "coarse.asc (raster, 11 x 11))"));
  CHECK(contains(e, "fill = \"nearest\""));
  CHECK(contains(error_of([&] { b(9.5, 9.5); }), "at (9.5, 9.5)")); // a missing node
}

TEST_CASE("grid stack: fill = \"nearest\" takes the lowest-priority grid's nearest value") {
  Grids g;
  const Bathymetry b = g.read("[bathymetry]\nfill = \"nearest\"\n" + coarse + fine);
  CHECK(b(20, 5) == -20);  // the nearest point of the coarse grid is (10, 5)
  CHECK(b(-3, -4) == 0);   // its corner (0, 0)
  CHECK(b(12, 11) == -28); // (10, 10) is missing: the nearest node with a value is (10, 9)
  CHECK(b(5, 5) == -3);    // where a grid has a value the fill plays no part
  // Priority moves the fill to the other grid.
  const Bathymetry p =
      g.read("[bathymetry]\nfill = \"nearest\"\n" + coarse + "priority = 1\n" + fine);
  CHECK(p(20, 5) == -3);
}

TEST_CASE("grid stack: fill = a number is an elevation") {
  Grids g;
  const Bathymetry b = g.read("[bathymetry]\nfill = 50.0\n" + coarse + fine);
  CHECK(b(20, 20) == 50);
  CHECK(b(12, 11) == 50);
  CHECK(b(1, 1) == -3);
}

TEST_CASE("bathymetry: the single-file form keeps extending its grid to the nearest value") {
  Grids g;
  const Bathymetry b = g.read("[bathymetry]\nfile = \"coarse.asc\"\nvalues = \"elevation\"\n");
  CHECK(b(20, 5) == -20);
  CHECK(b(2.5, 0.5) == -3.5);
  // ...unless told otherwise; and its values default to depths, as they always did.
  const Bathymetry d = g.read("[bathymetry]\nfile = \"fine.asc\"\nfill = -1\n");
  CHECK(d(5, 5) == -3);
  CHECK(d(0, 0) == -1);
}

TEST_CASE("bathymetry: grid keys are checked") {
  Grids g;
  auto err = [&](const std::string& toml) { return error_of([&] { g.read(toml); }); };
  CHECK(contains(err("[bathymetry]\n[[bathymetry.grid]]\nfile = \"coarse.asc\"\n"),
                 "missing required key 'bathymetry.grid.0.values'"));
  CHECK(contains(err("[bathymetry]\n" + coarse + "columns = [1, 2, 3]\n"),
                 "bathymetry.grid.0.columns: only x y z text has columns"));
  // An ESRI raster has no NetCDF variables.
  CHECK(contains(err("[bathymetry]\n" + coarse + "variable = \"z\"\n"),
                 "coarse.asc: no NetCDF variable 'z'"));
  CHECK(contains(err("[bathymetry]\n" + coarse + "radius = 2\n"),
                 "only scattered points have a search radius"));
  CHECK(contains(err("[bathymetry]\nfill = \"nearst\"\n" + coarse),
                 "expected \"nearest\" or an elevation (a number), got 'nearst'"));
  CHECK(contains(err("[bathymetry]\nfile = \"fine.asc\"\n" + coarse), "give exactly one of"));
  CHECK(contains(err("[bathymetry]\ndepth = 3\nfill = 1\n"), "a fill rule needs grids"));
  CHECK(contains(err("[bathymetry]\n" + coarse + "prioritty = 2\n"),
                 "unknown key 'bathymetry.grid.0.prioritty' (did you mean "
                 "'bathymetry.grid.0.priority'?)"));
  CHECK(contains(err("[bathymetry]\ngrid = 3\n"), "bathymetry.grid: expected an array of tables"));
  CHECK(contains(
      err("[bathymetry]\n[[bathymetry.grid]]\nfile = \"nothing.asc\"\nvalues = \"depth\"\n"),
      "nothing.asc: cannot open the file"));
}
