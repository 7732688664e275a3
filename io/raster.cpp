#include "io/raster.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <new>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/error.hpp"
#include "io/input_file.hpp"

#ifdef TRIDG_WITH_GDAL
#include <cpl_conv.h>
#include <cpl_error.h>
#include <gdal.h>
#include <ogr_srs_api.h>

#include <mutex>
#endif

namespace tridg {

const std::vector<std::string>& raster_drivers() {
  // Formats that hold one grid in one file (or a documented sidecar such as ESRI's .prj).
  static const std::vector<std::string> d{"GTiff", "netCDF", "AAIGrid", "GSAG",
                                          "GSBG",  "GS7BG",  "EHdr",    "HFA"};
  return d;
}

bool have_gdal() {
#ifdef TRIDG_WITH_GDAL
  return true;
#else
  return false;
#endif
}

namespace {

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  fail(ExitCode::bad_case, path + ": " + what);
}

// A path GDAL may open: a regular file, not one of GDAL's virtual paths or a URL (which would
// reach the network or other files).
void check_path(const std::string& path) {
  if (path.starts_with("/vsi") || path.find("://") != std::string::npos ||
      path.find('"') != std::string::npos)
    bad(path, "not a plain file name");
  require_regular_file(path);
}

} // namespace

#ifndef TRIDG_WITH_GDAL

bool is_raster(const std::string&) {
  return false;
}

Grid read_raster(const RasterRequest& r) {
  check_path(r.path);
  bad(r.path, "a raster, but this build has no GDAL (install libgdal-dev and configure with "
              "-DTRIDG_GDAL=ON)");
}

#else

namespace {

// GDAL's settings, once per process: nothing written beside a file read (no .aux.xml), no
// directory listing of the file's folder, no Python inside any file, one thread, text rasters in
// double precision.
void init_gdal() {
  static std::once_flag once;
  std::call_once(once, [] {
    CPLSetConfigOption("GDAL_PAM_ENABLED", "NO");
    CPLSetConfigOption("GDAL_DISABLE_READDIR_ON_OPEN", "EMPTY_DIR");
    CPLSetConfigOption("GDAL_VRT_ENABLE_PYTHON", "NO");
    CPLSetConfigOption("GDAL_NUM_THREADS", "1");
    CPLSetConfigOption("GDAL_CACHEMAX", "256");
    CPLSetConfigOption("CPL_DEBUG", "OFF");
    // ESRI ASCII values in full (GDAL would read decimals as 32-bit floats).
    CPLSetConfigOption("AAIGRID_DATATYPE", "Float64");
    GDALAllRegister();
  });
}

// GDAL's messages are kept (for ours) instead of printed, while one of these lives.
struct QuietErrors {
  QuietErrors() {
    CPLPushErrorHandler(CPLQuietErrorHandler);
    CPLErrorReset();
  }
  ~QuietErrors() { CPLPopErrorHandler(); }
  QuietErrors(const QuietErrors&) = delete;
  QuietErrors& operator=(const QuietErrors&) = delete;
  static std::string last() {
    const char* m = CPLGetLastErrorMsg();
    return m && *m ? std::string(": ") + m : std::string();
  }
};

struct Dataset {
  GDALDatasetH h = nullptr;
  Dataset() = default;
  Dataset(const Dataset&) = delete;
  Dataset& operator=(const Dataset&) = delete;
  ~Dataset() {
    if (h) GDALClose(h);
  }
};

// raster_drivers() as GDAL takes them: a null-terminated list.
const char* const* allowed_drivers() {
  static const std::vector<const char*> d = [] {
    std::vector<const char*> v;
    for (const std::string& n : raster_drivers()) v.push_back(n.c_str());
    v.push_back(nullptr);
    return v;
  }();
  return d.data();
}

GDALDatasetH open_allowed(const std::string& name) {
  return GDALOpenEx(name.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, allowed_drivers(), nullptr,
                    nullptr);
}

// The NetCDF variables of a file with several (GDAL's subdatasets), by name.
std::vector<std::string> variables_of(GDALDatasetH ds) {
  std::vector<std::string> names;
  char** md = GDALGetMetadata(ds, "SUBDATASETS");
  for (int i = 0; md && md[i]; ++i) {
    const std::string kv = md[i];
    if (kv.find("_NAME=") == std::string::npos) continue;
    const std::size_t colon = kv.rfind(':');
    if (colon != std::string::npos) names.push_back(kv.substr(colon + 1));
  }
  return names;
}

void open(const RasterRequest& r, Dataset& ds) {
  if (!r.variable.empty()) {
    if (r.variable.find_first_of("\":") != std::string::npos)
      bad(r.path, "variable '" + r.variable + "' is not a NetCDF variable name");
    ds.h = open_allowed("NETCDF:\"" + r.path + "\":" + r.variable);
    if (!ds.h) bad(r.path, "no NetCDF variable '" + r.variable + "'" + QuietErrors::last());
    return;
  }
  ds.h = open_allowed(r.path);
  if (!ds.h)
    bad(r.path,
        "not a raster that tridg reads (GeoTIFF, NetCDF, ESRI ASCII, ...)" + QuietErrors::last());
  if (GDALGetRasterCount(ds.h) == 0) {
    const std::vector<std::string> vars = variables_of(ds.h);
    if (vars.empty()) bad(r.path, "holds no raster band");
    bad(r.path, fmt::format("holds several variables ({}): name one with variable = \"...\"",
                            fmt::join(vars, ", ")));
  }
}

bool metres(std::string u) {
  std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return std::tolower(c); });
  return u.empty() || u == "m" || u.starts_with("metre") || u.starts_with("meter");
}

