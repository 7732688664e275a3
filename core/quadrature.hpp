#pragma once
// Quadrature on the reference triangle (area 1/2) and on [0,1].
#include <vector>

namespace tridg {

struct TriangleRule {
  std::vector<double> r, s, w; // weights positive, summing to 1/2; points strictly inside
};
struct LineRule {
  std::vector<double> t, w; // on [0,1], weights summing to 1
};

// Number of points of triangle_rule(degree); a compile-time constant so kernels can size
// register arrays with it.
constexpr int triangle_rule_points(int degree) {
  // symmetric rules up to degree 8, collapsed Gauss-Jacobi (n^2 points, n = (d+2)/2) above
  return degree <= 1   ? 1
         : degree == 2 ? 3
         : degree <= 4 ? 6
         : degree <= 6 ? 12
         : degree <= 8 ? 16
                       : ((degree + 2) / 2) * ((degree + 2) / 2);
}

// A rule exact for every polynomial of total degree <= degree (0 <= degree <= 14).
TriangleRule triangle_rule(int degree);
// n-point Gauss-Legendre rule on [0,1] (exact to degree 2n-1).
LineRule gauss_legendre(int n);

} // namespace tridg
