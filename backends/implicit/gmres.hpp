#pragma once
// Restarted GMRES with right preconditioning (Saad and Schultz): the residual it monitors is that
// of the unpreconditioned system, so its tolerance means the same with any preconditioner.
#include <cmath>
#include <functional>
#include <vector>

#include "backends/implicit/vector_ops.hpp"

namespace tridg {

struct GmresResult {
  int iterations = 0;
  double residual = 0; // ||b - A x|| / ||b||
  bool converged = false;
};

using LinearOp = std::function<void(const Vec& x, Vec& y)>;

// Solves A x = b from x = 0 to ||b - A x|| <= rtol ||b||, at most max_iter products.
inline GmresResult gmres(const LinearOp& A, const LinearOp& precond, const Vec& b, Vec& x,
                         double rtol, int restart, int max_iter) {
  const std::size_t n = b.size();
  x.assign(n, 0.0);
  GmresResult res;
  const double bnorm = norm2(b);
  if (bnorm == 0) {
    res.converged = true;
    return res;
  }
  std::vector<Vec> V(restart + 1, Vec(n)), Z(restart, Vec(n));
  std::vector<double> H(std::size_t(restart + 1) * restart), cs(restart), sn(restart),
      g(restart + 1);
  Vec r = b, w(n);
  double beta = bnorm; // x = 0 at the start
  while (true) {
    scale_into(1.0 / beta, r, V[0]);
    std::fill(g.begin(), g.end(), 0.0);
    g[0] = beta;
    int j = 0;
    for (; j < restart && res.iterations < max_iter; ++j) {
      precond(V[j], Z[j]);
      A(Z[j], w);
      ++res.iterations;
      for (int i = 0; i <= j; ++i) { // modified Gram-Schmidt
        const double h = dot(w, V[i]);
        H[i * restart + j] = h;
        axpy(-h, V[i], w);
      }
      const double hn = norm2(w);
      H[(j + 1) * restart + j] = hn;
      if (hn > 0) scale_into(1.0 / hn, w, V[j + 1]);
      for (int i = 0; i < j; ++i) { // the earlier rotations on the new column
        const double a = H[i * restart + j], c = H[(i + 1) * restart + j];
        H[i * restart + j] = cs[i] * a + sn[i] * c;
        H[(i + 1) * restart + j] = -sn[i] * a + cs[i] * c;
      }
      const double a = H[j * restart + j], c = H[(j + 1) * restart + j];
      const double d = std::hypot(a, c);
      cs[j] = d > 0 ? a / d : 1.0;
      sn[j] = d > 0 ? c / d : 0.0;
      H[j * restart + j] = d;
      H[(j + 1) * restart + j] = 0;
      g[j + 1] = -sn[j] * g[j];
      g[j] = cs[j] * g[j];
      res.residual = std::abs(g[j + 1]) / bnorm;
      if (res.residual <= rtol || hn == 0) {
        ++j;
        break;
      }
    }
    // x += Z y with H y = g (upper triangular)
    std::vector<double> y(j);
    for (int i = j - 1; i >= 0; --i) {
      double s = g[i];
      for (int l = i + 1; l < j; ++l) s -= H[i * restart + l] * y[l];
      y[i] = s / H[i * restart + i];
    }
    for (int i = 0; i < j; ++i) axpy(y[i], Z[i], x);
    if (res.residual <= rtol) {
      res.converged = true;
      return res;
    }
    if (res.iterations >= max_iter) return res;
    // The true residual for the restart (the recurrence's drifts over long cycles).
    A(x, w);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < n; ++i) r[i] = b[i] - w[i];
    beta = norm2(r);
    res.residual = beta / bnorm;
    if (res.residual <= rtol) {
      res.converged = true;
      return res;
    }
  }
}

} // namespace tridg
