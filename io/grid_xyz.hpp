#pragma once
// A rectilinear grid of values read from an "x y z" text file (the format of the Monai valley
// bathymetry): one point per line, in any order, header lines allowed; bilinear interpolation.
#include <string>
#include <vector>

namespace tridg {

struct XyzGrid {
  std::string source;
  std::vector<double> xs, ys; // ascending grid coordinates
  std::vector<double> z;      // z[j * xs.size() + i] at (xs[i], ys[j])

  // Bilinear interpolation; outside the grid the nearest boundary value (clamped coordinates).
  double operator()(double x, double y) const;
  double at(std::size_t i, std::size_t j) const { return z[j * xs.size() + i]; }
};

// Reads `path`. Lines that do not start with a number before the first data line are headers.
// Throws UserError(bad_case) naming the file and line when a line is malformed, a point is
// repeated or the points do not fill a complete grid.
XyzGrid read_xyz_grid(const std::string& path);

} // namespace tridg
