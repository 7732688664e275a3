// NetCDF grids as GMT, GEBCO and ETOPO write them. The fixtures are written here with the NetCDF
// C library; a build without NetCDF checks that such a file is a clear error instead.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "grid_test_util.hpp"
#include "io/grid_netcdf.hpp"
#include "io/grid_source.hpp"
#include "test_support.hpp"

#ifdef TRIDG_WITH_NETCDF
#include <netcdf.h>
#endif

using namespace tridg;
using namespace tridg::gridtest;

#ifndef TRIDG_WITH_NETCDF

TEST_CASE("netcdf: a build without NetCDF says so") {
  CHECK(!have_netcdf());
  test::ScratchDir dir("nc");
  const std::string p = dir.file("g.nc");
  write(p, std::string("CDF\x01", 4) + std::string(60, '\0'));
  CHECK(detect_grid_format(p) == "netcdf");
  CHECK(contains(error_of([&] { read_netcdf_grid(p); }), "this build has no NetCDF"));
}

#else

namespace {

void ok(int status) {
  REQUIRE_MESSAGE(status == NC_NOERR, nc_strerror(status));
}

// A bilinear field: bilinear interpolation must reproduce it exactly.
double field(double x, double y) {
  return 0.5 + 2 * x - 3 * y + 0.25 * x * y;
}

struct Axis {
  std::string name, units;
  std::vector<double> v;
};

// Writes a grid variable `var` of `type` on dims (a0, a1), value f(x, y) stored through
// `store` (the packed value), and the attributes that `attrs` adds.
template <class T, class Store, class Attrs>
void write_grid(const std::string& path, const Axis& a0, const Axis& a1, bool x_first, nc_type type,
                const char* var, Store store, Attrs attrs, int mode = NC_CLOBBER) {
  int nc, d[2], c[2], v;
  ok(nc_create(path.c_str(), mode, &nc));
  const Axis* ax[2] = {&a0, &a1};
  for (int k = 0; k < 2; ++k) {
    ok(nc_def_dim(nc, ax[k]->name.c_str(), ax[k]->v.size(), &d[k]));
    ok(nc_def_var(nc, ax[k]->name.c_str(), NC_DOUBLE, 1, &d[k], &c[k]));
    if (!ax[k]->units.empty())
      ok(nc_put_att_text(nc, c[k], "units", ax[k]->units.size(), ax[k]->units.c_str()));
  }
  ok(nc_def_var(nc, var, type, 2, d, &v));
  attrs(nc, v);
  ok(nc_enddef(nc));
  for (int k = 0; k < 2; ++k) ok(nc_put_var_double(nc, c[k], ax[k]->v.data()));
  std::vector<T> data;
  for (double p : a0.v)
    for (double q : a1.v) data.push_back(store(x_first ? field(p, q) : field(q, p), p, q));
  ok(nc_put_var(nc, v, data.data()));
  ok(nc_close(nc));
}

const auto no_attrs = [](int, int) {};

} // namespace

TEST_CASE("netcdf: a GMT grid (x, y, float z) interpolates a bilinear field exactly") {
  test::ScratchDir dir("nc");
  const std::string p = dir.file("gmt.grd");
  const Axis y{"y", "", {0, 0.5, 1.0}}, x{"x", "", {10, 11, 12, 13}};
  write_grid<float>(
      p, y, x, false, NC_FLOAT, "z", [](double f, double, double) { return float(f); }, no_attrs);
  CHECK(have_netcdf());
  CHECK(detect_grid_format(p) == "netcdf");
  const Grid g = read_netcdf_grid(p);
  CHECK(g.xs == x.v);
  CHECK(g.ys == y.v);
  for (double qx : {10.0, 10.5, 11.25, 13.0})
    for (double qy : {0.0, 0.25, 0.75, 1.0}) CHECK(g(qx, qy) == field(qx, qy));
}

TEST_CASE("netcdf: descending latitude and a transposed grid give the same values") {
  test::ScratchDir dir("nc");
  const Axis lat{"lat", "degrees_north", {42.0, 41.5, 41.0}},
      lon{"lon", "degrees_east", {139.0, 139.25, 139.5, 139.75}};
  auto f = [](double v, double, double) { return v; };
  write_grid<double>(dir.file("a.nc"), lat, lon, false, NC_DOUBLE, "elevation", f, no_attrs);
  // Dimensions (lon, lat), named so that only the units tell which is which.
  const Axis e{"east", "degrees_east", lon.v}, n{"north", "degrees_north", {41.0, 41.5, 42.0}};
  write_grid<double>(dir.file("b.nc"), e, n, true, NC_DOUBLE, "elevation", f, no_attrs);
  const Grid a = read_netcdf_grid(dir.file("a.nc")), b = read_netcdf_grid(dir.file("b.nc"));
  CHECK(a.ys == std::vector<double>{41.0, 41.5, 42.0});
  CHECK(b.xs == a.xs);
  CHECK(b.ys == a.ys);
  CHECK(b.v == a.v);
  for (double qx : {139.0, 139.125, 139.6})
    for (double qy : {41.0, 41.25, 41.75, 42.0})
      CHECK(a(qx, qy) == doctest::Approx(field(qx, qy)).epsilon(1e-14));
}

