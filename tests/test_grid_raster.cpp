// Rasters through GDAL: GeoTIFF, NetCDF as GMT and CF write it, ESRI ASCII with either
// registration; nodata, packing, windows, 0-360 longitudes and the antimeridian; and one-line
// errors naming the file for what a stranger's file may hold. GeoTIFF fixtures are written with
// GDAL, NetCDF ones with the NetCDF C library, ESRI ASCII as text.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "grid_test_util.hpp"
#include "io/grid_source.hpp"
#include "io/raster.hpp"
#include "test_support.hpp"

#ifdef TRIDG_WITH_GDAL
#include <gdal.h>
#include <ogr_srs_api.h>
#endif
#ifdef TRIDG_WITH_NETCDF
#include <netcdf.h>
#endif

using namespace tridg;
using namespace tridg::gridtest;

namespace {

// A bilinear field: bilinear interpolation must reproduce it exactly (up to the rounding of
// the products, hence the relative 1e-13 where coordinates are not binary fractions).
[[maybe_unused]] double field(double x, double y) {
  return 0.5 + 2 * x - 3 * y + 0.25 * x * y;
}

// A request for the whole raster (of a variable), in any coordinates.
RasterRequest whole(const std::string& path, const std::string& variable = "") {
  RasterRequest r;
  r.path = path;
  r.variable = variable;
  return r;
}

} // namespace

#ifndef TRIDG_WITH_GDAL

TEST_CASE("raster: a build without GDAL says so") {
  CHECK(!have_gdal());
  test::ScratchDir dir("raster");
  const std::string p = dir.file("g.tif");
  write(p, std::string("II*\0", 4) + std::string(60, '\0'));
  CHECK(detect_grid_format(p) == "raster");
  CHECK(contains(error_of([&] { read_raster(whole(p)); }), "this build has no GDAL"));
}

#else

namespace {

// Writes an nx x ny GeoTIFF of field() at the cell centres, north row first, with the given
// corner (x0, y_top), cell size d (square), and EPSG code (0: none).
void write_tiff(const std::string& path, int nx, int ny, double x0, double y_top, double d,
                int epsg = 4326, const char* units = nullptr, double nodata = NAN,
                bool georeferenced = true) {
  GDALAllRegister();
  GDALDriverH drv = GDALGetDriverByName("GTiff");
  REQUIRE(drv);
  GDALDatasetH ds = GDALCreate(drv, path.c_str(), nx, ny, 1, GDT_Float64, nullptr);
  REQUIRE(ds);
  if (georeferenced) {
    double gt[6] = {x0, d, 0, y_top, 0, -d};
    GDALSetGeoTransform(ds, gt);
  }
  if (epsg) {
    OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
    OSRImportFromEPSG(srs, epsg);
    GDALSetSpatialRef(ds, srs);
    OSRDestroySpatialReference(srs);
  }
  GDALRasterBandH b = GDALGetRasterBand(ds, 1);
  if (units) GDALSetRasterUnitType(b, units);
  if (!std::isnan(nodata)) GDALSetRasterNoDataValue(b, nodata);
  std::vector<double> v(std::size_t(nx * ny));
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      v[std::size_t(j * nx + i)] = field(x0 + (i + 0.5) * d, y_top - (j + 0.5) * d);
  if (!std::isnan(nodata)) v[0] = nodata; // the north-west corner
  REQUIRE(GDALRasterIO(b, GF_Write, 0, 0, nx, ny, v.data(), nx, ny, GDT_Float64, 0, 0) == CE_None);
  GDALClose(ds);
}

const auto geo = RasterRequest::Crs::geographic;

} // namespace

