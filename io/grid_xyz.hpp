#pragma once
// "x y z" text: one point per line, in any order (the format of the Monai valley bathymetry and
// of the Okushiri grids), read either as a complete rectilinear grid or as scattered points.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "io/grid.hpp"

namespace tridg {

// The 1-based columns holding x (or longitude), y (or latitude) and the value.
using XyzColumns = std::array<int, 3>;
inline constexpr XyzColumns default_xyz_columns{1, 2, 3};

struct XyzPoints {
  std::vector<double> x, y, v;
  std::vector<std::size_t> line; // the line each point came from, for messages
};

// Reads every data line of `path`: all fields numbers (separated by blanks, tabs or commas), at
// least as many as the largest column. Lines before the first data line that do not start with
// a number are headers; blank lines and lines starting with '#' are skipped. Throws
// UserError(bad_case) naming the file and line for a malformed line or a non-finite value.
XyzPoints read_xyz_points(const std::string& path, const XyzColumns& columns = default_xyz_columns);

// The points as a complete rectilinear grid (coordinates that differ by less than a billionth
// of the extent are one grid line). Throws UserError(bad_case) naming the file (and line) when a
// point is repeated or the points do not fill a grid.
Grid xyz_points_to_grid(const XyzPoints& p, const std::string& path);

inline Grid read_xyz_grid(const std::string& path,
                          const XyzColumns& columns = default_xyz_columns) {
  return xyz_points_to_grid(read_xyz_points(path, columns), path);
}

} // namespace tridg
