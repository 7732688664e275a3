#pragma once
// ESRI ASCII rasters (.asc): a header of "key value" lines (ncols, nrows, xllcorner or
// xllcenter, yllcorner or yllcenter, cellsize or dx and dy, optionally NODATA_value; keys in
// any case and order), then nrows rows of ncols values from north to south.
#include <string>

#include "io/grid.hpp"

namespace tridg {

// Nodes lie at the cell centres: xllcorner + (i + 1/2) dx, or xllcenter + i dx. NODATA_value
// becomes missing. Throws UserError(bad_case) naming the file (and line) for a missing or bad
// header entry, a malformed or non-finite value, too few or too many values, or a grid beyond
// max_grid_values.
Grid read_esri_grid(const std::string& path);

// True when `head` (the start of a file) begins like an ESRI ASCII header.
bool looks_like_esri(const std::string& head);

} // namespace tridg
