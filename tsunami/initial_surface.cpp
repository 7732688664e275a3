#include "tsunami/initial_surface.hpp"

#include <cmath>
#include <limits>
#include <memory>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "io/error.hpp"

namespace tridg {

std::optional<InitialSurface> read_initial_surface(const Config& ic, const Config& root,
                                                   const GridArea& area) {
  if (!ic.has("surface")) {
    for (const char* k : {"surface_variable", "surface_outside"})
      if (ic.has(k)) ic.error(k, "needs surface = \"raster file\"");
    return std::nullopt;
  }
  if (ic.has("eta"))
    ic.error("eta", "give the surface as eta = \"expression\" or surface = \"raster\", not both");
  // Any grid tridg reads: a raster, or gridded "x y z" text.
  GridSpec spec;
  spec.path = root.case_relative(ic.get_string("surface"));
  spec.variable = ic.get_string("surface_variable", "");
  spec.area = area;
  if (spec.format = detect_grid_format(spec.path);
      spec.format != "raster" && !spec.variable.empty())
    ic.error("surface_variable", "only a raster (NetCDF) has variables");
  auto g = std::make_shared<const GridLayer>(open_grid(spec));
  std::optional<double> outside;
  if (ic.has("surface_outside")) outside = ic.get_double_in("surface_outside", -1e4, 1e4);
  const std::string where = ic.where("surface");
  InitialSurface s;
  s.eta = [g, outside, where](double x, double y) {
    const double v = g->value(x, y);
    if (!std::isnan(v)) return v;
    if (outside) return *outside;
    fail(ExitCode::bad_case,
         fmt::format("{}: {} has no value at ({}, {}); give surface_outside = 0 for the surface "
                     "where the raster has none",
                     where, g->name, x, y));
  };
  s.description = "surface from " + g->name;
  if (outside) s.description += fmt::format(", {} m elsewhere", *outside);
  spdlog::info("initial {}", s.description);
  return s;
}

} // namespace tridg
