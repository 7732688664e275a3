#include "basis.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace tridg {

namespace {

// A value together with its partial derivatives in r and s.
struct Dual {
  double v = 0.0, dr = 0.0, ds = 0.0;
};

// Position of mode (i, j) in the total-degree ordering: the modes of degree d = i + j follow
// the n_modes(d - 1) modes of lower degree, ordered by increasing i.
int mode_index(int i, int j) {
  const int d = i + j;
  return d * (d + 1) / 2 + i;
}

} // namespace

// The textbook form is phi_ij = c_ij P_i(a) ((1 - b) / 2)^i P_j^(2i+1,0)(b) with the collapsed
// coordinates a = 2r / (1 - s) - 1, b = 2s - 1, which divides by zero at the vertex (0, 1).
// Multiplying the Legendre recurrence through by (1 - s)^(n+1) gives one for
// Q_n = (1 - s)^n P_n(a) directly in (r, s):
//   (n + 1) Q_{n+1} = (2n + 1) u Q_n - n v^2 Q_{n-1},  u = 2r + s - 1, v = 1 - s,
// so values and gradients are plain polynomials, exact everywhere including the vertex.
std::vector<BasisValue> dubiner(int p, double r, double s) {
  if (p < 0) throw std::invalid_argument("dubiner: negative order " + std::to_string(p));
  std::vector<BasisValue> out(static_cast<std::size_t>(n_modes(p)));

  const double u = 2.0 * r + s - 1.0;
  const double v = 1.0 - s;
  const double b = 2.0 * s - 1.0;

  Dual q_prev;                                          // Q_{i-1}
  Dual q{1.0, 0.0, 0.0};                                // Q_i
  std::vector<Dual> g(static_cast<std::size_t>(p + 1)); // P_j^(alpha,0)(b), derivative in s
  for (int i = 0; i <= p; ++i) {
    if (i > 0) {
      const double n = i - 1; // advance Q_n -> Q_{n+1}
      const Dual q_next{
          ((2 * n + 1) * u * q.v - n * v * v * q_prev.v) / (n + 1),
          ((2 * n + 1) * (2.0 * q.v + u * q.dr) - n * v * v * q_prev.dr) / (n + 1),
          ((2 * n + 1) * (q.v + u * q.ds) - n * (-2.0 * v * q_prev.v + v * v * q_prev.ds)) /
              (n + 1)};
      q_prev = q;
      q = q_next;
    }

    // Jacobi polynomials P_j^(alpha, 0)(b), alpha = 2i + 1, by the three-term recurrence;
    // db/ds = 2.
    const double alpha = 2 * i + 1;
    const int jmax = p - i;
    g[0] = {1.0, 0.0, 0.0};
    if (jmax >= 1) {
      g[1].v = 0.5 * ((alpha + 2.0) * b + alpha);
      g[1].ds = alpha + 2.0;
    }
    for (int j = 2; j <= jmax; ++j) {
      const double c = 2 * j + alpha;
      const double a1 = 2.0 * j * (j + alpha) * (c - 2.0);
      const double a2 = (c - 1.0) * c * (c - 2.0);
      const double a3 = (c - 1.0) * alpha * alpha;
      const double a4 = 2.0 * (j + alpha - 1.0) * (j - 1.0) * c;
      g[j].v = ((a2 * b + a3) * g[j - 1].v - a4 * g[j - 2].v) / a1;
      g[j].ds = (2.0 * a2 * g[j - 1].v + (a2 * b + a3) * g[j - 1].ds - a4 * g[j - 2].ds) / a1;
    }

    for (int j = 0; j <= jmax; ++j) {
      // ||Q_i G_j||^2 over the reference triangle is 1 / (2 (2i + 1) (i + j + 1)).
      const double c = std::sqrt(2.0 * (2 * i + 1) * (i + j + 1));
      BasisValue& o = out[static_cast<std::size_t>(mode_index(i, j))];
      o.phi = c * q.v * g[j].v;
      o.dr = c * q.dr * g[j].v;
      o.ds = c * (q.ds * g[j].v + q.v * g[j].ds);
    }
  }
  return out;
}

} // namespace tridg
