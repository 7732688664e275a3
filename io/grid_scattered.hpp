#pragma once
// Scattered points (x, y, value), such as soundings given only where there is water, with
// inverse-distance weighting of the nearest points, found through a k-d tree (nanoflann).
#include <cstdint>
#include <limits>
#include <memory>
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
  ~ScatteredGrid();
  ScatteredGrid(ScatteredGrid&&) noexcept;
  ScatteredGrid& operator=(ScatteredGrid&&) noexcept;

  // Inverse-distance (squared) weighting of the `neighbours` nearest points within the radius
  // (ties: the lower index); at a data point its value; NaN when no point lies within the radius.
  double operator()(double x, double y) const;
  // The value of the nearest point, however far; NaN when there are no points.
  double nearest(double x, double y) const;
  // The nearest point within `within` of (x, y) (ties: the lower index) and its distance; index
  // -1 when there is none. The search leaves out what lies beyond `within`.
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

  struct Index; // the points and their k-d tree

private:
  std::string source_;
  std::vector<double> v_;
  double spacing_ = 0, radius_ = 0;
  std::unique_ptr<const Index> index_; // on the heap: the tree refers to the points by address
};

} // namespace tridg
