#pragma once
// Several bed grids at once: where more than one has a value at a point, the one first in
// priority order gives it; where none has, a fill rule does, or the point is an error.
#include <functional>
#include <string>
#include <vector>

namespace tridg {

struct GridLayer {
  std::string name;                              // for messages: the file (and format)
  std::function<double(double, double)> value;   // NaN where the grid has no value
  std::function<double(double, double)> nearest; // the value at the nearest point that has one
  double spacing = 0;                            // smaller is finer
  int priority = 0;                              // larger wins
};

struct GridFill {
  enum class Kind { none, nearest, value };
  Kind kind = Kind::none;
  double value = 0; // for Kind::value
};

class GridStack {
public:
  // Orders the layers: larger priority first; among equal priorities the finer grid first;
  // among equal spacings the order given.
  GridStack(std::vector<GridLayer> layers, GridFill fill);

  // The value of the first layer that has one at (x, y); else the fill: Kind::nearest takes the
  // last layer's nearest value, Kind::value the given value. Without a fill, throws
  // UserError(bad_case) naming the point and the grids tried.
  double operator()(double x, double y) const;

  const std::vector<GridLayer>& layers() const { return layers_; } // in priority order
  const GridFill& fill() const { return fill_; }

private:
  std::vector<GridLayer> layers_;
  GridFill fill_;
};

} // namespace tridg
