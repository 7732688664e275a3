// `tridg maps` and the maps of `tridg plot` (tsunami/maps.hpp): a run's per-element
// maxima on a regular longitude-latitude grid, as CF-NetCDF, and drawn with the coastline.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <vector>

#include "io/h5_util.hpp"
#include "io/map_grid.hpp"
#include "io/output_plot.hpp"
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

namespace {

// A maxima file of n centroids at (x, y) with the given radii (none when empty) and zero fields.
std::string write_maxima(const test::ScratchDir& dir, const std::string& name,
                         const std::vector<double>& x, const std::vector<double>& y,
                         const std::vector<double>& radius) {
  const std::string path = dir.file(name);
  h5::File f = h5::File::create(path);
  const std::vector<double> zero(x.size(), 0.0);
  f.write("x", x);
  f.write("y", y);
  if (!radius.empty()) f.write("radius", radius);
  for (const char* field : {"bed", "max_eta", "max_depth", "arrival_time"}) f.write(field, zero);
  return path;
}

} // namespace

TEST_CASE("maps: centroids or radii that are not finite, and centroids on a line") {
  test::ScratchDir dir("maps_bad");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  MapOptions o;
  // A NaN centroid once made the bucket of element -2^31 (a crash): now refused by number.
  o.input = write_maxima(dir, "nan.h5", {0, 1, nan, 1}, {0, 0, 1, 1}, {});
  CHECK(test::user_error_of([&] { resample_maxima(o); }, ExitCode::bad_case)
            .find("element 2 has a centroid that is not finite") != std::string::npos);
  o.input = write_maxima(dir, "radius.h5", {0, 1, 0, 1}, {0, 0, 1, 1}, {0.5, -1, 0.5, 0.5});
  CHECK(test::user_error_of([&] { resample_maxima(o); }, ExitCode::bad_case)
            .find("element 1 has radius -1") != std::string::npos);
  // Centroids on one line (an extent without area) once made a bucket grid of 1e150 columns:
  // now the grid follows the line, one node per centroid spacing.
  std::vector<double> x(1000), y(1000, 2.0), r(1000, 0.5);
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = double(k);
  o.input = write_maxima(dir, "line.h5", x, y, r);
  const MapGrid g = resample_maxima(o);
  CHECK(g.ny == 1);
  CHECK(g.nx >= 1000);
  CHECK(g.nx <= 1002);
  CHECK(g.field("bed")->values[500] == 0.0);
  // Radii far smaller than the spacing: nodes between the centroids are outside every element.
  o.spacing = 0.25;
  o.input = write_maxima(dir, "small.h5", x, y, std::vector<double>(1000, 1e-3));
  const MapGrid s = resample_maxima(o);
  CHECK(std::isfinite(s.field("bed")->values[0]));
  CHECK(std::isnan(s.field("bed")->values[2]));
}

TEST_CASE("maps: a grid larger than the memory is one line and exit 3, not an internal error") {
  test::ScratchDir dir("maps_memory");
  const std::string in = write_maxima(dir, "four.h5", {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1});
  // 62,500 x 62,500 nodes, under the largest --max-points: 31 GB a field, with 4 GB of address
  // space.
  const std::string cmd = "ulimit -v 4000000; " + std::string(TRIDG_BINARY) + " maps '" + in +
                          "' -o '" + dir.file("m.nc") +
                          "' --spacing 1.6e-5 --max-points 4294967296 2> '" + dir.file("err") +
                          "'; echo \\$? > '" + dir.file("rc") + "'";
  REQUIRE(std::system(("bash -c \"" + cmd + "\"").c_str()) == 0);
  std::ifstream rc(dir.file("rc")), err(dir.file("err"));
  int code = -1;
  rc >> code;
  const std::string text{std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>()};
  INFO(text);
  CHECK(code == 3);
  CHECK(text.find("tridg: error: out of memory") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.file("m.nc")));
}

TEST_CASE("a map is drawn as a PNG of the asked width and the ground's aspect") {
  if (find_program("gmsh").empty() || find_program("xvfb-run").empty()) {
    MESSAGE("gmsh or xvfb-run is not on PATH: the map's picture is not drawn, skipped");
    return;
  }
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
  // 5 x 5 degrees at 60 N: the map is twice as tall as wide (cos 60 = 1/2), with 140 pixels
  // for the colour bar below it.
  CHECK(double(be32(20)) == doctest::Approx(2.0 * 500 + 140).epsilon(0.03));
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

TEST_CASE("a NetCDF map whose axes or fields are not of its grid is refused, not read") {
  test::ScratchDir dir("maps_nc_bad");
  // An axis of 2 dimensions once overran the one dimension id read for it; a field larger than
  // the axes once overran its buffer.
  auto make = [&](const std::string& name, bool axis_2d, bool big_field) {
    const std::string path = dir.file(name);
    int nc = 0, dy = 0, dx = 0, dz = 0, v = 0;
    REQUIRE(nc_create(path.c_str(), NC_CLOBBER, &nc) == NC_NOERR);
    nc_def_dim(nc, "lat", 3, &dy);
    nc_def_dim(nc, "lon", 4, &dx);
    nc_def_dim(nc, "big", 50, &dz);
    const int lat_dims[2] = {dy, dx};
    nc_def_var(nc, "lat", NC_DOUBLE, axis_2d ? 2 : 1, lat_dims, &v);
    nc_def_var(nc, "lon", NC_DOUBLE, 1, &dx, &v);
    const int fd[2] = {big_field ? dz : dy, big_field ? dz : dx};
    nc_def_var(nc, "max_height", NC_DOUBLE, 2, fd, &v);
    nc_enddef(nc);
    const std::vector<double> lat = {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}, lon = {0, 1, 2, 3};
    int id = 0;
    nc_inq_varid(nc, "lat", &id);
    nc_put_var_double(nc, id, lat.data());
    nc_inq_varid(nc, "lon", &id);
    nc_put_var_double(nc, id, lon.data());
    nc_close(nc);
    return path;
  };
  CHECK(test::user_error_of([&] { read_map_netcdf(make("axis.nc", true, false)); },
                            ExitCode::bad_case)
            .find("has 2 dimensions") != std::string::npos);
  CHECK(test::user_error_of([&] { read_map_netcdf(make("field.nc", false, true)); },
                            ExitCode::bad_case)
            .find("not on the file's (lat, lon) axes") != std::string::npos);
  const MapGrid ok = read_map_netcdf(make("ok.nc", false, false));
  CHECK(ok.nx == 4);
  CHECK(ok.ny == 3);
}
#endif
