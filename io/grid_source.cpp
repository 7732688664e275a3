#include "io/grid_source.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "io/error.hpp"
#include "io/grid.hpp"
#include "io/grid_scattered.hpp"
#include "io/input_file.hpp"

namespace tridg {

namespace {

// A regular grid whose nearest-value search over the nodes that have values is built on first
// use: only the fill grid of a stack ever needs it.
struct RegularLayer {
  Grid grid;
  std::once_flag once;
  std::unique_ptr<ScatteredGrid> nodes;

  double nearest(double x, double y) {
    // The nearest point of the rectangle, when the nodes around it have values.
    if (const double v = grid.clamped(x, y); !std::isnan(v)) return v;
    std::call_once(once, [this] {
      std::vector<double> px, py, pv;
      for (std::size_t j = 0; j < grid.ys.size(); ++j)
        for (std::size_t i = 0; i < grid.xs.size(); ++i)
          if (const double v = grid.at(i, j); !std::isnan(v)) {
            px.push_back(grid.xs[i]);
            py.push_back(grid.ys[j]);
            pv.push_back(v);
          }
      if (!pv.empty())
        nodes = std::make_unique<ScatteredGrid>(grid.source, std::move(px), std::move(py),
                                                std::move(pv));
    });
    return nodes ? nodes->nearest(x, y) : std::nan("");
  }
};

GridLayer regular_layer(Grid g, const GridSpec& spec, const std::string& format) {
  for (double& v : g.v) {
    if (spec.missing && v == *spec.missing) v = std::nan("");
    v *= spec.sign;
  }
  auto r = std::make_shared<RegularLayer>();
  r->grid = std::move(g);
  GridLayer l;
  l.name = fmt::format("{} ({}, {} x {})", spec.path, format, r->grid.xs.size(), r->grid.ys.size());
  l.spacing = r->grid.spacing();
  l.priority = spec.priority;
  l.value = [r](double x, double y) { return r->grid(x, y); };
  l.nearest = [r](double x, double y) { return r->nearest(x, y); };
  return l;
}

GridLayer scattered_layer(const GridSpec& spec) {
  XyzPoints p = read_xyz_points(spec.path, spec.columns);
  std::vector<double> px, py, pv;
  for (std::size_t k = 0; k < p.v.size(); ++k) {
    if (spec.missing && p.v[k] == *spec.missing) continue;
    px.push_back(p.x[k]);
    py.push_back(p.y[k]);
    pv.push_back(spec.sign * p.v[k]);
  }
  auto s = std::make_shared<ScatteredGrid>(spec.path, std::move(px), std::move(py), std::move(pv),
                                           spec.radius);
  GridLayer l;
  l.name = fmt::format("{} (scattered, {} points, radius {})", spec.path, s->size(), s->radius());
  l.spacing = s->spacing();
  l.priority = spec.priority;
  l.value = [s](double x, double y) { return (*s)(x, y); };
  l.nearest = [s](double x, double y) { return s->nearest(x, y); };
  return l;
}

// A raster's first bytes (TIFF, NetCDF classic or HDF5, an ESRI ASCII header), for a build
// without GDAL to say what it cannot read rather than misread it as text.
bool looks_like_raster(std::string head) {
  for (char& c : head) c = char(std::tolower(static_cast<unsigned char>(c)));
  return head.starts_with(std::string("ii*\0", 4)) || head.starts_with(std::string("mm\0*", 4)) ||
         head.starts_with("cdf") || head.starts_with("\x89hdf\r\n\x1a\n") ||
         head.starts_with("ncols");
}

} // namespace

GridArea mesh_grid_area(const Mesh& mesh, bool geographic) {
  GridArea a;
  a.crs = geographic ? RasterRequest::Crs::geographic : RasterRequest::Crs::planar;
  if (mesh.x.empty()) return a;
  const auto [x0, x1] = std::minmax_element(mesh.x.begin(), mesh.x.end());
  const auto [y0, y1] = std::minmax_element(mesh.y.begin(), mesh.y.end());
  a.window = RasterWindow{*x0, *x1, *y0, *y1};
  return a;
}

std::string detect_grid_format(const std::string& path) {
  require_regular_file(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(ExitCode::bad_case, path + ": cannot open the file");
  std::string head(512, '\0');
  in.read(head.data(), std::streamsize(head.size()));
  head.resize(std::size_t(in.gcount()));
  return is_raster(path) || looks_like_raster(head) ? "raster" : "xyz";
}

GridLayer open_grid(const GridSpec& spec) {
  std::string format = spec.format == "auto" ? detect_grid_format(spec.path) : spec.format;
  if (format == "netcdf" || format == "esri" || format == "geotiff") format = "raster";
  if (format == "raster")
    return regular_layer(read_raster({spec.path, spec.variable, spec.area.window, spec.area.crs}),
                         spec, format);
  if (format == "xyz") return regular_layer(read_xyz_grid(spec.path, spec.columns), spec, format);
  if (format == "scattered") return scattered_layer(spec);
  fail(ExitCode::bad_case, spec.path + ": unknown grid format '" + format + "'");
}

} // namespace tridg
