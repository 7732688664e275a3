#pragma once
// The bed elevation b(x, y) of a shallow-water case, from the [bathymetry] table.
//
// Sign convention: b is an elevation, positive up, on the same datum as the water surface
// eta = h + b (usually the still-water level, so b = -depth where there is water at rest).
// Gridded files in the Monai format give the depth below the datum, positive under water:
// b = -depth.
#include <functional>
#include <memory>
#include <string>

#include "io/config.hpp"

namespace tridg {

class Bathymetry {
public:
  // A flat bed at elevation b0.
  explicit Bathymetry(double b0 = 0.0);
  // From a [bathymetry] table:
  //   elevation = "expression in x, y"      (or depth = "...", meaning b = -depth)
  //   file = "grid.xyz", values = "depth"    (or "elevation"): "x y value" lines, bilinear
  // Relative file names are relative to the case file. Throws UserError(bad_case).
  static Bathymetry read(const Config& table, const Config& root);
  static Bathymetry from_function(std::function<double(double, double)> f, std::string what);

  // Not thread-safe for expressions (muParser keeps state): evaluate from one thread.
  double operator()(double x, double y) const { return f_(x, y); }
  const std::string& description() const { return what_; }

private:
  std::function<double(double, double)> f_;
  std::string what_;
};

} // namespace tridg
