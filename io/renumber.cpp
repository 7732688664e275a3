#include "io/renumber.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tridg {

std::uint64_t hilbert_key(std::uint32_t ix, std::uint32_t iy, int bits) {
  const std::uint64_t n = std::uint64_t{1} << bits;
  std::uint64_t x = ix, y = iy, d = 0;
  for (std::uint64_t s = n / 2; s > 0; s /= 2) {
    const std::uint64_t rx = (x & s) ? 1 : 0;
    const std::uint64_t ry = (y & s) ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    // Rotate the quadrant so that the curve inside it has the standard orientation.
    if (ry == 0) {
      if (rx == 1) {
        x = n - 1 - x;
        y = n - 1 - y;
      }
      std::swap(x, y);
    }
  }
  return d;
}

namespace {
constexpr int kBits = 20;
} // namespace

HilbertFrame hilbert_frame(double xmin, double xmax, double ymin, double ymax) {
  // A square box keeps the curve's cells square, whatever the domain's aspect ratio.
  return {xmin, ymin, std::max({xmax - xmin, ymax - ymin, 1e-300})};
}

std::uint64_t hilbert_key_in(const HilbertFrame& f, double x, double y) {
  const double cells = static_cast<double>((1u << kBits) - 1);
  const auto ix = static_cast<std::uint32_t>(std::lround((x - f.xmin) / f.extent * cells));
  const auto iy = static_cast<std::uint32_t>(std::lround((y - f.ymin) / f.extent * cells));
  return hilbert_key(ix, iy, kBits);
}

std::vector<std::int32_t> hilbert_order(const std::vector<double>& px,
                                        const std::vector<double>& py) {
  const std::size_t n = px.size();
  std::vector<std::int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (n < 2) return order;
  const auto [xmin, xmax] = std::minmax_element(px.begin(), px.end());
  const auto [ymin, ymax] = std::minmax_element(py.begin(), py.end());
  const HilbertFrame f = hilbert_frame(*xmin, *xmax, *ymin, *ymax);
  std::vector<std::uint64_t> key(n);
  for (std::size_t i = 0; i < n; ++i) key[i] = hilbert_key_in(f, px[i], py[i]);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int32_t a, std::int32_t b) { return key[a] < key[b]; });
  return order;
}

} // namespace tridg
