#pragma once
// A rectilinear grid of bed values with missing values, as every gridded reader (NetCDF, ESRI
// ASCII, gridded "x y z" text) returns it, with bilinear interpolation.
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace tridg {

// The most values one grid may hold (16 GiB as doubles). Files come from strangers: one that
// claims more is refused before anything is allocated.
inline constexpr std::uint64_t max_grid_values = std::uint64_t(1) << 31;

// Throws UserError(bad_case) naming `source` when an nx by ny grid exceeds max_grid_values.
void check_grid_size(std::uint64_t nx, std::uint64_t ny, const std::string& source);

inline constexpr double nan_cover() {
  return std::numeric_limits<double>::quiet_NaN();
}

struct Grid {
  std::string source;         // the file (and variable) the values came from, for messages
  std::vector<double> xs, ys; // strictly ascending node coordinates, at least two of each
  std::vector<double> v;      // v[j * xs.size() + i] at (xs[i], ys[j]); NaN where missing
  // The rectangle the values stand for (x0, x1, y0, y1), when it reaches beyond the outer nodes:
  // a raster's cells cover half a cell more than their centres. Between the outer nodes and its
  // edge a value is the nearest node's. Unset (NaN): the outer nodes.
  std::array<double, 4> cover{nan_cover(), nan_cover(), nan_cover(), nan_cover()};

  double at(std::size_t i, std::size_t j) const { return v[j * xs.size() + i]; }
  // Bilinear interpolation. NaN outside the grid (beyond round-off) and where a node that
  // carries weight is missing.
  double operator()(double x, double y) const;
  // The same at the nearest point of the grid's rectangle: the old clamping behaviour.
  double clamped(double x, double y) const;
  // The square root of the area per node, the measure by which a finer grid wins.
  double spacing() const;
  bool has_missing() const;
};

// Reverses the rows (or columns) so that the coordinates ascend; the readers accept either
// order. Throws UserError(bad_case) naming `what` when a coordinate list is not strictly
// monotonic, has fewer than two values or a non-finite one.
void make_ascending(Grid& g, const std::string& what);

} // namespace tridg
