// `tridg maps` and the maps of `tridg plot` (tsunami/maps.hpp): a run's per-element
// maxima on a regular longitude-latitude grid, as CF-NetCDF, and drawn with the coastline.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <vector>

#include "io/h5_util.hpp"
#include "io/map_grid.hpp"
#include "mesh_checks.hpp"
#include "test_support.hpp"
#include "tsunami/maps.hpp"

#ifdef TRIDG_WITH_NETCDF
#include <netcdf.h>
#endif

using namespace tridg;

namespace {

// A run of the hump at 60 N for 10 minutes: max_inundation.h5 in `dir`.
void run_hump(const test::ScratchDir& dir) {
  test::run_cpu_quiet(test::source_path("cases/hump_geographic_60n.toml"), 1, -1,
                      {"time.end=600", "gauges.interval=20"}, dir.path());
}

// The hump's maxima on a grid of the given spacing (degrees).
MapGrid hump_map(const test::ScratchDir& dir, double spacing) {
  run_hump(dir);
  MapOptions o;
  o.input = dir.path();
  o.spacing = spacing;
  return resample_maxima(o);
}

} // namespace

TEST_CASE("maxima resampled onto a grid take their element's values, NaN outside the mesh") {
  test::ScratchDir dir("maps");
  run_hump(dir);
  MapOptions o;
  o.input = dir.path(); // the folder: max_inundation.h5 in it
  o.spacing = 0.1;
  o.box = std::array<double, 4>{-1.0, 6.0, 57.0, 63.0}; // beyond the mesh on every side
  const MapGrid g = resample_maxima(o);
  CHECK(g.geographic);
  CHECK(g.nx == 71);
  CHECK(g.ny == 61);
  h5::File f = h5::File::open(dir.file("max_inundation.h5"));
  std::vector<hsize_t> dims;
  const auto x = f.read<double>("x", dims), y = f.read<double>("y", dims);
  const auto eta = f.read<double>("max_eta", dims), arr = f.read<double>("arrival_time", dims);
  const MapField& h = *g.field("max_height");
  const MapField& a = *g.field("arrival_time");
  int inside = 0, outside = 0;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const double gx = g.x0 + i * g.dx, gy = g.y0 + j * g.dy;
      const std::size_t q = std::size_t(j) * g.nx + i;
      // The mesh is [0, 5] x [57.5, 62.5]: nodes well outside it have no value.
      if (gx < -0.3 || gx > 5.3 || gy < 57.2 || gy > 62.8) {
        CHECK(std::isnan(h.values[q]));
        ++outside;
        continue;
      }
      if (gx < 0.05 || gx > 4.95 || gy < 57.55 || gy > 62.45) continue; // near the boundary
      // Well inside: the value of the element with the nearest centroid, exactly.
      std::size_t best = 0;
      double d2 = 1e300;
      for (std::size_t k = 0; k < x.size(); ++k) {
        const double d = (x[k] - gx) * (x[k] - gx) + (y[k] - gy) * (y[k] - gy);
        if (d < d2) d2 = d, best = k;
      }
      REQUIRE(std::isfinite(h.values[q]));
      CHECK(h.values[q] == eta[best]); // the still level is 0
      CHECK((std::isnan(a.values[q]) ? std::isnan(arr[best]) : a.values[q] == arr[best]));
      ++inside;
    }
  CHECK(inside > 2000);
  CHECK(outside > 500);
}