TEST_CASE("raster: a GeoTIFF's nodes are its cell centres and its cover reaches the cell edges") {
  CHECK(have_gdal());
  test::ScratchDir dir("raster");
  const std::string p = dir.file("a.tif");
  write_tiff(p, 4, 3, 10.0, 2.0, 0.5, 4326, "m");
  CHECK(detect_grid_format(p) == "raster");
  const Grid g = read_raster({p, "", std::nullopt, geo});
  CHECK(g.xs == std::vector<double>{10.25, 10.75, 11.25, 11.75});
  CHECK(g.ys == std::vector<double>{0.75, 1.25, 1.75}); // ascending: the south row first
  CHECK(g.at(0, 0) == field(10.25, 0.75));
  for (double x : {10.25, 10.5, 11.0, 11.625, 11.75})
    for (double y : {0.75, 1.0, 1.5, 1.75}) CHECK(g(x, y) == field(x, y));
  // The half cell beyond the outer centres takes the nearest centre's value; beyond, nothing.
  CHECK(g(10.0, 0.75) == field(10.25, 0.75));
  CHECK(g(12.0, 2.0) == field(11.75, 1.75));
  CHECK(std::isnan(g(9.99, 1.0)));
  CHECK(std::isnan(g(11.0, 2.01)));
}

TEST_CASE("raster: a window reads only the cells it needs, with a margin of two") {
  test::ScratchDir dir("raster");
  const std::string p = dir.file("big.tif");
  write_tiff(p, 200, 100, 0.0, 50.0, 0.25, 4326);
  const Grid g = read_raster({p, "", RasterWindow{10.1, 10.6, 30.2, 30.3}, geo});
  // Centres around 10.1..10.6: 10.125 .. 10.625, two more each side.
  CHECK(g.xs.front() == 9.375);
  CHECK(g.xs.back() == 11.125);
  CHECK(g.xs.size() == 8);
  CHECK(g.ys.front() == 29.625);
  CHECK(g.ys.back() == 30.875);
  CHECK(g(10.3, 30.25) == doctest::Approx(field(10.3, 30.25)).epsilon(1e-13));
  CHECK(g.v.size() == g.xs.size() * g.ys.size());
  // The same values as the whole raster's.
  const Grid all = read_raster({p, "", std::nullopt, geo});
  CHECK(all.xs.size() == 200);
  CHECK(g(10.37, 30.21) == all(10.37, 30.21));
}

TEST_CASE("raster: 0-360 longitudes and a window across the antimeridian") {
  test::ScratchDir dir("raster");
  // A global raster from -180 to 180 at 1 degree.
  const std::string p = dir.file("global.tif");
  write_tiff(p, 360, 20, -180.0, 10.0, 1.0, 4326);
  // A window 170..190 E: the columns east of 180 come from the raster's western end.
  const Grid g = read_raster({p, "", RasterWindow{170.2, 189.8, -5, 5}, geo});
  CHECK(g.xs.front() == 167.5);
  CHECK(g.xs.back() == 192.5);
  for (std::size_t i = 1; i < g.xs.size(); ++i) CHECK(g.xs[i] == g.xs[i - 1] + 1);
  // field() is not periodic: east of 180 the values are those of longitude - 360.
  CHECK(g(185.5, 0.5) == field(-174.5, 0.5));
  CHECK(g(175.5, 0.5) == field(175.5, 0.5));
  // A regional raster over 130-140 E and a mesh in 0-360 longitudes or in -180..180 ones.
  const std::string r = dir.file("regional.tif");
  write_tiff(r, 40, 20, 130.0, 45.0, 0.25, 4326);
  const Grid a = read_raster({r, "", RasterWindow{134, 136, 40, 42}, geo});
  const Grid b = read_raster({r, "", RasterWindow{134 - 360.0, 136 - 360.0, 40, 42}, geo});
  CHECK(b.xs.front() == a.xs.front() - 360);
  CHECK(b.v == a.v);
  CHECK(b(135.1 - 360, 41) == doctest::Approx(a(135.1, 41)).epsilon(1e-13));
}

