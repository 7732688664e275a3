#pragma once
// Opens one bed grid in any of the supported formats as a layer of a GridStack.
#include <optional>
#include <string>

#include "io/grid_stack.hpp"
#include "io/grid_xyz.hpp"
#include "io/mesh.hpp"
#include "io/raster.hpp"

namespace tridg {

// Where the grids must have values: the mesh's extent (rasters read only that window) and its
// coordinates (a raster stating others is refused).
struct GridArea {
  std::optional<RasterWindow> window;
  RasterRequest::Crs crs = RasterRequest::Crs::any;
};
GridArea mesh_grid_area(const Mesh& mesh, bool geographic);

struct GridSpec {
  std::string path;
  // "raster" (through GDAL: GeoTIFF, NetCDF, ESRI ASCII, ...), "xyz" (a complete grid of
  // "x y z" text), "scattered", or "auto": what GDAL recognises is a raster, anything else is
  // read as gridded "x y z" text. "netcdf", "esri" and "geotiff" are names for "raster".
  std::string format = "auto";
  std::string variable; // NetCDF: the data variable; empty for the only one
  GridArea area;        // rasters: read only the window that covers it, in its coordinates
  XyzColumns columns = default_xyz_columns; // x y z text and scattered points
  double sign = 1.0;                        // -1 turns depths into elevations
  std::optional<double> missing;            // a further value that means "no value"
  double radius = 0.0;                      // scattered points: search radius (0: the default)
  int priority = 0;
};

// The file's format as "auto" resolves it: "raster", "xyz" or (a file that cannot be opened)
// an error.
std::string detect_grid_format(const std::string& path);

// Reads the grid. Values equal to spec.missing (compared as stored, before the sign) become
// missing. Throws UserError(bad_case) naming the file.
GridLayer open_grid(const GridSpec& spec);

} // namespace tridg
