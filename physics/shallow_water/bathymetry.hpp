#pragma once
// The bed elevation b(x, y) of a shallow-water case, from the [bathymetry] table.
//
// Sign convention: b is an elevation, positive up, on the same datum as the water surface
// eta = h + b (usually the still-water level, so b = -depth where there is water at rest).
// Grids holding depths below the datum, positive under water, give b = -depth.
#include <functional>
#include <memory>
#include <string>

#include "io/config.hpp"
#include "io/grid_source.hpp"

namespace tridg {

class Bathymetry {
public:
  // A flat bed at elevation b0.
  explicit Bathymetry(double b0 = 0.0);
  // From a [bathymetry] table:
  //   elevation = "expression in x, y"      (or depth = "...", meaning b = -depth)
  //   file = "grid", values = "depth"        (or "elevation"): one grid (io/grid_source.hpp)
  //   [[bathymetry.grid]] tables               several grids with priority and a fill rule
  // Relative file names are relative to the case file; rasters are read over `area` only.
  // Throws UserError(bad_case); so does evaluating at a point no grid covers when no fill rule
  // is given.
  static Bathymetry read(const Config& table, const Config& root, const GridArea& area = {});
  static Bathymetry from_function(std::function<double(double, double)> f, std::string what,
                                  bool thread_safe = false);

  // Evaluate from one thread unless thread_safe() (a flat bed, grids, expressions: those have a
  // copy per thread; a function given to from_function says).
  double operator()(double x, double y) const { return f_(x, y); }
  bool thread_safe() const { return thread_safe_; }
  const std::string& description() const { return what_; }

private:
  std::function<double(double, double)> f_;
  std::string what_;
  bool thread_safe_ = true;
};

} // namespace tridg
