// The earthquake source of a shallow-water case ([source], tsunami/source.hpp):
// the bed and the water column rise together by Okada's uplift, so the depth is unchanged and
// the bed (and surface) move by the projected uplift, which is linear in the slip, positive over
// the thrust's hanging wall, negative behind it and small far away; its volume is the
// uplift's; an .fsp file gives the same source as the same subfaults written as tables; bad
// sources are one-line errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "io/config.hpp"
#include "io/connectivity.hpp"
#include "mesh_checks.hpp"
#include "physics/linear_shallow_water/case.hpp"
#include "physics/shallow_water/case.hpp"
#include "solver/run_settings.hpp"
#include "test_support.hpp"
#include "tsunami/source.hpp"

using namespace tridg;
using tridg::test::user_error_of;

namespace {

constexpr double kHalf = 1e5; // the square is [-100 km, 100 km]^2

const Mesh& ocean() {
  static const Mesh m = [] {
    RawMesh r = test::grid_square(24, false);
    for (double& x : r.x) x = (x - 0.5) * 2 * kHalf;
    for (double& y : r.y) y = (y - 0.5) * 2 * kHalf;
    return build_connectivity(r);
  }();
  return m;
}

// 100 m of water at rest, walls; `source` is appended.
std::string case_text(const std::string& source) {
  return "[physics]\ntype = \"shallow_water\"\n[mesh]\nfile = \"unused.h5\"\n"
         "[discretization]\norder = 1\n[time]\nend = 1.0\n"
         "[initial]\ntype = \"level\"\neta = \"0\"\n[bathymetry]\ndepth = \"100\"\n"
         "[boundary.bottom]\ntype = \"wall\"\n[boundary.top]\ntype = \"wall\"\n"
         "[boundary.left]\ntype = \"wall\"\n[boundary.right]\ntype = \"wall\"\n" +
         source;
}

// A thrust under the middle of the square: strike north, dipping east.
std::string thrust(double slip) {
  return "[source.subfaults.main]\nx = 0.0\ny = 0.0\ndepth = 15e3\nlength = 60e3\n"
         "width = 25e3\nstrike = 0.0\ndip = 20.0\nrake = 90.0\nslip = " +
         std::to_string(slip) + "\n";
}

struct Start {
  std::vector<double> h, bed; // cell means
};

Start start_of(const std::string& text) {
  const Config cfg = Config::parse(text, "quake.toml");
  RunOptions opt;
  opt.case_path = "quake.toml";
  const SwCase c = make_sw_case(cfg, read_run_settings(cfg, opt), ocean());
  const std::vector<double> coeffs = c.problem.initial_coeffs();
  const int E = ocean().n_elems();
  Start s;
  for (int k = 0; k < E; ++k) {
    s.h.push_back(std::sqrt(2.0) * coeffs[k]);
    s.bed.push_back(c.bed->mean(k));
  }
  return s;
}

// A case text with mesh.coordinates set and its one subfault's anchor at `xy`.
std::string with_coordinates(const std::string& text, const std::string& coords,
                             const std::string& xy) {
  std::string t = text;
  t.replace(t.find("[mesh]\n"), 7, "[mesh]\ncoordinates = \"" + coords + "\"\n");
  t.replace(t.find("x = 0.0\ny = 0.0"), 15, xy);
  return t;
}

} // namespace