TEST_CASE("raster: a global 15 arc-second grid serves a regional mesh without being read whole") {
  // 86,400 x 43,200 cells (14 GB as float32), sparse: only the tiles written take room. One
  // block of known values off Okushiri and one across the antimeridian.
  test::ScratchDir dir("raster_global");
  const std::string p = dir.file("global15.tif");
  const int nx = 86400, ny = 43200;
  const double d = 1.0 / 240;
  {
    GDALAllRegister();
    const char* opts[] = {"TILED=YES", "SPARSE_OK=TRUE", "BIGTIFF=YES", nullptr};
    GDALDatasetH ds = GDALCreate(GDALGetDriverByName("GTiff"), p.c_str(), nx, ny, 1, GDT_Float32,
                                 const_cast<char**>(opts));
    REQUIRE(ds);
    double gt[6] = {-180.0, d, 0, 90.0, 0, -d};
    GDALSetGeoTransform(ds, gt);
    GDALRasterBandH b = GDALGetRasterBand(ds, 1);
    GDALSetRasterNoDataValue(b, -32768);
    // Columns and rows of the cells centred at longitude x, latitude y.
    auto col = [&](double x) { return int(std::floor((x + 180) / d)); };
    auto row = [&](double y) { return int(std::floor((90 - y) / d)); };
    std::vector<float> v;
    auto block = [&](int c0, int r0, int w) { // w columns, 64 rows
      v.resize(std::size_t(w) * 64);
      for (int j = 0; j < 64; ++j)
        for (int i = 0; i < w; ++i)
          v[std::size_t(j * w + i)] =
              float(field(-180 + (c0 + i + 0.5) * d, 90 - (r0 + j + 0.5) * d) / 64);
      REQUIRE(GDALRasterIO(b, GF_Write, c0, r0, w, 64, v.data(), w, 64, GDT_Float32, 0, 0) ==
              CE_None);
    };
    block(col(139.3), row(42.2), 64);
    block(nx - 32, row(0.1), 32); // 32 columns west of 180 E, 32 east of 180 W
    block(0, row(0.1), 32);
    GDALClose(ds);
  }
  const Grid g = read_raster({p, "", RasterWindow{139.32, 139.4, 42.05, 42.15}, geo});
  CHECK(g.xs.size() <= 30); // the window (at most 24 cells) and its margins, not the globe
  CHECK(g.ys.size() <= 30);
  CHECK(g(139.36, 42.1) == doctest::Approx(field(139.36, 42.1) / 64).epsilon(1e-6));
  // A mesh across the antimeridian, in 0-360 longitudes: the grid's columns follow the window.
  const Grid a = read_raster({p, "", RasterWindow{179.97, 180.03, 0.02, 0.08}, geo});
  CHECK(a.xs.front() < 179.97);
  CHECK(a.xs.back() > 180.03);
  CHECK(a(179.99, 0.05) == doctest::Approx(field(179.99, 0.05) / 64).epsilon(1e-6));
  CHECK(a(180.01, 0.05) == doctest::Approx(field(-179.99, 0.05) / 64).epsilon(1e-6));
}

TEST_CASE("raster: nodata becomes missing; units and coordinate systems are checked") {
  test::ScratchDir dir("raster");
  const std::string p = dir.file("nd.tif");
  write_tiff(p, 3, 3, 0.0, 3.0, 1.0, 4326, "metre", -9999.0);
  const Grid g = read_raster(whole(p));
  CHECK(std::isnan(g.at(0, 2))); // the north-west cell
  CHECK(std::isnan(g(0.75, 2.25)));
  CHECK(g(1.5, 1.5) == field(1.5, 1.5));

  const std::string ft = dir.file("ft.tif");
  write_tiff(ft, 3, 3, 0.0, 3.0, 1.0, 4326, "ft");
  CHECK(error_of([&] { read_raster(whole(ft)); }) ==
        ft + ": its values are in 'ft'; tridg needs metres");

  const std::string utm = dir.file("utm.tif");
  write_tiff(utm, 3, 3, 500000.0, 4600000.0, 100.0, 32654);
  CHECK(contains(error_of([&] {
                   read_raster({utm, "", std::nullopt, geo});
                 }),
                 ": its coordinates are projected (WGS 84 / UTM zone 54N); a geographic mesh "
                 "needs longitude and latitude"));
  CHECK(read_raster({utm, "", std::nullopt, RasterRequest::Crs::planar}).xs.size() == 3);
  CHECK(contains(error_of([&] {
                   read_raster({p, "", std::nullopt, RasterRequest::Crs::planar});
                 }),
                 "its coordinates are longitude and latitude, but the mesh is not geographic"));
  // No stated system: degrees are believed when the extent is one of degrees.
  const std::string none = dir.file("none.tif");
  write_tiff(none, 3, 3, 500000.0, 4600000.0, 100.0, 0);
  CHECK(contains(error_of([&] {
                   read_raster({none, "", std::nullopt, geo});
                 }),
                 "is not one of longitudes and latitudes"));
}