TEST_CASE("maps: bad requests are one-line errors") {
  test::ScratchDir dir("maps_err");
  MapOptions o;
  o.input = dir.file("nothing.h5");
  CHECK(test::user_error_of([&] { resample_maxima(o); }, ExitCode::bad_case).find("no such file") !=
        std::string::npos);
  run_hump(dir);
  o.input = dir.file("max_inundation.h5");
  o.box = std::array<double, 4>{20.0, 21.0, 10.0, 11.0};
  CHECK(test::user_error_of([&] { resample_maxima(o); }, ExitCode::bad_case).find("outside") !=
        std::string::npos);
  // A box that reaches far beyond the mesh: its far nodes find no centroid within the rings
  // searched, and have no value (they once read the radius of element -1).
  o.box = std::array<double, 4>{-1.0, 400.0, 57.0, 63.0};
  o.spacing = 1.0;
  const MapGrid far = resample_maxima(o);
  CHECK(std::isnan(far.field("max_height")->values[std::size_t(far.nx - 1)]));
  o.box.reset();
  o.spacing = 1e-4;
  CHECK(test::user_error_of([&] { resample_maxima(o); }, ExitCode::bad_case).find("--max-points") !=
        std::string::npos);
  o.spacing = 0.1;
  const MapGrid g = resample_maxima(o);
  CHECK(test::user_error_of([&] { draw_map(g, "rho", dir.file("m.png"), 400, {}); },
                            ExitCode::bad_case)
            .find("max_height") != std::string::npos);
}

TEST_CASE("a map is drawn as a PNG of the asked width and the ground's aspect") {
  test::ScratchDir dir("maps_png");
  const MapGrid g = hump_map(dir, 0.05);
  const auto range = draw_map(g, "max_height", dir.file("m.png"), 500, {});
  CHECK(range[0] < range[1]);
  std::ifstream in(dir.file("m.png"), std::ios::binary);
  const std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)), {});
  REQUIRE(b.size() > 33);
  CHECK(b[0] == 0x89);
  CHECK(b[1] == 'P');
  CHECK(std::string(b.begin() + 12, b.begin() + 16) == "IHDR");
  auto be32 = [&](int at) {
    return (std::uint32_t(b[at]) << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3];
  };
  CHECK(be32(16) == 500);
  // 5 x 5 degrees at 60 N: the map is twice as tall as wide (cos 60 = 1/2), less the bar.
  CHECK(double(be32(20)) == doctest::Approx(2.0 * (500 - 40)).epsilon(0.03));
}

#ifdef TRIDG_WITH_NETCDF
TEST_CASE("the maps' CF-NetCDF file reads back with its conventions and values") {
  test::ScratchDir dir("maps_nc");
  const MapGrid g = hump_map(dir, 0.1);
  write_map_netcdf(g, dir.file("m.nc"));
  int nc = 0;
  REQUIRE(nc_open(dir.file("m.nc").c_str(), NC_NOWRITE, &nc) == NC_NOERR);
  auto text = [&](int var, const char* name) {
    std::size_t n = 0;
    REQUIRE(nc_inq_attlen(nc, var, name, &n) == NC_NOERR);
    std::string s(n, '\0');
    nc_get_att_text(nc, var, name, s.data());
    return s;
  };
  CHECK(text(NC_GLOBAL, "Conventions") == "CF-1.8");
  int lat = 0, lon = 0, h = 0;
  REQUIRE(nc_inq_varid(nc, "lat", &lat) == NC_NOERR);
  REQUIRE(nc_inq_varid(nc, "lon", &lon) == NC_NOERR);
  REQUIRE(nc_inq_varid(nc, "max_height", &h) == NC_NOERR);
  CHECK(text(lat, "units") == "degrees_north");
  CHECK(text(lon, "units") == "degrees_east");
  CHECK(text(h, "units") == "m");
  double fill = 0;
  int no_fill = 1;
  REQUIRE(nc_inq_var_fill(nc, h, &no_fill, &fill) == NC_NOERR);
  CHECK(no_fill == 0);
  CHECK(std::isnan(fill));
  std::vector<double> v(std::size_t(g.nx) * g.ny);
  REQUIRE(nc_get_var_double(nc, h, v.data()) == NC_NOERR);
  nc_close(nc);
  const MapField& ref = *g.field("max_height");
  for (std::size_t i = 0; i < v.size(); ++i)
    CHECK((std::isnan(ref.values[i]) ? std::isnan(v[i]) : v[i] == ref.values[i]));
  const MapGrid back = read_map_netcdf(dir.file("m.nc"));
  CHECK(back.nx == g.nx);
  CHECK(back.ny == g.ny);
  CHECK(back.field("bed") != nullptr);
}
#endif
