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

std::vector<std::int32_t> hilbert_order(const std::vector<double>& px,
                                        const std::vector<double>& py) {
  const std::size_t n = px.size();
  std::vector<std::int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (n < 2) return order;
  const auto [xmin, xmax] = std::minmax_element(px.begin(), px.end());
  const auto [ymin, ymax] = std::minmax_element(py.begin(), py.end());
  // A square box keeps the curve's cells square, whatever the domain's aspect ratio.
  const double extent = std::max({*xmax - *xmin, *ymax - *ymin, 1e-300});
  constexpr int bits = 20;
  const double cells = static_cast<double>((1u << bits) - 1);
  std::vector<std::uint64_t> key(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto ix = static_cast<std::uint32_t>(std::lround((px[i] - *xmin) / extent * cells));
    const auto iy = static_cast<std::uint32_t>(std::lround((py[i] - *ymin) / extent * cells));
    key[i] = hilbert_key(ix, iy, bits);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int32_t a, std::int32_t b) { return key[a] < key[b]; });
  return order;
}

} // namespace tridg
