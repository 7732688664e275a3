#pragma once
// Opens one bed grid in any of the supported formats as a layer of a GridStack.
#include <optional>
#include <string>

#include "io/grid_stack.hpp"
#include "io/grid_xyz.hpp"

namespace tridg {

struct GridSpec {
  std::string path;
  // "netcdf", "esri", "xyz" (a complete grid), "scattered", or "auto": NetCDF and ESRI ASCII
  // are recognised by their first bytes, anything else is read as gridded "x y z" text.
  std::string format = "auto";
  std::string variable;                     // NetCDF: the data variable; empty for the only one
  XyzColumns columns = default_xyz_columns; // x y z text and scattered points
  double sign = 1.0;                        // -1 turns depths into elevations
  std::optional<double> missing;            // a further value that means "no value"
  double radius = 0.0;                      // scattered points: search radius (0: the default)
  int priority = 0;
};

// The file's format as "auto" resolves it.
std::string detect_grid_format(const std::string& path);

// Reads the grid. Values equal to spec.missing (compared as stored, before the sign) become
// missing. Throws UserError(bad_case) naming the file.
GridLayer open_grid(const GridSpec& spec);

} // namespace tridg
