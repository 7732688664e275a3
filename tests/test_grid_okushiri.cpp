// The formats of the Okushiri benchmark grids, from excerpts in tests/fixtures/okushiri: the
// 500 m scattered soundings (flag latitude longitude depth, CRLF) and a gridded longitude
// latitude elevation file, read together as a case would.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "grid_test_util.hpp"
#include "io/config.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "test_support.hpp"

using namespace tridg;
using namespace tridg::gridtest;

TEST_CASE("okushiri: the scattered depth file and the gridded Aonae file read as a stack") {
  test::ScratchDir dir("okushiri");
  const std::string fixtures = test::source_path("tests/fixtures/okushiri/");
  write(dir.file("case.toml"), "[bathymetry]\n"
                               "[[bathymetry.grid]]\n"
                               "file = \"" +
                                   fixtures +
                                   "depth42_138_excerpt.txt\"\n"
                                   "format = \"scattered\"\n"
                                   "columns = [3, 2, 4]\n"
                                   "values = \"depth\"\n"
                                   "radius = 0.01\n"
                                   "[[bathymetry.grid]]\n"
                                   "file = \"" +
                                   fixtures +
                                   "AO15_excerpt.xyz\"\n"
                                   "values = \"elevation\"\n");
  const Config cfg = Config::load(dir.file("case.toml"));
  const Bathymetry b = Bathymetry::read(cfg.table("bathymetry"), cfg);
  cfg.check_all_used();
  // At the data points the soundings themselves: "1  42.02500 138.00043  3639".
  CHECK(b(138.00043, 42.02500) == -3639);
  CHECK(b(138.00386, 42.07475) == -3640); // a line with flag 0 is a point like the others
  CHECK(b(138.00017, 42.25965) == -3635); // the last line
  // Between two neighbours on a track (450 m apart) a weighted mean of nearby soundings.
  const double mid = b(138.000545, 42.022750);
  CHECK(mid < -3633);
  CHECK(mid > -3639);
  // Farther than the radius from every sounding, and outside the Aonae grid: no value.
  CHECK(contains(error_of([&] { b(138.2, 42.0); }), "no grid has a value at (138.2, 42)"));
  // The Aonae grid (finer, so first): nodes and a bilinear value between them.
  CHECK(b(139.4341975, 42.0311852) == doctest::Approx(-18.70).epsilon(1e-15));
  CHECK(b(139.4354321, 42.0317778) == doctest::Approx(-18.76).epsilon(1e-15));
  CHECK(b((139.4349383 + 139.4351852) / 2, 42.0314815) ==
        doctest::Approx((-18.75 - 18.78) / 2).epsilon(1e-12));
  CHECK(contains(b.description(), "AO15_excerpt.xyz (xyz, 6 x 5); then "));
  CHECK(contains(b.description(), "depth42_138_excerpt.txt (scattered, 40 points, radius 0.01)"));
}
