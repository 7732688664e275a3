#pragma once
// Rasters through GDAL: every gridded bathymetry, topography and initial-surface file (GeoTIFF,
// NetCDF as CF and GMT write it, ESRI ASCII, and the other formats of raster_drivers()) read as a
// Grid of cell-centre values, and only over the window that a mesh needs.
#include <optional>
#include <string>
#include <vector>

#include "io/grid.hpp"

namespace tridg {

// Whether this build reads rasters (CMake option TRIDG_GDAL).
bool have_gdal();

// The GDAL drivers tridg lets open a file. No driver that follows references to other files or
// to the network (VRT, WMS, ...) is among them, nor GDAL's XYZ driver: "x y z" text is tridg's
// own (io/grid_xyz.hpp).
const std::vector<std::string>& raster_drivers();

// The rectangle of mesh coordinates (degrees on a geographic mesh) a raster must cover.
struct RasterWindow {
  double x0, x1, y0, y1;
};

struct RasterRequest {
  std::string path;
  std::string variable; // a NetCDF variable (a GDAL subdataset); empty: the file's only raster
  // Read only the cells over this window (two cells of margin); none: the whole raster.
  std::optional<RasterWindow> window;
  // What the mesh's coordinates are: a raster that states another coordinate system is refused.
  enum class Crs { any, geographic, planar };
  Crs crs = Crs::any;
};

// Reads the raster's first band (of `variable`): nodes at the cell centres, whatever the file's
// registration (GDAL turns point-registered grids into cell corners); the grid's cover reaches
// the raster's outer cell edges. Missing values (nodata, _FillValue, a mask) and non-finite ones
// become NaN; packed values are unpacked (scale and offset). On a geographic raster a window given
// in 0-360 longitudes, or one that crosses the antimeridian of a global raster, reads the right
// columns, which the grid then numbers in the window's longitudes. Throws UserError(bad_case)
// naming the file: not a raster GDAL opens, no georeferencing, a rotated grid, values in units
// other than metres, a coordinate system other than the request's, a window the raster does not
// reach or holds no value in, a window beyond max_grid_values; a build without GDAL throws too.
Grid read_raster(const RasterRequest& request);

// True when GDAL (with raster_drivers()) recognises the file as a raster.
bool is_raster(const std::string& path);

} // namespace tridg