TEST_CASE("an earthquake lifts bed and water together by the projected uplift") {
  const Start rest = start_of(case_text("")), one = start_of(case_text(thrust(4.0))),
              two = start_of(case_text(thrust(8.0)));
  const int E = ocean().n_elems();
  double up_max = 0, down_max = 0, volume = 0;
  int k_up = -1, k_down = -1;
  for (int k = 0; k < E; ++k) {
    // The depth does not move (the surface moves with the bed).
    CHECK(one.h[k] == doctest::Approx(rest.h[k]).epsilon(1e-12));
    const double d1 = one.bed[k] - rest.bed[k], d2 = two.bed[k] - rest.bed[k];
    // Linear elasticity: twice the slip, twice the displacement.
    CHECK(d2 == doctest::Approx(2 * d1).epsilon(1e-9).scale(1e-6));
    if (d1 > up_max) up_max = d1, k_up = k;
    if (d1 < down_max) down_max = d1, k_down = k;
    const ElementMap g = element_map(ocean(), k);
    volume += d1 * 0.5 * std::abs((g.x1 - g.x0) * (g.y2 - g.y0) - (g.x2 - g.x0) * (g.y1 - g.y0));
  }
  // A 4 m thrust slip at 15 km lifts the sea floor by a metre or so above the fault's up-dip
  // half (west: the fault dips east, towards the "land") and lowers it beyond the down-dip
  // edge, as over a subduction thrust.
  CHECK(up_max > 0.5);
  CHECK(up_max < 4.0);
  CHECK(down_max < -0.1);
  const ElementMap gu = element_map(ocean(), k_up), gd = element_map(ocean(), k_down);
  CHECK((gu.x0 + gu.x1 + gu.x2) / 3 < 0);
  CHECK((gd.x0 + gd.x1 + gd.x2) / 3 > 12e3); // beyond the down-dip edge, 25 km cos 20 / 2
  // The uplift's volume, by a fine midpoint sum of the source itself.
  const Config cfg = Config::parse(case_text(thrust(4.0)), "quake.toml");
  const SeafloorSource src = *read_seafloor_source(cfg);
  double fine = 0;
  const int n = 400;
  const double h = 2 * kHalf / n;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) fine += src.uplift(-kHalf + (i + 0.5) * h, -kHalf + (j + 0.5) * h);
  fine *= h * h;
  CHECK(volume == doctest::Approx(fine).epsilon(0.02));
  // Far from the fault, at the corners, little moves.
  for (int k = 0; k < E; ++k) {
    const ElementMap g = element_map(ocean(), k);
    const double cx = (g.x0 + g.x1 + g.x2) / 3, cy = (g.y0 + g.y1 + g.y2) / 3;
    if (std::abs(cx) > 0.9 * kHalf && std::abs(cy) > 0.9 * kHalf)
      CHECK(std::abs(one.bed[k] - rest.bed[k]) < 0.02 * up_max);
  }
}

TEST_CASE("an .fsp model gives the source of the same subfaults written as tables") {
  test::ScratchDir dir("quake_fsp");
  std::ofstream(dir.file("m.fsp"))
      << "% Loc  : LAT = 42.00  LON = 139.00  DEP = 20.0\n"
         "% Mech : STRK = 30  DIP = 25  RAKE = 95\n"
         "% Invs : Dx  =  20.00 km  Dz  =  10.00 km\n"
         "% Nsbfs = 2 subfaults\n"
         "% X,Y,Z coordinates in km; SLIP in m\n"
         "% Coordinates are given for center of each subfault or segment: |'|\n"
         "%   LAT       LON     X==EW    Y==NS      Z     SLIP\n"
         "  42.0000  139.0000   0.0000   0.0000  12.0000   3.0000\n"
         "  42.1000  139.1000   8.0000  15.0000  10.0000   1.5000\n";
  const std::string fsp = "[source]\nfsp = \"" + dir.file("m.fsp") + "\"\norigin = [5e3, -7e3]\n";
  const std::string tables =
      "[source.subfaults.a]\nx = 5e3\ny = -7e3\ndepth = 12e3\nlength = 20e3\nwidth = 10e3\n"
      "strike = 30.0\ndip = 25.0\nrake = 95.0\nslip = 3.0\n"
      "[source.subfaults.b]\nx = 13e3\ny = 8e3\ndepth = 10e3\nlength = 20e3\nwidth = 10e3\n"
      "strike = 30.0\ndip = 25.0\nrake = 95.0\nslip = 1.5\n";
  const SeafloorSource a = *read_seafloor_source(Config::parse(case_text(fsp), "a.toml"));
  const SeafloorSource b = *read_seafloor_source(Config::parse(case_text(tables), "b.toml"));
  REQUIRE(a.faults.size() == 2);
  for (const double x : {-40e3, 0.0, 9e3, 30e3})
    for (const double y : {-25e3, 3e3, 50e3})
      CHECK(a.uplift(x, y) == doctest::Approx(b.uplift(x, y)).epsilon(1e-12).scale(1e-9));
  CHECK(std::abs(a.uplift(9e3, 3e3)) > 0.05);
}