// The raster's outer edges (cell edges, not centres), whatever the signs of its steps.
struct Extent {
  double x0, x1, y0, y1;
};
Extent extent_of(const double gt[6], int nx, int ny) {
  const double xa = gt[0], xb = gt[0] + nx * gt[1], ya = gt[3], yb = gt[3] + ny * gt[5];
  return {std::min(xa, xb), std::max(xa, xb), std::min(ya, yb), std::max(ya, yb)};
}

void check_crs(const RasterRequest& r, GDALDatasetH ds, const Extent& e) {
  OGRSpatialReferenceH srs = GDALGetSpatialRef(ds);
  const bool geographic_crs = srs && OSRIsGeographic(srs);
  if (r.crs == RasterRequest::Crs::geographic) {
    if (srs && !geographic_crs) {
      const char* name = OSRGetName(srs);
      bad(r.path, std::string("its coordinates are projected (") + (name ? name : "unnamed") +
                      "); a geographic mesh needs longitude and latitude");
    }
    // Without a stated system the extent must at least be one of degrees.
    if (std::max(-e.y0, e.y1) > 90 + 1e-9 || std::max(-e.x0, e.x1) > 360 + 1e-9)
      bad(r.path, fmt::format("its extent ({} to {} by {} to {}) is not one of longitudes and "
                              "latitudes, which a geographic mesh needs",
                              e.x0, e.x1, e.y0, e.y1));
  } else if (r.crs == RasterRequest::Crs::planar && geographic_crs) {
    bad(r.path, "its coordinates are longitude and latitude, but the mesh is not geographic "
                "(set mesh.coordinates = \"geographic\", or give a projected raster)");
  }
}

// Column (or row) index range [lo, hi] of cells whose centres lie around [a0, a1], with `margin`
// cells beyond, in the raster's own index space (unclamped).
void index_range(double a0, double a1, double origin, double step, int margin, long& lo, long& hi) {
  const double i0 = (a0 - origin) / step - 0.5, i1 = (a1 - origin) / step - 0.5;
  lo = long(std::floor(std::min(i0, i1))) - margin;
  hi = long(std::ceil(std::max(i0, i1))) + margin;
}

} // namespace

bool is_raster(const std::string& path) {
  init_gdal();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec) || path.starts_with("/vsi")) return false;
  QuietErrors quiet;
  return GDALIdentifyDriverEx(path.c_str(), GDAL_OF_RASTER, allowed_drivers(), nullptr) != nullptr;
}

