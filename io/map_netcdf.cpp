#include <cmath>
#include <filesystem>
#include <limits>

#include "io/atomic_file.hpp"
#include "io/error.hpp"
#include "io/map_grid.hpp"

#ifdef TRIDG_WITH_NETCDF
#include <netcdf.h>
#endif

namespace tridg {

const MapField* MapGrid::field(const std::string& name) const {
  for (const MapField& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

#ifndef TRIDG_WITH_NETCDF

void write_map_netcdf(const MapGrid&, const std::string& path) {
  fail(ExitCode::bad_case, path + ": writing NetCDF needs a build with NetCDF (install "
                                  "libnetcdf-dev and configure with -DTRIDG_NETCDF=ON)");
}

MapGrid read_map_netcdf(const std::string& path) {
  fail(ExitCode::bad_case, path + ": reading NetCDF needs a build with NetCDF");
}

#else

namespace {

void check(int status, const std::string& path, const std::string& what, ExitCode code) {
  if (status != NC_NOERR) fail(code, path + ": " + what + ": " + nc_strerror(status));
}

void text_attr(int nc, int var, const char* name, const std::string& v, const std::string& p) {
  check(nc_put_att_text(nc, var, name, v.size(), v.c_str()), p, name, ExitCode::io_error);
}

std::string get_text_attr(int nc, int var, const char* name) {
  std::size_t n = 0;
  if (nc_inq_attlen(nc, var, name, &n) != NC_NOERR) return {};
  std::string s(n, '\0');
  if (nc_get_att_text(nc, var, name, s.data()) != NC_NOERR) return {};
  return s;
}

// Closes the file on every path.
struct NcFile {
  int id = -1;
  ~NcFile() {
    if (id >= 0) nc_close(id);
  }
};

} // namespace

void write_map_netcdf(const MapGrid& g, const std::string& path) {
  TempFile tmp(path);
  const std::string& p = tmp.final_path();
  {
    NcFile f;
    check(nc_create(tmp.tmp().c_str(), NC_CLOBBER | NC_NETCDF4, &f.id), p, "create",
          ExitCode::io_error);
    const char* yn = g.geographic ? "lat" : "y";
    const char* xn = g.geographic ? "lon" : "x";
    int dy = 0, dx = 0, vy = 0, vx = 0;
    check(nc_def_dim(f.id, yn, std::size_t(g.ny), &dy), p, "dimension", ExitCode::io_error);
    check(nc_def_dim(f.id, xn, std::size_t(g.nx), &dx), p, "dimension", ExitCode::io_error);
    check(nc_def_var(f.id, yn, NC_DOUBLE, 1, &dy, &vy), p, "variable", ExitCode::io_error);
    check(nc_def_var(f.id, xn, NC_DOUBLE, 1, &dx, &vx), p, "variable", ExitCode::io_error);
    if (g.geographic) {
      text_attr(f.id, vy, "units", "degrees_north", p);
      text_attr(f.id, vy, "standard_name", "latitude", p);
      text_attr(f.id, vx, "units", "degrees_east", p);
      text_attr(f.id, vx, "standard_name", "longitude", p);
    } else {
      text_attr(f.id, vy, "units", "m", p);
      text_attr(f.id, vy, "standard_name", "projection_y_coordinate", p);
      text_attr(f.id, vx, "units", "m", p);
      text_attr(f.id, vx, "standard_name", "projection_x_coordinate", p);
    }
    text_attr(f.id, vy, "axis", "Y", p);
    text_attr(f.id, vx, "axis", "X", p);
    const int dims[2] = {dy, dx};
    std::vector<int> ids;
    const double fill = std::numeric_limits<double>::quiet_NaN();
    for (const MapField& m : g.fields) {
      int v = 0;
      check(nc_def_var(f.id, m.name.c_str(), NC_DOUBLE, 2, dims, &v), p, m.name,
            ExitCode::io_error);
      check(nc_def_var_fill(f.id, v, 0, &fill), p, m.name, ExitCode::io_error);
      text_attr(f.id, v, "long_name", m.long_name, p);
      text_attr(f.id, v, "units", m.units, p);
      ids.push_back(v);
    }
    text_attr(f.id, NC_GLOBAL, "Conventions", "CF-1.8", p);
    text_attr(f.id, NC_GLOBAL, "title", g.title, p);
    text_attr(f.id, NC_GLOBAL, "source", "tridg " TRIDG_VERSION, p);
    text_attr(f.id, NC_GLOBAL, "history", g.history, p);
    check(nc_enddef(f.id), p, "header", ExitCode::io_error);
    std::vector<double> ys(g.ny), xs(g.nx);
    for (int j = 0; j < g.ny; ++j) ys[j] = g.y0 + j * g.dy;
    for (int i = 0; i < g.nx; ++i) xs[i] = g.x0 + i * g.dx;
    check(nc_put_var_double(f.id, vy, ys.data()), p, yn, ExitCode::io_error);
    check(nc_put_var_double(f.id, vx, xs.data()), p, xn, ExitCode::io_error);
    for (std::size_t k = 0; k < g.fields.size(); ++k)
      check(nc_put_var_double(f.id, ids[k], g.fields[k].values.data()), p, g.fields[k].name,
            ExitCode::io_error);
    const int status = nc_close(f.id);
    f.id = -1;
    check(status, p, "close", ExitCode::io_error);
  }
  tmp.commit();
}

MapGrid read_map_netcdf(const std::string& path) {
  NcFile f;
  check(nc_open(path.c_str(), NC_NOWRITE, &f.id), path, "open", ExitCode::bad_case);
  MapGrid g;
  int vy = -1, vx = -1;
  if (nc_inq_varid(f.id, "lat", &vy) == NC_NOERR && nc_inq_varid(f.id, "lon", &vx) == NC_NOERR) {
    g.geographic = true;
  } else if (nc_inq_varid(f.id, "y", &vy) == NC_NOERR && nc_inq_varid(f.id, "x", &vx) == NC_NOERR) {
    g.geographic = false;
  } else {
    fail(ExitCode::bad_case, path + ": not a map of tridg maps (no lat/lon or y/x coordinates)");
  }
  // Each axis is a variable of one dimension; the fields are read only when their two dimensions
  // are the axes' own (y, x), so that no file can make a read larger than its buffer.
  auto axis = [&](int v, int& n, double& a0, double& da) {
    int nd = 0;
    check(nc_inq_varndims(f.id, v, &nd), path, "axis", ExitCode::bad_case);
    if (nd != 1)
      fail(ExitCode::bad_case, path + ": an axis (lat/lon or y/x) has " + std::to_string(nd) +
                                   " dimensions instead of one");
    int dim = 0;
    check(nc_inq_vardimid(f.id, v, &dim), path, "axis", ExitCode::bad_case);
    std::size_t len = 0;
    check(nc_inq_dimlen(f.id, dim, &len), path, "axis", ExitCode::bad_case);
    if (len < 2 || len > 100000) fail(ExitCode::bad_case, path + ": axis of unusable length");
    std::vector<double> a(len);
    check(nc_get_var_double(f.id, v, a.data()), path, "axis", ExitCode::bad_case);
    n = int(len);
    a0 = a[0];
    da = a[1] - a[0];
    bool regular = std::isfinite(a0) && std::isfinite(da) && da > 0;
    for (std::size_t i = 2; regular && i < len; ++i)
      regular = std::abs(a[i] - (a0 + double(i) * da)) <= 1e-6 * da;
    if (!regular) fail(ExitCode::bad_case, path + ": the axes must be increasing and regular");
    return dim;
  };
  const int dim_y = axis(vy, g.ny, g.y0, g.dy);
  const int dim_x = axis(vx, g.nx, g.x0, g.dx);
  int nvars = 0;
  check(nc_inq_nvars(f.id, &nvars), path, "variables", ExitCode::bad_case);
  for (int v = 0; v < nvars; ++v) {
    int nd = 0;
    char name[NC_MAX_NAME + 1] = {};
    check(nc_inq_varname(f.id, v, name), path, "variable", ExitCode::bad_case);
    check(nc_inq_varndims(f.id, v, &nd), path, name, ExitCode::bad_case);
    if (nd != 2) continue;
    int dims[2] = {};
    check(nc_inq_vardimid(f.id, v, dims), path, name, ExitCode::bad_case);
    if (dims[0] != dim_y || dims[1] != dim_x)
      fail(ExitCode::bad_case, path + ": field '" + name + "' is not on the file's (" +
                                   (g.geographic ? "lat, lon" : "y, x") + ") axes");
    MapField m;
    m.name = name;
    m.long_name = get_text_attr(f.id, v, "long_name");
    m.units = get_text_attr(f.id, v, "units");
    m.values.resize(std::size_t(g.nx) * g.ny);
    check(nc_get_var_double(f.id, v, m.values.data()), path, name, ExitCode::bad_case);
    g.fields.push_back(std::move(m));
  }
  g.title = get_text_attr(f.id, NC_GLOBAL, "title");
  return g;
}

#endif

} // namespace tridg
