#pragma once
// NetCDF grids as GEBCO, ETOPO and GMT write them (COARDS/CF conventions): a 2-D variable on
// two dimensions with 1-D coordinate variables, ascending or descending, of any numeric type,
// packed with scale_factor/add_offset, with _FillValue/missing_value.
#include <string>

#include "io/grid.hpp"

namespace tridg {

// Whether this build reads NetCDF (CMake option TRIDG_NETCDF).
bool have_netcdf();

// Reads `variable` of `path`, or, when it is empty, the only 2-D variable that is not a
// coordinate. x is the coordinate whose units are degrees_east (axis = "X", standard_name
// longitude or projection_x_coordinate, or named lon, longitude or x); y likewise; failing all
// of these the last dimension is x (the COARDS order). Values equal to _FillValue (the type's
// default fill when that is absent) or to any missing_value, and NaN, become missing; the
// others are unpacked as value * scale_factor + add_offset. Throws UserError(bad_case) naming
// the file and variable; a build without NetCDF throws saying so.
Grid read_netcdf_grid(const std::string& path, const std::string& variable = "");

// True when `head` (the start of a file) is the signature of a NetCDF classic or HDF5 file.
bool looks_like_netcdf(const std::string& head);

} // namespace tridg
