#include "io/grid.hpp"

#include <algorithm>
#include <cmath>

#include "io/error.hpp"

namespace tridg {

namespace {

// Index i with g[i] <= a <= g[i + 1] and the weight of g[i + 1]; a must lie in [front, back].
std::size_t cell(const std::vector<double>& g, double a, double& w) {
  std::size_t i = std::size_t(std::upper_bound(g.begin(), g.end(), a) - g.begin());
  i = std::min(std::max<std::size_t>(i, 1), g.size() - 1) - 1;
  w = std::clamp((a - g[i]) / (g[i + 1] - g[i]), 0.0, 1.0);
  return i;
}

// Mesh vertices on a grid's edge may lie outside it by round-off; a millionth of a cell is
// well below any meaningful distance and well above that round-off.
bool inside(const std::vector<double>& g, double a) {
  const double tol = 1e-6 * (g.back() - g.front()) / double(g.size() - 1);
  return a >= g.front() - tol && a <= g.back() + tol;
}

void check_axis(const std::vector<double>& g, const std::string& what, const char* name) {
  if (g.size() < 2)
    fail(ExitCode::bad_case, what + ": the grid needs at least two " + name + " values, found " +
                                 std::to_string(g.size()));
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!std::isfinite(g[i]))
      fail(ExitCode::bad_case,
           what + ": " + name + " coordinate " + std::to_string(i + 1) + " is not a finite number");
    if (i > 0 && !(g[i] > g[i - 1]))
      fail(ExitCode::bad_case,
           what + ": the " + name + " coordinates neither strictly ascend nor strictly descend");
  }
}

} // namespace

void check_grid_size(std::uint64_t nx, std::uint64_t ny, const std::string& source) {
  if (nx != 0 && ny > max_grid_values / nx)
    fail(ExitCode::bad_case, source + ": a grid of " + std::to_string(nx) + " by " +
                                 std::to_string(ny) + " values exceeds the limit of " +
                                 std::to_string(max_grid_values) + " values");
}

double Grid::operator()(double x, double y) const {
  const bool covered = std::isnan(cover[0])
                           ? inside(xs, x) && inside(ys, y)
                           : x >= cover[0] && x <= cover[1] && y >= cover[2] && y <= cover[3];
  if (!covered) return std::nan("");
  return clamped(x, y);
}

double Grid::clamped(double x, double y) const {
  double wx, wy;
  x = std::clamp(x, xs.front(), xs.back());
  y = std::clamp(y, ys.front(), ys.back());
  const std::size_t i = cell(xs, x, wx), j = cell(ys, y, wy);
  const double w[4] = {(1 - wx) * (1 - wy), wx * (1 - wy), (1 - wx) * wy, wx * wy};
  const double a[4] = {at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1)};
  double sum = 0;
  // A missing node without weight (the point lies on the opposite edge) must not spoil it.
  for (int k = 0; k < 4; ++k)
    if (w[k] != 0) sum += w[k] * a[k];
  return sum;
}

double Grid::spacing() const {
  const double dx = (xs.back() - xs.front()) / double(xs.size() - 1);
  const double dy = (ys.back() - ys.front()) / double(ys.size() - 1);
  return std::sqrt(dx * dy);
}

bool Grid::has_missing() const {
  return std::any_of(v.begin(), v.end(), [](double a) { return std::isnan(a); });
}

void make_ascending(Grid& g, const std::string& what) {
  const std::size_t nx = g.xs.size(), ny = g.ys.size();
  if (nx >= 2 && g.xs[0] > g.xs[1]) {
    std::reverse(g.xs.begin(), g.xs.end());
    for (std::size_t j = 0; j < ny; ++j)
      std::reverse(g.v.begin() + std::ptrdiff_t(j * nx),
                   g.v.begin() + std::ptrdiff_t((j + 1) * nx));
  }
  if (ny >= 2 && g.ys[0] > g.ys[1]) {
    std::reverse(g.ys.begin(), g.ys.end());
    for (std::size_t j = 0; j < ny / 2; ++j)
      std::swap_ranges(g.v.begin() + std::ptrdiff_t(j * nx),
                       g.v.begin() + std::ptrdiff_t((j + 1) * nx),
                       g.v.begin() + std::ptrdiff_t((ny - 1 - j) * nx));
  }
  check_axis(g.xs, what, "x");
  check_axis(g.ys, what, "y");
}

} // namespace tridg