TEST_CASE("raster: bad files are one-line errors naming the file") {
  test::ScratchDir dir("raster");
  const std::string p = dir.file("bad.tif");
  write_tiff(p, 3, 3, 0.0, 3.0, 1.0, 0, nullptr, NAN, false);
  CHECK(error_of([&] { read_raster(whole(p)); }) ==
        p + ": has no georeferencing (no geotransform: where its cells lie is unknown)");
  const std::string far = dir.file("far.tif");
  write_tiff(far, 8, 8, 0.0, 8.0, 1.0, 4326);
  CHECK(error_of([&] {
          read_raster({far, "", RasterWindow{20, 21, 20, 21}, geo});
        }) ==
        far + ": the raster (0 to 8 by 0 to 8) does not reach the mesh (20 to 21 by 20 to 21)");
  // A window where every cell is nodata.
  const std::string holes = dir.file("holes.tif");
  write_tiff(holes, 8, 8, 0.0, 8.0, 1.0, 4326, nullptr, 7.0);
  {
    // Every value of the file set to its nodata.
    GDALDatasetH ds = GDALOpen(holes.c_str(), GA_Update);
    REQUIRE(ds);
    std::vector<double> v(64, 7.0);
    REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, 1), GF_Write, 0, 0, 8, 8, v.data(), 8, 8,
                         GDT_Float64, 0, 0) == CE_None);
    GDALClose(ds);
  }
  CHECK(error_of([&] {
          read_raster({holes, "", RasterWindow{2, 3, 2, 3}, geo});
        }) == holes + ": holds no value (only missing ones) over the mesh");
  write(p, std::string("II*\0", 4) + "garbage");
  CHECK(contains(error_of([&] { read_raster(whole(p)); }), p + ": not a raster that tridg reads"));
  CHECK(error_of([&] { read_raster(whole(dir.file("none.tif"))); }) ==
        dir.file("none.tif") + ": cannot open the file");
  CHECK(error_of([&] { read_raster(whole(dir.path())); }) == dir.path() + ": cannot open the file");
  CHECK(error_of([&] { read_raster(whole("/vsicurl/http://example.org/a.tif")); }) ==
        "/vsicurl/http://example.org/a.tif: not a plain file name");
}

TEST_CASE("raster: ESRI ASCII with corner and with centre registration gives the same nodes") {
  test::ScratchDir dir("raster");
  auto rows = [](int nx, int ny, double x0, double y0, double d) {
    std::string s;
    for (int j = ny - 1; j >= 0; --j) {
      for (int i = 0; i < nx; ++i) s += std::to_string(field(x0 + i * d, y0 + j * d)) + " ";
      s += "\n";
    }
    return s;
  };
  const std::string a = dir.file("corner.asc"), b = dir.file("center.asc");
  write(a, "ncols 4\nnrows 3\nxllcorner 10\nyllcorner -2\ncellsize 0.5\nNODATA_value -9999\n" +
               rows(4, 3, 10.25, -1.75, 0.5));
  write(b, "ncols 4\nnrows 3\nxllcenter 10.25\nyllcenter -1.75\ncellsize 0.5\n" +
               rows(4, 3, 10.25, -1.75, 0.5));
  CHECK(detect_grid_format(a) == "raster");
  const Grid ga = read_raster(whole(a)), gb = read_raster(whole(b));
  CHECK(ga.xs == std::vector<double>{10.25, 10.75, 11.25, 11.75});
  CHECK(ga.ys == std::vector<double>{-1.75, -1.25, -0.75});
  CHECK(gb.xs == ga.xs);
  CHECK(gb.ys == ga.ys);
  CHECK(gb.v == ga.v);
  CHECK(ga(10.5, -1.5) == doctest::Approx(field(10.5, -1.5)).epsilon(1e-6)); // 6 digits of text
}

#ifdef TRIDG_WITH_NETCDF