TEST_CASE("bad earthquake sources are one-line errors") {
  auto error = [](const std::string& source) {
    return user_error_of([&] { read_seafloor_source(Config::parse(case_text(source), "q.toml")); },
                         ExitCode::bad_case);
  };
  CHECK(error("[source]\ntype = \"okada\"\n").find("either as [source.subfaults.NAME]") !=
        std::string::npos);
  CHECK(error("[source]\nfsp = \"x.fsp\"\n" + thrust(1.0)).find("either as") != std::string::npos);
  std::string steep = thrust(1.0);
  steep.replace(steep.find("dip = 20.0"), 10, "dip = 95.0");
  CHECK(error(steep).find("dip") != std::string::npos);
  // A fault that would reach above the sea floor.
  std::string shallow = thrust(1.0);
  shallow.replace(shallow.find("depth = 15e3"), 12, "depth = 1e3 ");
  CHECK(!error(shallow).empty());
  CHECK(error("[source]\nfsp = \"missing.fsp\"\n").find("missing.fsp") != std::string::npos);
  // Thacker's bowl defines its own bed.
  const std::string thacker =
      "[physics]\ntype = \"shallow_water\"\n[mesh]\nfile = \"u.h5\"\n[time]\nend = 1.0\n"
      "[initial]\ntype = \"thacker\"\nh0 = 1.0\na = 1.0\neta = 0.5\n" +
      thrust(1.0);
  const Config cfg = Config::parse(thacker, "t.toml");
  RunOptions opt;
  opt.case_path = "t.toml";
  CHECK(user_error_of([&] { make_sw_case(cfg, read_run_settings(cfg, opt), ocean()); },
                      ExitCode::bad_case)
            .find("remove [source]") != std::string::npos);
}

TEST_CASE("linear shallow water takes the uplift as its initial surface") {
  const std::string text = "[physics]\ntype = \"linear_shallow_water\"\n[mesh]\nfile = \"u.h5\"\n"
                           "[limiter]\ntype = \"none\"\n[time]\nend = 1.0\n"
                           "[initial]\ntype = \"expression\"\neta = \"0.25\"\n"
                           "[bathymetry]\ndepth = \"100\"\n[boundary.bottom]\ntype = \"wall\"\n"
                           "[boundary.top]\ntype = \"wall\"\n[boundary.left]\ntype = \"wall\"\n"
                           "[boundary.right]\ntype = \"wall\"\n" +
                           thrust(4.0);
  const Config cfg = Config::parse(text, "lsw.toml");
  RunOptions opt;
  opt.case_path = "lsw.toml";
  const LswCase c = make_lsw_case(cfg, read_run_settings(cfg, opt), ocean());
  const SeafloorSource src = *read_seafloor_source(cfg);
  for (const double x : {-30e3, -5e3, 20e3})
    for (const double y : {-10e3, 0.0, 35e3}) {
      double u[3];
      c.problem.initial(x, y, u);
      CHECK(u[0] == 0.25 + src.uplift(x, y));
      CHECK(u[1] == 0.0);
    }
}

