#include "io/grid_scattered.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/error.hpp"

namespace tridg {

ScatteredGrid::ScatteredGrid(std::string source, std::vector<double> x, std::vector<double> y,
                             std::vector<double> v, double radius)
    : source_(std::move(source)), x_(std::move(x)), y_(std::move(y)), v_(std::move(v)) {
  const std::size_t n = v_.size();
  if (n == 0) fail(ExitCode::bad_case, source_ + ": no points with a value");
  if (n >= std::numeric_limits<std::uint32_t>::max())
    fail(ExitCode::bad_case, source_ + ": too many points (" + std::to_string(n) + ")");
  for (std::size_t k = 0; k < n; ++k)
    if (!std::isfinite(x_[k]) || !std::isfinite(y_[k]))
      fail(ExitCode::bad_case,
           source_ + ": point " + std::to_string(k + 1) + " has a coordinate that is not finite");
  const auto [xa, xb] = std::minmax_element(x_.begin(), x_.end());
  const auto [ya, yb] = std::minmax_element(y_.begin(), y_.end());
  x0_ = *xa;
  y0_ = *ya;
  const double w = *xb - *xa, h = *yb - *ya;
  // Beyond this the bucket arithmetic (and the distances) would overflow.
  if (!(w < 1e150 && h < 1e150))
    fail(ExitCode::bad_case, source_ + ": the points span more than 1e150 (from " +
                                 std::to_string(*xa) + " to " + std::to_string(*xb) + " and " +
                                 std::to_string(*ya) + " to " + std::to_string(*yb) + ")");
  // Points on one line (or one point) have no area: their spacing is taken along the line.
  const double area = w > 0 && h > 0 ? w * h : std::max(w, h) * std::max(w, h) / double(n);
  spacing_ = std::sqrt(area / double(n));
  if (!(spacing_ > 0)) spacing_ = std::max({1.0, std::abs(x0_), std::abs(y0_)}) * 1e-6;
  radius_ = radius > 0 ? radius : default_radius_spacings * spacing_;
  // Buckets of the search radius, unless that makes far more buckets than points (a tiny radius
  // given by hand), which would cost memory for nothing.
  cell_ = std::max(radius_, spacing_);
  auto count = [&](double extent) { return std::int64_t(std::floor(extent / cell_)) + 1; };
  while (double(count(w)) * double(count(h)) > 4.0 * double(n) + 64) cell_ *= 2;
  nbx_ = count(w);
  nby_ = count(h);
  start_.assign(std::size_t(nbx_ * nby_) + 1, 0);
  std::vector<std::uint32_t> bucket(n);
  for (std::size_t k = 0; k < n; ++k) {
    bucket[k] = std::uint32_t(std::clamp<std::int64_t>(cell_y(y_[k]), 0, nby_ - 1) * nbx_ +
                              std::clamp<std::int64_t>(cell_x(x_[k]), 0, nbx_ - 1));
    ++start_[bucket[k] + 1];
  }
  for (std::size_t b = 1; b < start_.size(); ++b) start_[b] += start_[b - 1];
  order_.resize(n);
  std::vector<std::uint32_t> fill(start_.begin(), start_.end() - 1);
  for (std::size_t k = 0; k < n; ++k) order_[fill[bucket[k]]++] = std::uint32_t(k);
}

// Far-away queries saturate rather than overflow; a billion buckets away is out of reach anyway.
std::int64_t ScatteredGrid::cell_x(double x) const {
  return std::int64_t(std::clamp(std::floor((x - x0_) / cell_), -1e9, 1e9));
}

std::int64_t ScatteredGrid::cell_y(double y) const {
  return std::int64_t(std::clamp(std::floor((y - y0_) / cell_), -1e9, 1e9));
}

// Calls f(k) for every point in the buckets at Chebyshev distance r from bucket (cx, cy).
template <class F>
void ScatteredGrid::visit_ring(std::int64_t cx, std::int64_t cy, std::int64_t r, F&& f) const {
  auto bucket = [&](std::int64_t bx, std::int64_t by) {
    if (bx < 0 || by < 0 || bx >= nbx_ || by >= nby_) return;
    const std::size_t b = std::size_t(by * nbx_ + bx);
    for (std::uint32_t i = start_[b]; i < start_[b + 1]; ++i) f(order_[i]);
  };
  if (r == 0) return bucket(cx, cy);
  const std::int64_t x_lo = std::max<std::int64_t>(cx - r, 0);
  const std::int64_t x_hi = std::min<std::int64_t>(cx + r, nbx_ - 1);
  for (std::int64_t bx = x_lo; bx <= x_hi; ++bx) {
    bucket(bx, cy - r);
    bucket(bx, cy + r);
  }
  const std::int64_t y_lo = std::max<std::int64_t>(cy - r + 1, 0);
  const std::int64_t y_hi = std::min<std::int64_t>(cy + r - 1, nby_ - 1);
  for (std::int64_t by = y_lo; by <= y_hi; ++by) {
    bucket(cx - r, by);
    bucket(cx + r, by);
  }
}

double ScatteredGrid::operator()(double x, double y) const {
  struct Near {
    double d2;
    std::uint32_t k;
  };
  Near best[neighbours];
  int found = 0;
  const double r2 = radius_ * radius_;
  const std::int64_t cx = cell_x(x), cy = cell_y(y);
  const std::int64_t rings = std::int64_t(std::ceil(radius_ / cell_));
  for (std::int64_t r = 0; r <= rings; ++r)
    visit_ring(cx, cy, r, [&](std::uint32_t k) {
      const double dx = x_[k] - x, dy = y_[k] - y, d2 = dx * dx + dy * dy;
      if (d2 > r2) return;
      // Ties keep the earlier point, so that the result does not depend on the visiting order
      // more than the data do.
      if (found == neighbours && !(d2 < best[found - 1].d2)) return;
      int i = found < neighbours ? found++ : found - 1;
      for (; i > 0 && d2 < best[i - 1].d2; --i) best[i] = best[i - 1];
      best[i] = {d2, k};
    });
  if (found == 0) return std::nan("");
  // Relative to the nearest value, so that equal values come out exactly.
  const double ref = v_[best[0].k];
  if (best[0].d2 == 0) return ref;
  double sw = 0, swv = 0;
  for (int i = 0; i < found; ++i) {
    const double w = 1.0 / best[i].d2;
    sw += w;
    swv += w * (v_[best[i].k] - ref);
  }
  return ref + swv / sw;
}

double ScatteredGrid::nearest(double x, double y) const {
  const Hit h = nearest_point(x, y);
  return h.index >= 0 ? v_[std::size_t(h.index)] : std::nan("");
}

ScatteredGrid::Hit ScatteredGrid::nearest_point(double x, double y, double within) const {
  const std::int64_t cx = cell_x(x), cy = cell_y(y);
  // The first ring that touches the buckets, and the last one that can hold any point (or any
  // within reach).
  const std::int64_t r0 = std::max<std::int64_t>({0, -cx, cx - (nbx_ - 1), -cy, cy - (nby_ - 1)});
  std::int64_t r1 = std::max({cx, nbx_ - 1 - cx, cy, nby_ - 1 - cy, r0});
  if (within < double(r1) * cell_) r1 = std::int64_t(std::ceil(within / cell_)) + 1;
  double best = std::numeric_limits<double>::infinity();
  std::int64_t at = -1;
  for (std::int64_t r = r0; r <= r1; ++r) {
    // Every point in ring r lies at least (r - 1) buckets away.
    if (at >= 0 && double(r - 1) * cell_ > std::sqrt(best)) break;
    visit_ring(cx, cy, r, [&](std::uint32_t k) {
      const double dx = x_[k] - x, dy = y_[k] - y, d2 = dx * dx + dy * dy;
      if (d2 < best || (d2 == best && std::int64_t(k) < at)) {
        best = d2;
        at = k;
      }
    });
  }
  Hit h;
  if (at >= 0 && std::sqrt(best) <= within) {
    h.index = at;
    h.distance = std::sqrt(best);
  }
  return h;
}

} // namespace tridg