namespace {

void ok(int status) {
  REQUIRE_MESSAGE(status == NC_NOERR, nc_strerror(status));
}

// A grid variable `var` on (y, x) with coordinate variables, as GMT writes (units of degrees
// when `degrees`), packed as shorts with scale and offset when `packed`.
void write_nc(const std::string& path, const std::vector<double>& y, const std::vector<double>& x,
              bool degrees, bool packed) {
  int nc, d[2], c[2], v;
  ok(nc_create(path.c_str(), NC_CLOBBER, &nc));
  ok(nc_def_dim(nc, degrees ? "lat" : "y", y.size(), &d[0]));
  ok(nc_def_dim(nc, degrees ? "lon" : "x", x.size(), &d[1]));
  ok(nc_def_var(nc, degrees ? "lat" : "y", NC_DOUBLE, 1, &d[0], &c[0]));
  ok(nc_def_var(nc, degrees ? "lon" : "x", NC_DOUBLE, 1, &d[1], &c[1]));
  if (degrees) {
    ok(nc_put_att_text(nc, c[0], "units", 13, "degrees_north"));
    ok(nc_put_att_text(nc, c[1], "units", 12, "degrees_east"));
  } else {
    // GMT's planar grids: x and y in metres, named as CF names projected coordinates.
    for (int k = 0; k < 2; ++k) {
      ok(nc_put_att_text(nc, c[k], "units", 1, "m"));
      const std::string sn = k ? "projection_x_coordinate" : "projection_y_coordinate";
      ok(nc_put_att_text(nc, c[k], "standard_name", sn.size(), sn.c_str()));
    }
  }
  ok(nc_def_var(nc, "z", packed ? NC_SHORT : NC_DOUBLE, 2, d, &v));
  const double scale = 0.5, offset = 100;
  const short fill = -32000;
  if (packed) {
    ok(nc_put_att_short(nc, v, "_FillValue", NC_SHORT, 1, &fill));
    ok(nc_put_att_double(nc, v, "scale_factor", NC_DOUBLE, 1, &scale));
    ok(nc_put_att_double(nc, v, "add_offset", NC_DOUBLE, 1, &offset));
  }
  ok(nc_enddef(nc));
  ok(nc_put_var_double(nc, c[0], y.data()));
  ok(nc_put_var_double(nc, c[1], x.data()));
  std::vector<double> dv;
  std::vector<short> sv;
  for (double q : y)
    for (double p : x) {
      dv.push_back(field(p, q));
      sv.push_back(p == x[0] && q == y[0] ? fill
                                          : short(std::lround((field(p, q) - offset) / scale)));
    }
  if (packed)
    ok(nc_put_var_short(nc, v, sv.data()));
  else
    ok(nc_put_var_double(nc, v, dv.data()));
  ok(nc_close(nc));
}

} // namespace

TEST_CASE("raster: NetCDF as GMT writes it (x, y, z), descending latitude, packed shorts") {
  test::ScratchDir dir("raster");
  const std::string p = dir.file("gmt.grd");
  write_nc(p, {0, 0.5, 1.0}, {10, 11, 12, 13}, false, false);
  CHECK(detect_grid_format(p) == "raster");
  const Grid g = read_raster(whole(p));
  CHECK(g.xs == std::vector<double>{10, 11, 12, 13});
  CHECK(g.ys == std::vector<double>{0, 0.5, 1.0});
  for (double qx : {10.0, 10.5, 11.25, 13.0})
    for (double qy : {0.0, 0.25, 0.75, 1.0}) CHECK(g(qx, qy) == field(qx, qy));

  const std::string q = dir.file("cf.nc");
  write_nc(q, {42.0, 41.5, 41.0}, {139.0, 139.25, 139.5, 139.75}, true, true);
  const Grid h = read_raster({q, "", std::nullopt, geo});
  CHECK(h.ys == std::vector<double>{41.0, 41.5, 42.0});
  CHECK(std::isnan(h.at(0, 2))); // (139.0, 42.0) holds _FillValue
  // Unpacked: 100 + 0.5 * round((f - 100) / 0.5), within a quarter of the field.
  CHECK(h.at(1, 0) == doctest::Approx(field(139.25, 41.0)).epsilon(0.25 / 70));
  CHECK(h.at(1, 0) == 100 + 0.5 * std::lround((field(139.25, 41.0) - 100) / 0.5));
  // A variable named that is not there.
  CHECK(contains(error_of([&] { read_raster(whole(q, "depth")); }),
                 q + ": no NetCDF variable 'depth'"));
  CHECK(read_raster(whole(q, "z")).v.size() == 12);
}

#endif
#endif