TEST_CASE("on a geographic mesh a subfault acts about its anchor, east and north in metres") {
  // The same thrust at 139.2 E, 42.8 N (geographic) and at the origin of a plane in metres.
  const std::string base = case_text(thrust(4.0));
  const SeafloorSource geo = *read_seafloor_source(
      Config::parse(with_coordinates(base, "geographic", "x = 139.2\ny = 42.8"), "g.toml"));
  const SeafloorSource flat = *read_seafloor_source(
      Config::parse(with_coordinates(base, "cartesian", "x = 0.0\ny = 0.0"), "f.toml"));
  CHECK(geo.geographic);
  // Metres in the plane tangent at the anchor by orthographic projection (the point's unit
  // vector on the tangent plane's east and north axes): distances from the anchor within
  // (d / R)^2 / 6 of the great-circle ones, 4e-5 at 100 km, so the uplifts agree to about 1e-4
  // of their peak; swapped or mis-scaled axes would be off by O(1).
  const double R = 6371000.0, deg = std::acos(-1.0) / 180, lat0 = 42.8, lon0 = 139.2;
  double peak = 0, worst = 0;
  for (int i = -20; i <= 20; ++i)
    for (int j = -20; j <= 20; ++j) {
      const double lon = lon0 + 0.05 * i, lat = lat0 + 0.04 * j;
      const double px = std::cos(lat * deg) * std::cos(lon * deg);
      const double py = std::cos(lat * deg) * std::sin(lon * deg), pz = std::sin(lat * deg);
      const double e = R * (-std::sin(lon0 * deg) * px + std::cos(lon0 * deg) * py);
      const double n =
          R * (-std::sin(lat0 * deg) * std::cos(lon0 * deg) * px -
               std::sin(lat0 * deg) * std::sin(lon0 * deg) * py + std::cos(lat0 * deg) * pz);
      const double a = geo.uplift(lon, lat), b = flat.uplift(e, n);
      peak = std::max(peak, std::abs(b));
      worst = std::max(worst, std::abs(a - b));
    }
  MESSAGE("geographic against planar uplift: largest difference " << worst << " m, peak " << peak
                                                                  << " m");
  CHECK(peak > 0.5);
  CHECK(worst < 1e-3 * peak);
}

TEST_CASE("a prepared source gives the bits of the subfaults' formulas evaluated point by point") {
  // SeafloorSource reduces each subfault (and its anchor's latitude) once; the uplift must stay
  // the per-point sum of okada::subfault_displacement in each anchor's tangent plane, bit for
  // bit, so that a mesh's bed and initial surface do not move with the change.
  const std::string base = case_text(thrust(4.0));
  for (const bool geographic : {false, true}) {
    const SeafloorSource src = *read_seafloor_source(Config::parse(
        geographic ? with_coordinates(base, "geographic", "x = 139.2\ny = 42.8") : base, "s.toml"));
    REQUIRE(src.geographic == geographic);
    auto by_point = [&](double x, double y) {
      double up = 0;
      for (const okada::Subfault& f : src.faults) {
        if (!geographic) {
          up += okada::subfault_displacement(f, x, y, src.poisson).up;
          continue;
        }
        double east = 0, north = 0;
        local_offset(f.x, f.y, x, y, src.radius, east, north);
        okada::Subfault g = f;
        g.x = g.y = 0;
        up += okada::subfault_displacement(g, east, north, src.poisson).up;
      }
      return up;
    };
    const double x0 = geographic ? 139.2 : 0.0, y0 = geographic ? 42.8 : 0.0;
    const double step = geographic ? 0.037 : 3.7e3;
    int differ = 0;
    double peak = 0;
    for (int i = -15; i <= 15; ++i)
      for (int j = -15; j <= 15; ++j) {
        const double x = x0 + step * i, y = y0 + 0.9 * step * j, up = src.uplift(x, y);
        peak = std::max(peak, std::abs(up));
        differ += up != by_point(x, y);
      }
    CHECK(peak > 0.5);
    CHECK(differ == 0);
    // A source whose subfaults were changed after it was prepared is evaluated as they are now.
    SeafloorSource moved = src;
    moved.faults[0].slip *= 2;
    CHECK(moved.uplift(x0 + step, y0) == doctest::Approx(2 * src.uplift(x0 + step, y0)));
  }
}
