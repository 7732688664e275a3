#pragma once
// Scattered points (x, y, value), such as soundings given only where there is water, with
// inverse-distance weighting of the nearest points found through a bucket grid.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace tridg {

class ScatteredGrid {
public:
  // The number of nearest points that share the weights.
  static constexpr int neighbours = 8;
  // The default search radius, in mean point spacings.
  static constexpr double default_radius_spacings = 3.0;

  // radius <= 0 takes the default. The coordinates are used as they are (degrees or metres).
  ScatteredGrid(std::string source, std::vector<double> x, std::vector<double> y,
                std::vector<double> v, double radius = 0.0);

  // Inverse-distance (squared) weighting of the `neighbours` nearest points within the radius;
  // at a data point its value; NaN when no point lies within the radius.
  double operator()(double x, double y) const;
  // The value of the nearest point, however far; NaN when there are no points.
  double nearest(double x, double y) const;
  // The nearest point within `within` of (x, y) (ties: the lower index) and its distance; index
  // -1 when there is none. The search visits only the buckets that `within` reaches.
  struct Hit {
    std::int64_t index = -1;
    double distance = 0;
  };
  Hit nearest_point(double x, double y,
                    double within = std::numeric_limits<double>::infinity()) const;

  const std::string& source() const { return source_; }
  std::size_t size() const { return v_.size(); }
  // The square root of the area of the points' bounding box per point.
  double spacing() const { return spacing_; }
  double radius() const { return radius_; }

private:
  std::int64_t cell_x(double x) const;
  std::int64_t cell_y(double y) const;
  template <class F> void visit_ring(std::int64_t cx, std::int64_t cy, std::int64_t r, F&& f) const;

  std::string source_;
  std::vector<double> x_, y_, v_;
  double spacing_ = 0, radius_ = 0;
  double x0_ = 0, y0_ = 0, cell_ = 1;
  std::int64_t nbx_ = 0, nby_ = 0;
  std::vector<std::uint32_t> start_; // bucket b holds order_[start_[b] .. start_[b + 1])
  std::vector<std::uint32_t> order_;
};

} // namespace tridg
