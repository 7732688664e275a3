// Scattered points: inverse-distance weighting of the nearest points reproduces the data at the
// data points and a constant field everywhere within the radius; beyond it no value. Among
// points at equal distances the lower indices count.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "io/grid_scattered.hpp"

using namespace tridg;

namespace {

// Points of a jittered 20 x 10 lattice with spacing 1 (deterministic).
void lattice(std::vector<double>& x, std::vector<double>& y) {
  for (int j = 0; j < 10; ++j)
    for (int i = 0; i < 20; ++i) {
      x.push_back(i + 0.3 * std::sin(1.7 * i + 3.1 * j));
      y.push_back(j + 0.3 * std::cos(2.3 * i - 1.3 * j));
    }
}

} // namespace

TEST_CASE("scattered: the data at the data points, a constant field exactly") {
  std::vector<double> x, y, v;
  lattice(x, y);
  for (std::size_t k = 0; k < x.size(); ++k) v.push_back(std::sin(x[k]) + y[k] * y[k]);
  const ScatteredGrid s("s", x, y, v);
  for (std::size_t k = 0; k < x.size(); ++k) CHECK(s(x[k], y[k]) == v[k]);
  CHECK(s.spacing() > 0.9);
  CHECK(s.spacing() < 1.0);
  CHECK(s.radius() == 3 * s.spacing());

  const ScatteredGrid c("c", x, y, std::vector<double>(x.size(), -7.25));
  for (double qx : {0.1, 3.7, 12.45, 19.2})
    for (double qy : {0.2, 4.4, 8.9}) CHECK(c(qx, qy) == -7.25);
}

TEST_CASE("scattered: weights by inverse squared distance; beyond the radius no value") {
  // Two points: halfway between them the mean, at a quarter the weights 9:1.
  const ScatteredGrid s("two", {0, 4}, {0, 0}, {1, 3}, 10.0);
  CHECK(s(2, 0) == 2);
  CHECK(s(1, 0) == doctest::Approx((9 * 1 + 1 * 3) / 10.0).epsilon(1e-15));
  CHECK(std::isnan(s(20, 0)));  // 16 from the nearest point, radius 10
  CHECK(s(13.5, 0) == 3);       // only the second point within reach
  CHECK(s.nearest(20, 0) == 3); // the nearest point, however far
  CHECK(s.nearest(-1e12, 5) == 1);

  std::vector<double> x, y;
  lattice(x, y);
  // A gap in the data (land) farther from any point than the radius has no value.
  const ScatteredGrid r("r", x, y, std::vector<double>(x.size(), 1.0), 0.5);
  CHECK(std::isnan(r(40, 40)));
  CHECK(r(x[7] + 0.1, y[7]) == 1.0);
}

TEST_CASE("scattered: only the nearest points count") {
  // Eight points at distance 1 with value 0, one far point (distance 2) with value 100.
  std::vector<double> x, y, v;
  for (int k = 0; k < 8; ++k) {
    x.push_back(std::cos(k * M_PI / 4));
    y.push_back(std::sin(k * M_PI / 4));
    v.push_back(0);
  }
  x.push_back(2);
  y.push_back(0);
  v.push_back(100);
  const ScatteredGrid s("n", x, y, v, 5.0);
  CHECK(s(0, 0) == 0);
}

TEST_CASE("scattered: among points at equal distances the lower indices count") {
  // A 4 x 4 lattice whose values are the indices; at the middle of the central cell the four
  // corners lie at squared distance 0.5 and eight points at 2.5, of which the four lowest (1, 2,
  // 4, 7) fill the eight neighbours.
  std::vector<double> x, y, v;
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) {
      x.push_back(i);
      y.push_back(j);
      v.push_back(j * 4 + i);
    }
  const ScatteredGrid s("ties", x, y, v, 2.0);
  const double near = 2 * (5 + 6 + 9 + 10), far = 0.4 * (1 + 2 + 4 + 7);
  CHECK(s(1.5, 1.5) == doctest::Approx((near + far) / (4 * 2 + 4 * 0.4)).epsilon(1e-14));
  // The nearest of four corners at equal distance: the lowest index.
  CHECK(s.nearest_point(1.5, 1.5).index == 5);
  CHECK(s.nearest(0.5, 2.5) == 8);
}