Grid read_raster(const RasterRequest& r) {
  check_path(r.path);
  init_gdal();
  QuietErrors quiet;
  Dataset ds;
  open(r, ds);
  const std::string& path = r.path;
  const int nx = GDALGetRasterXSize(ds.h), ny = GDALGetRasterYSize(ds.h);
  if (GDALGetRasterCount(ds.h) > 1)
    bad(path,
        fmt::format("holds {} bands; tridg reads rasters of one band", GDALGetRasterCount(ds.h)));
  double gt[6];
  if (GDALGetGeoTransform(ds.h, gt) != CE_None)
    bad(path, "has no georeferencing (no geotransform: where its cells lie is unknown)");
  if (gt[2] != 0 || gt[4] != 0) bad(path, "is a rotated grid, which tridg does not read");
  if (!(gt[1] != 0 && gt[5] != 0 && std::isfinite(gt[0]) && std::isfinite(gt[3]) &&
        std::isfinite(gt[1]) && std::isfinite(gt[5])))
    bad(path, "has a degenerate georeferencing (a cell of zero or non-finite size)");
  if (nx < 2 || ny < 2) bad(path, fmt::format("is {} x {} cells: at least 2 x 2 needed", nx, ny));
  const Extent e = extent_of(gt, nx, ny);
  check_crs(r, ds.h, e);
  GDALRasterBandH band = GDALGetRasterBand(ds.h, 1);
  if (const char* u = GDALGetRasterUnitType(band); u && !metres(u))
    bad(path, std::string("its values are in '") + u + "'; tridg needs metres");

  // The columns to read, in the raster's index space extended periodically for a geographic
  // raster all around the globe.
  long c0 = 0, c1 = nx - 1, r0 = 0, r1 = ny - 1;
  const bool geographic = r.crs == RasterRequest::Crs::geographic;
  const bool global = geographic && std::abs(nx * gt[1]) >= 360 - 0.5 * std::abs(gt[1]);
  double shift = 0; // whole turns added to the window's longitudes to meet the raster's
  if (r.window) {
    RasterWindow w = *r.window;
    if (geographic && !global) {
      // The shift of the window by whole turns that overlaps the raster the most.
      double best = -1;
      for (double s : {0.0, -360.0, 360.0}) {
        const double o = std::min(e.x1, w.x1 + s) - std::max(e.x0, w.x0 + s);
        if (o > best + 1e-12) best = o, shift = s;
      }
      w.x0 += shift;
      w.x1 += shift;
    }
    index_range(w.x0, w.x1, gt[0], gt[1], 2, c0, c1);
    index_range(w.y0, w.y1, gt[3], gt[5], 2, r0, r1);
    r0 = std::max(r0, 0L);
    r1 = std::min(r1, long(ny) - 1);
    if (global) {
      if (c1 - c0 + 1 > nx) c1 = c0 + nx - 1;
    } else {
      c0 = std::max(c0, 0L);
      c1 = std::min(c1, long(nx) - 1);
    }
    if (c0 >= c1 || r0 >= r1)
      bad(path, fmt::format("the raster ({} to {} by {} to {}) does not reach the mesh ({} to {} "
                            "by {} to {})",
                            e.x0, e.x1, e.y0, e.y1, r.window->x0, r.window->x1, r.window->y0,
                            r.window->y1));
  }
  const std::size_t wx = std::size_t(c1 - c0 + 1), wy = std::size_t(r1 - r0 + 1);
  check_grid_size(wx, wy, path);

  Grid g;
  g.source = path + (r.variable.empty() ? "" : " (" + r.variable + ")");
  try {
    g.v.assign(wx * wy, 0.0);
  } catch (const std::bad_alloc&) {
    bad(path, fmt::format("not enough memory for its {} x {} cells", wx, wy));
  }
  std::vector<unsigned char> valid;
  const int mask_flags = GDALGetMaskFlags(band);
  const bool masked = !(mask_flags & GMF_ALL_VALID);
  if (masked) valid.assign(wx * wy, 1);
  // Runs of consecutive source columns: one, or two where the window crosses a global
  // raster's seam.
  for (long c = c0; c <= c1;) {
    const long src = ((c % nx) + nx) % nx;
    const long run = std::min<long>(c1 - c + 1, nx - src);
    GDALRasterIOExtraArg extra;
    INIT_RASTERIO_EXTRA_ARG(extra);
    const std::size_t off = std::size_t(c - c0);
    if (GDALRasterIOEx(band, GF_Read, int(src), int(r0), int(run), int(wy), g.v.data() + off,
                       int(run), int(wy), GDT_Float64, sizeof(double),
                       GSpacing(wx * sizeof(double)), &extra) != CE_None)
      bad(path, "cannot read its values" + QuietErrors::last());
    if (masked && GDALRasterIOEx(GDALGetMaskBand(band), GF_Read, int(src), int(r0), int(run),
                                 int(wy), valid.data() + off, int(run), int(wy), GDT_Byte, 1,
                                 GSpacing(wx), &extra) != CE_None)
      bad(path, "cannot read its mask of missing values" + QuietErrors::last());
    c += run;
  }
  int has_scale = 0, has_offset = 0;
  const double scale = GDALGetRasterScale(band, &has_scale);
  const double offset = GDALGetRasterOffset(band, &has_offset);
  std::size_t n_valid = 0;
  for (std::size_t k = 0; k < g.v.size(); ++k) {
    double& v = g.v[k];
    if ((masked && !valid[k]) || !std::isfinite(v)) {
      v = std::nan("");
      continue;
    }
    if (has_scale) v *= scale;
    if (has_offset) v += offset;
    n_valid += std::isfinite(v) ? 1 : 0;
  }
  if (n_valid == 0)
    bad(path, r.window ? "holds no value (only missing ones) over the mesh"
                       : "holds no value (only missing ones)");
  g.xs.resize(wx);
  g.ys.resize(wy);
  for (std::size_t i = 0; i < wx; ++i)
    g.xs[i] = gt[0] + (double(c0 + long(i)) + 0.5) * gt[1] - shift;
  for (std::size_t j = 0; j < wy; ++j) g.ys[j] = gt[3] + (double(r0 + long(j)) + 0.5) * gt[5];
  make_ascending(g, path);
  const double hx = 0.5 * std::abs(gt[1]), hy = 0.5 * std::abs(gt[5]);
  g.cover = {g.xs.front() - hx, g.xs.back() + hx, g.ys.front() - hy, g.ys.back() + hy};
  return g;
}

#endif

} // namespace tridg