TEST_CASE("netcdf: packed shorts with scale_factor, add_offset, _FillValue and missing_value") {
  test::ScratchDir dir("nc");
  const std::string p = dir.file("gebco.nc");
  const Axis lat{"latitude", "", {0, 1, 2}}, lon{"longitude", "", {0, 1, 2}};
  // Stored s = (f - 100) / 0.5; the node (0, 0) holds _FillValue, (2, 2) missing_value.
  write_grid<short>(
      p, lat, lon, false, NC_SHORT, "z",
      [](double f, double la, double lo) {
        if (la == 0 && lo == 0) return short(-32000);
        if (la == 2 && lo == 2) return short(7);
        return short(std::lround((f - 100) / 0.5));
      },
      [](int nc, int v) {
        const short fill = -32000, miss = 7;
        const double scale = 0.5, offset = 100;
        ok(nc_put_att_short(nc, v, "_FillValue", NC_SHORT, 1, &fill));
        ok(nc_put_att_short(nc, v, "missing_value", NC_SHORT, 1, &miss));
        ok(nc_put_att_double(nc, v, "scale_factor", NC_DOUBLE, 1, &scale));
        ok(nc_put_att_double(nc, v, "add_offset", NC_DOUBLE, 1, &offset));
      });
  const Grid g = read_netcdf_grid(p);
  CHECK(std::isnan(g.at(0, 0)));
  CHECK(std::isnan(g.at(2, 2)));
  CHECK(g.at(1, 0) == field(1, 0)); // 2.5, stored as -195
  CHECK(g.at(0, 2) == field(0, 2)); // -5.5
  CHECK(g.at(1, 1) == -0.5);        // -0.25 packs to -200.5, stored as -201
  CHECK(std::isnan(g(0.5, 0.5)));
  CHECK(g(1.5, 0.5) == (2.5 + 4.5 - 0.5 + 2) / 4);
}

TEST_CASE("netcdf: NaN is missing, the default fill too; a chosen variable among several") {
  test::ScratchDir dir("nc");
  const std::string p = dir.file("nan.nc");
  const Axis y{"y", "", {0, 1}}, x{"x", "", {0, 1, 2}};
  write_grid<float>(
      p, y, x, false, NC_FLOAT, "z",
      [](double f, double yy, double xx) {
        return xx == 2 && yy == 0 ? NAN : xx == 2 ? NC_FILL_FLOAT : float(f);
      },
      [](int nc, int) {
        int d[2] = {0, 1}, w;
        ok(nc_def_var(nc, "other", NC_INT, 2, d, &w));
      });
  CHECK(contains(error_of([&] { read_netcdf_grid(p); }),
                 "several 2-D variables (z, other); choose one with variable = \"NAME\""));
  const Grid g = read_netcdf_grid(p, "z");
  CHECK(std::isnan(g.at(2, 0)));
  CHECK(std::isnan(g.at(2, 1)));
  CHECK(g.at(1, 1) == field(1, 1));
  CHECK(g.source == p + " (z)");
  CHECK(error_of([&] { read_netcdf_grid(p, "depth"); }) ==
        p + ": no variable 'depth' (the 2-D ones: z, other)");
  CHECK(error_of([&] { read_netcdf_grid(p, "x"); }) ==
        p + ": variable 'x' has 1 dimensions; a grid needs 2");
}

TEST_CASE("netcdf: bad files are one-line errors naming the file and variable") {
  test::ScratchDir dir("nc");
  const std::string p = dir.file("bad.nc");
  const Axis y{"y", "", {0, 1}}, x{"x", "", {0, 1}};
  write_grid<double>(
      p, y, x, false, NC_DOUBLE, "z",
      [](double f, double, double xx) { return xx == 1 ? INFINITY : f; }, no_attrs);
  CHECK(error_of([&] { read_netcdf_grid(p); }) ==
        p + ": variable 'z': the value at index (0, 1) is not finite");
  const Axis bad{"x", "", {0, 1, 0.5}};
  write_grid<double>(
      p, y, bad, false, NC_DOUBLE, "z", [](double f, double, double) { return f; }, no_attrs);
  CHECK(error_of([&] { read_netcdf_grid(p); }) ==
        p + ": variable 'z': the x coordinates neither strictly ascend nor strictly descend");
  write_grid<double>(
      p, y, x, false, NC_DOUBLE, "z", [](double f, double, double) { return f; },
      [](int nc, int v) { ok(nc_put_att_text(nc, v, "scale_factor", 3, "two")); });
  CHECK(error_of([&] { read_netcdf_grid(p); }) ==
        p + ": variable 'z': attribute scale_factor is not a list of numbers");
  write(p, "CDF\x01 but not really");
  CHECK(error_of([&] { read_netcdf_grid(p); }).starts_with(p + ": cannot read it as NetCDF: "));
  CHECK(error_of([&] { read_netcdf_grid(dir.file("none.nc")); }) ==
        dir.file("none.nc") + ": cannot open the file");
}

TEST_CASE("netcdf: dimensions beyond 2^31 values are refused before reading") {
  test::ScratchDir dir("nc");
  const std::string p = dir.file("huge.nc");
  // NetCDF-4 stores no values that were never written, so the file stays small.
  int nc, d[2], c[2], v;
  ok(nc_create(p.c_str(), NC_CLOBBER | NC_NETCDF4, &nc));
  ok(nc_def_dim(nc, "y", 60000, &d[0]));
  ok(nc_def_dim(nc, "x", 60000, &d[1]));
  ok(nc_def_var(nc, "y", NC_DOUBLE, 1, &d[0], &c[0]));
  ok(nc_def_var(nc, "x", NC_DOUBLE, 1, &d[1], &c[1]));
  ok(nc_def_var(nc, "z", NC_FLOAT, 2, d, &v));
  ok(nc_close(nc));
  CHECK(error_of([&] { read_netcdf_grid(p); }) ==
        p + ": variable 'z': a grid of 60000 by 60000 values exceeds the limit of 2147483648 "
            "values");
}

#endif
