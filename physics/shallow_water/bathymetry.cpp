#include "physics/shallow_water/bathymetry.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>

#include "io/expression.hpp"
#include "io/grid_source.hpp"
#include "io/grid_stack.hpp"
#include "io/threaded_expression.hpp"
#include "solver/boundary_setup.hpp"

namespace tridg {

namespace {

// One grid's keys, from [bathymetry] itself (the single-file form) or one [[bathymetry.grid]].
GridSpec read_grid_spec(const Config& t, const Config& root, bool single, const GridArea& area) {
  GridSpec s;
  s.area = area;
  s.path = root.case_relative(t.get_string("file"));
  // The single-file form read depths by default; a new grid must say which it holds, since
  // a wrong sign turns the sea into mountains.
  const std::string values = single ? t.get_choice("values", {"depth", "elevation"}, "depth")
                                    : t.get_choice("values", {"depth", "elevation"});
  s.sign = values == "depth" ? -1.0 : 1.0;
  s.format = t.get_choice(
      "format", {"auto", "raster", "geotiff", "netcdf", "esri", "xyz", "scattered"}, "auto");
  if (s.format == "auto") s.format = detect_grid_format(s.path);
  const bool text = s.format == "xyz" || s.format == "scattered";
  if (t.has("variable")) {
    if (text) t.error("variable", "only a raster (NetCDF) has variables");
    s.variable = t.get_string("variable");
  }
  if (t.has("columns")) {
    if (!text) t.error("columns", "only x y z text has columns");
    const std::vector<double> c = t.get_doubles("columns");
    if (c.size() != 3)
      t.error("columns", "give three 1-based column numbers: x (or longitude), y (or latitude) "
                         "and the value");
    for (int k = 0; k < 3; ++k) {
      if (c[std::size_t(k)] != std::floor(c[std::size_t(k)]) || c[std::size_t(k)] < 1 ||
          c[std::size_t(k)] > 1000)
        t.error("columns", "column numbers are whole numbers from 1 to 1000");
      s.columns[std::size_t(k)] = int(c[std::size_t(k)]);
    }
  }
  if (t.has("radius")) {
    if (s.format != "scattered") t.error("radius", "only scattered points have a search radius");
    s.radius = t.get_double_in("radius", 0.0, std::numeric_limits<double>::max());
  }
  if (t.has("missing")) {
    const double m = t.get_double("missing");
    if (!std::isfinite(m)) t.error("missing", "must be a finite number");
    s.missing = m;
  }
  if (!single) s.priority = t.get_int_in("priority", -1000000, 1000000, 0);
  return s;
}

GridFill read_fill(const Config& t, bool single) {
  GridFill fill;
  if (!t.has("fill")) {
    // The single-file form always extended its grid to the nearest boundary value.
    if (single) fill.kind = GridFill::Kind::nearest;
    return fill;
  }
  const std::string text = t.get_expression("fill");
  if (text == "nearest") {
    fill.kind = GridFill::Kind::nearest;
    return fill;
  }
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end || !std::isfinite(v))
    t.error("fill", "expected \"nearest\" or an elevation (a number), got '" + text + "'");
  fill.kind = GridFill::Kind::value;
  fill.value = v;
  return fill;
}

std::string describe(const GridStack& s) {
  std::string d;
  for (const GridLayer& l : s.layers()) d += (d.empty() ? "" : "; then ") + l.name;
  switch (s.fill().kind) {
  case GridFill::Kind::nearest:
    return d + "; elsewhere the nearest value";
  case GridFill::Kind::value:
    return d + "; elsewhere " + std::to_string(s.fill().value);
  case GridFill::Kind::none:
    break;
  }
  return d;
}

} // namespace

Bathymetry::Bathymetry(double b0) : f_([b0](double, double) { return b0; }) {
  what_ = "flat bed at " + std::to_string(b0);
}

Bathymetry Bathymetry::from_function(std::function<double(double, double)> f, std::string what,
                                     bool thread_safe) {
  Bathymetry b;
  b.f_ = std::move(f);
  b.what_ = std::move(what);
  b.thread_safe_ = thread_safe;
  return b;
}

Bathymetry Bathymetry::read(const Config& t, const Config& root, const GridArea& area) {
  const int given =
      int(t.has("elevation")) + int(t.has("depth")) + int(t.has("file")) + int(t.has("grid"));
  if (given != 1)
    t.error(t.has("file")   ? "file"
            : t.has("grid") ? "grid"
                            : "elevation",
            "give exactly one of elevation = \"expression\", depth = \"expression\", "
            "file = \"grid\" or [[bathymetry.grid]] tables");
  Bathymetry b;
  if (t.has("file") || t.has("grid")) {
    const bool single = t.has("file");
    std::vector<GridLayer> layers;
    if (single) {
      layers.push_back(open_grid(read_grid_spec(t, root, true, area)));
    } else {
      const std::vector<Config> grids = t.tables("grid");
      if (grids.empty()) t.error("grid", "give at least one [[bathymetry.grid]] table");
      for (const Config& g : grids)
        layers.push_back(open_grid(read_grid_spec(g, root, false, area)));
    }
    auto stack = std::make_shared<GridStack>(std::move(layers), read_fill(t, single));
    b.f_ = [stack](double x, double y) { return (*stack)(x, y); };
    b.what_ = describe(*stack);
    return b;
  }
  if (t.has("fill")) t.error("fill", "a fill rule needs grids (file or [[bathymetry.grid]])");
  const bool depth = t.has("depth");
  const std::string key = depth ? "depth" : "elevation";
  auto e = std::make_shared<const ThreadedExpression>(
      Expression(t.get_expression(key), std::vector<std::string>{"x", "y"}, t.where(key),
                 case_constants(root)));
  const double sign = depth ? -1.0 : 1.0;
  b.f_ = [e, sign](double x, double y) {
    const double xy[2] = {x, y};
    return sign * e->eval(xy);
  };
  b.what_ = key + " = " + e->expression().text();
  b.thread_safe_ = true;
  return b;
}

} // namespace tridg
