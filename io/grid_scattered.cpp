#include "io/grid_scattered.hpp"

#include <nanoflann.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "io/error.hpp"

namespace tridg {

struct ScatteredGrid::Index {
  using Tree = nanoflann::KDTreeSingleIndexAdaptor<
      nanoflann::L2_Simple_Adaptor<double, Index, double, std::uint32_t>, Index, 2, std::uint32_t>;

  Index(std::vector<double> px, std::vector<double> py)
      : x(std::move(px)), y(std::move(py)), tree(2, *this) {}

  // nanoflann's dataset interface.
  std::size_t kdtree_get_point_count() const { return x.size(); }
  double kdtree_get_pt(std::uint32_t k, std::size_t dim) const { return dim == 0 ? x[k] : y[k]; }
  template <class Box> bool kdtree_get_bbox(Box&) const { return false; }

  std::vector<double> x, y;
  Tree tree;
};

namespace {

// nanoflann's result set for the `k` nearest points within squared distance `bound` of a query,
// ordered by distance and, among equal distances, by index: the tree's visiting order does not
// decide ties. The squared distances are computed here, as (x_k - x)^2 + (y_k - y)^2, so that
// the weights do not depend on how the tree computes its own.
class Nearest {
public:
  using DistanceType = double;
  using IndexType = std::uint32_t;

  Nearest(const ScatteredGrid::Index& p, double x, double y, int k, double bound)
      : p_(p), x_(x), y_(y), k_(k), bound_(bound) {}

  int size() const { return n_; }
  std::uint32_t index(int i) const { return near_[std::size_t(i)].k; }
  double d2(int i) const { return near_[std::size_t(i)].d2; }

  bool full() const { return n_ == k_; }
  // The tree leaves out subtrees and points from this distance on; a little above the exact
  // bound, so that its rounding never leaves out a point at the bound (a tie), which
  // addPoint() then judges exactly.
  double worstDist() const {
    const double b = full() ? near_[std::size_t(k_ - 1)].d2 : bound_;
    return b + b * 0x1p-40 + std::numeric_limits<double>::denorm_min();
  }
  bool addPoint(double, std::uint32_t k) {
    const double dx = p_.x[k] - x_, dy = p_.y[k] - y_, d2 = dx * dx + dy * dy;
    if (!(d2 <= bound_)) return true;
    auto before = [](const Near& a, const Near& b) {
      return a.d2 < b.d2 || (a.d2 == b.d2 && a.k < b.k);
    };
    const Near c{d2, k};
    if (full() && !before(c, near_[std::size_t(k_ - 1)])) return true;
    int i = full() ? k_ - 1 : n_++;
    for (; i > 0 && before(c, near_[std::size_t(i - 1)]); --i)
      near_[std::size_t(i)] = near_[std::size_t(i - 1)];
    near_[std::size_t(i)] = c;
    return true;
  }

private:
  struct Near {
    double d2;
    std::uint32_t k;
  };
  const ScatteredGrid::Index& p_;
  double x_, y_;
  int k_, n_ = 0;
  double bound_;
  std::array<Near, ScatteredGrid::neighbours> near_{};
};

Nearest search(const ScatteredGrid::Index& p, double x, double y, int k, double bound) {
  Nearest near(p, x, y, k, bound);
  const std::array<double, 2> q{x, y};
  p.tree.findNeighbors(near, q.data(), nanoflann::SearchParams());
  return near;
}

} // namespace

ScatteredGrid::ScatteredGrid(std::string source, std::vector<double> x, std::vector<double> y,
                             std::vector<double> v, double radius)
    : source_(std::move(source)), v_(std::move(v)) {
  const std::size_t n = v_.size();
  if (n == 0) fail(ExitCode::bad_case, source_ + ": no points with a value");
  if (n >= std::numeric_limits<std::uint32_t>::max())
    fail(ExitCode::bad_case, source_ + ": too many points (" + std::to_string(n) + ")");
  for (std::size_t k = 0; k < n; ++k)
    if (!std::isfinite(x[k]) || !std::isfinite(y[k]))
      fail(ExitCode::bad_case,
           source_ + ": point " + std::to_string(k + 1) + " has a coordinate that is not finite");
  const auto [xa, xb] = std::minmax_element(x.begin(), x.end());
  const auto [ya, yb] = std::minmax_element(y.begin(), y.end());
  const double w = *xb - *xa, h = *yb - *ya;
  // Beyond this the squared distances would overflow.
  if (!(w < 1e150 && h < 1e150))
    fail(ExitCode::bad_case, source_ + ": the points span more than 1e150 (from " +
                                 std::to_string(*xa) + " to " + std::to_string(*xb) + " and " +
                                 std::to_string(*ya) + " to " + std::to_string(*yb) + ")");
  // Points on one line (or one point) have no area: their spacing is taken along the line.
  const double area = w > 0 && h > 0 ? w * h : std::max(w, h) * std::max(w, h) / double(n);
  spacing_ = std::sqrt(area / double(n));
  if (!(spacing_ > 0)) spacing_ = std::max({1.0, std::abs(*xa), std::abs(*ya)}) * 1e-6;
  radius_ = radius > 0 ? radius : default_radius_spacings * spacing_;
  index_ = std::make_unique<const Index>(std::move(x), std::move(y));
}

ScatteredGrid::~ScatteredGrid() = default;
ScatteredGrid::ScatteredGrid(ScatteredGrid&&) noexcept = default;
ScatteredGrid& ScatteredGrid::operator=(ScatteredGrid&&) noexcept = default;

double ScatteredGrid::operator()(double x, double y) const {
  const Nearest near = search(*index_, x, y, neighbours, radius_ * radius_);
  if (near.size() == 0) return std::nan("");
  // Relative to the nearest value, so that equal values come out exactly.
  const double ref = v_[near.index(0)];
  if (near.d2(0) == 0) return ref;
  double sw = 0, swv = 0;
  for (int i = 0; i < near.size(); ++i) {
    const double w = 1.0 / near.d2(i);
    sw += w;
    swv += w * (v_[near.index(i)] - ref);
  }
  return ref + swv / sw;
}

double ScatteredGrid::nearest(double x, double y) const {
  const Hit h = nearest_point(x, y);
  return h.index >= 0 ? v_[std::size_t(h.index)] : std::nan("");
}

ScatteredGrid::Hit ScatteredGrid::nearest_point(double x, double y, double within) const {
  // A bound a little above within^2: the test against `within` itself comes after.
  const double bound = within * within;
  const Nearest near = search(*index_, x, y, 1, bound + bound * 0x1p-40);
  Hit h;
  if (near.size() == 1 && std::sqrt(near.d2(0)) <= within) {
    h.index = near.index(0);
    h.distance = std::sqrt(near.d2(0));
  }
  return h;
}

} // namespace tridg
