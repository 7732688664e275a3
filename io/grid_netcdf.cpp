#include "io/grid_netcdf.hpp"

#include "io/error.hpp"

#ifdef TRIDG_WITH_NETCDF
#include <netcdf.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <vector>
#endif

namespace tridg {

bool have_netcdf() {
#ifdef TRIDG_WITH_NETCDF
  return true;
#else
  return false;
#endif
}

bool looks_like_netcdf(const std::string& head) {
  return head.starts_with(std::string("CDF\x01", 4)) ||
         head.starts_with(std::string("CDF\x02", 4)) ||
         head.starts_with(std::string("CDF\x05", 4)) || head.starts_with("\x89HDF\r\n\x1a\n");
}

#ifndef TRIDG_WITH_NETCDF

Grid read_netcdf_grid(const std::string& path, const std::string&) {
  fail(ExitCode::bad_case, path + ": a NetCDF grid, but this build has no NetCDF (install "
                                  "libnetcdf-dev and configure with -DTRIDG_NETCDF=ON)");
}

#else

namespace {

struct File {
  int id = -1;
  ~File() {
    if (id >= 0) nc_close(id);
  }
};

class Reader {
public:
  explicit Reader(const std::string& path) : path_(path) {}

  [[noreturn]] void bad(const std::string& what) const {
    fail(ExitCode::bad_case, path_ + ": " + what);
  }
  void check(int status, const std::string& what) const {
    if (status != NC_NOERR) bad(what + ": " + nc_strerror(status));
  }
  std::string var_name(int var) const {
    char name[NC_MAX_NAME + 1] = {};
    check(nc_inq_varname(f_.id, var, name), "cannot read a variable's name");
    return name;
  }
  std::string label(int var) const { return "variable '" + var_name(var) + "'"; }

  void open() {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path_, ec)) bad("cannot open the file");
    check(nc_open(path_.c_str(), NC_NOWRITE, &f_.id), "cannot read it as NetCDF");
  }

  int ndims(int var) const {
    int n = 0;
    check(nc_inq_varndims(f_.id, var, &n), "cannot read " + label(var));
    return n;
  }

  std::vector<int> dims(int var) const {
    const int n = ndims(var);
    if (n > NC_MAX_VAR_DIMS) bad(label(var) + " has too many dimensions");
    std::vector<int> d(std::size_t(std::max(n, 1)));
    check(nc_inq_vardimid(f_.id, var, d.data()), "cannot read " + label(var));
    d.resize(std::size_t(n));
    return d;
  }

  // The coordinate variable of dimension `dim` (same name, 1-D on it), or -1.
  int coordinate(int dim) const {
    char name[NC_MAX_NAME + 1] = {};
    check(nc_inq_dimname(f_.id, dim, name), "cannot read a dimension");
    int var;
    if (nc_inq_varid(f_.id, name, &var) != NC_NOERR) return -1;
    const std::vector<int> d = dims(var);
    return d.size() == 1 && d[0] == dim ? var : -1;
  }

  bool is_coordinate(int var) const {
    const std::vector<int> d = dims(var);
    return d.size() == 1 && coordinate(d[0]) == var;
  }

  int find_variable(const std::string& name) const {
    if (!name.empty()) {
      int var;
      if (nc_inq_varid(f_.id, name.c_str(), &var) != NC_NOERR)
        bad("no variable '" + name + "' (the 2-D ones: " + list_2d() + ")");
      if (ndims(var) != 2)
        bad("variable '" + name + "' has " + std::to_string(ndims(var)) +
            " dimensions; a grid needs 2");
      return var;
    }
    std::vector<int> found;
    for (int var : variables())
      if (ndims(var) == 2) found.push_back(var);
    if (found.size() != 1)
      bad(found.empty()
              ? "no 2-D variable: not a grid"
              : "several 2-D variables (" + list_2d() + "); choose one with variable = \"NAME\"");
    return found[0];
  }

  std::vector<int> variables() const {
    int n = 0;
    check(nc_inq_nvars(f_.id, &n), "cannot list the variables");
    std::vector<int> out;
    for (int v = 0; v < n; ++v)
      if (!is_coordinate(v)) out.push_back(v);
    return out;
  }

  std::string list_2d() const {
    std::string s;
    for (int var : variables())
      if (ndims(var) == 2) s += (s.empty() ? "" : ", ") + var_name(var);
    return s.empty() ? "none" : s;
  }

  // A text attribute in lower case; empty when absent or not text.
  std::string text_attribute(int var, const char* name) const {
    nc_type type;
    std::size_t len;
    if (nc_inq_att(f_.id, var, name, &type, &len) != NC_NOERR) return "";
    std::string s;
    if (type == NC_CHAR && len < 4096) {
      s.resize(len);
      if (nc_get_att_text(f_.id, var, name, s.data()) != NC_NOERR) return "";
    } else if (type == NC_STRING && len == 1) {
      char* p = nullptr;
      if (nc_get_att_string(f_.id, var, name, &p) != NC_NOERR) return "";
      s = p ? p : "";
      nc_free_string(1, &p);
    }
    s.erase(std::find(s.begin(), s.end(), '\0'), s.end());
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  // A numeric attribute's values; empty when absent.
  std::vector<double> numbers(int var, const char* name) const {
    nc_type type;
    std::size_t len;
    if (nc_inq_att(f_.id, var, name, &type, &len) != NC_NOERR) return {};
    if (type == NC_CHAR || type == NC_STRING || type > NC_UINT64 || len == 0 || len > 64)
      bad(label(var) + ": attribute " + name + " is not a list of numbers");
    std::vector<double> v(len);
    check(nc_get_att_double(f_.id, var, name, v.data()),
          label(var) + ": cannot read attribute " + name);
    return v;
  }

  double single(int var, const char* name, double def) const {
    const std::vector<double> v = numbers(var, name);
    if (v.empty()) return def;
    if (v.size() != 1 || !std::isfinite(v[0]))
      bad(label(var) + ": attribute " + name + " must be one finite number");
    return v[0];
  }

  // 'x', 'y', or 0 when the coordinate variable says neither.
  char axis(int var) const {
    const std::string units = text_attribute(var, "units");
    for (const char* u :
         {"degrees_east", "degree_east", "degrees_e", "degree_e", "degreese", "degreee"})
      if (units == u) return 'x';
    for (const char* u :
         {"degrees_north", "degree_north", "degrees_n", "degree_n", "degreesn", "degreen"})
      if (units == u) return 'y';
    const std::string ax = text_attribute(var, "axis");
    if (ax == "x" || ax == "y") return ax[0];
    const std::string sn = text_attribute(var, "standard_name");
    if (sn == "longitude" || sn == "projection_x_coordinate" || sn == "grid_longitude") return 'x';
    if (sn == "latitude" || sn == "projection_y_coordinate" || sn == "grid_latitude") return 'y';
    std::string name = var_name(var);
    for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (name == "lon" || name == "longitude" || name == "x") return 'x';
    if (name == "lat" || name == "latitude" || name == "y") return 'y';
    return 0;
  }

  std::vector<double> coordinates(int var, std::size_t n) const {
    std::vector<double> c(n);
    check(nc_get_var_double(f_.id, var, c.data()), "cannot read " + label(var));
    return c;
  }

  Grid read(const std::string& variable) {
    open();
    const int var = find_variable(variable);
    const std::string what = label(var);
    nc_type type;
    check(nc_inq_vartype(f_.id, var, &type), "cannot read " + what);
    if (type == NC_CHAR || type == NC_STRING || type < NC_BYTE || type > NC_UINT64)
      bad(what + " is not numeric");
    const std::vector<int> d = dims(var);
    int coord[2];
    std::size_t len[2];
    for (int k = 0; k < 2; ++k) {
      coord[k] = coordinate(d[std::size_t(k)]);
      if (coord[k] < 0)
        bad(what + ": dimension " + std::to_string(k + 1) + " has no coordinate variable");
      check(nc_inq_dimlen(f_.id, d[std::size_t(k)], &len[k]), "cannot read " + what);
    }
    const char a0 = axis(coord[0]), a1 = axis(coord[1]);
    if (a0 != 0 && a0 == a1)
      bad(what + ": both coordinates (" + var_name(coord[0]) + ", " + var_name(coord[1]) +
          ") look like " + std::string(1, a0));
    // x is dimension 0 (a transposed grid) only when the coordinates say so.
    const bool x_first = a0 == 'x' || a1 == 'y';
    const int kx = x_first ? 0 : 1, ky = 1 - kx;
    const std::size_t nx = len[kx], ny = len[ky];
    check_grid_size(nx, ny, path_ + ": " + what);

    Grid g;
    g.source = path_ + " (" + var_name(var) + ")";
    g.xs = coordinates(coord[kx], nx);
    g.ys = coordinates(coord[ky], ny);
    std::vector<double> raw(nx * ny);
    check(nc_get_var_double(f_.id, var, raw.data()), "cannot read " + what);

    std::vector<double> missing = numbers(var, "missing_value");
    std::vector<double> fill = numbers(var, "_FillValue");
    if (fill.size() > 1) bad(what + ": attribute _FillValue must be one number");
    if (fill.empty()) fill.push_back(default_fill(type));
    missing.insert(missing.end(), fill.begin(), fill.end());
    const double scale = single(var, "scale_factor", 1.0);
    const double offset = single(var, "add_offset", 0.0);

    g.v.resize(nx * ny);
    for (std::size_t i0 = 0; i0 < len[0]; ++i0)
      for (std::size_t i1 = 0; i1 < len[1]; ++i1) {
        const double r = raw[i0 * len[1] + i1];
        const std::size_t i = x_first ? i0 : i1, j = x_first ? i1 : i0;
        double& out = g.v[j * nx + i];
        if (std::isnan(r) || std::find(missing.begin(), missing.end(), r) != missing.end()) {
          out = std::nan("");
          continue;
        }
        out = r * scale + offset;
        if (!std::isfinite(out))
          bad(what + ": the value at index (" + std::to_string(i0) + ", " + std::to_string(i1) +
              ") is not finite");
      }
    make_ascending(g, path_ + ": " + what);
    return g;
  }

  static double default_fill(nc_type type) {
    switch (type) {
    case NC_SHORT:
      return NC_FILL_SHORT;
    case NC_INT:
      return NC_FILL_INT;
    case NC_FLOAT:
      return double(NC_FILL_FLOAT);
    case NC_DOUBLE:
      return NC_FILL_DOUBLE;
    case NC_USHORT:
      return NC_FILL_USHORT;
    case NC_UINT:
      return NC_FILL_UINT;
    case NC_INT64:
      return double(NC_FILL_INT64);
    case NC_UINT64:
      return double(NC_FILL_UINT64);
    default:
      return std::nan(""); // bytes have no default fill to honour
    }
  }

private:
  std::string path_;
  File f_;
};

} // namespace

Grid read_netcdf_grid(const std::string& path, const std::string& variable) {
  return Reader(path).read(variable);
}

#endif

} // namespace tridg
