#pragma once
// Restarted GMRES with right preconditioning (Saad and Schultz): the residual it monitors is that
// of the unpreconditioned system, so its tolerance means the same with any preconditioner.
// Written once over a vector space: the host's (HostSpace below) and the device's
// (backends/cuda/implicit/device_space.cuh) supply the vectors, the product, the preconditioner
// and the orthogonalisation.
#include <cmath>
#include <functional>
#include <vector>

#include "backends/implicit/vector_ops.hpp"

namespace tridg {

struct GmresResult {
  int iterations = 0;
  double residual = 0; // ||b - A x|| / ||b||
  bool converged = false;
  // The system or its preconditioner could not be built (a singular block): no solve was made and
  // the update is zero.
  bool setup_failed = false;
};

using LinearOp = std::function<void(const Vec& x, Vec& y)>;

// Host vectors; the orthogonalisation is modified Gram-Schmidt.
struct HostSpace {
  using Vector = Vec;
  const LinearOp& product;
  const LinearOp& precond;
  std::size_t n;

  std::vector<Vector> basis(int count) const { return std::vector<Vec>(count, Vec(n)); }
  std::vector<Vector> work(int count) const { return basis(count); }
  void zero(Vector& x) const { x.assign(n, 0.0); }
  void copy(const Vector& a, Vector& b) const { b = a; }
  double dot(const Vector& a, const Vector& b) const { return tridg::dot(a, b); }
  void axpy(double a, const Vector& x, Vector& y) const { tridg::axpy(a, x, y); }
  void scale_into(double a, const Vector& x, Vector& y) const { tridg::scale_into(a, x, y); }
  // r = b - w
  void difference(const Vector& b, const Vector& w, Vector& r) const {
    r.resize(n);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < n; ++i) r[i] = b[i] - w[i];
  }
  void apply(const Vector& x, Vector& y) const {
    product(x, y);
  }
  void precondition(const Vector& x, Vector& y) const {
    precond(x, y);
  }
  // h[i] = (w, V[i]) and w -= h[i] V[i] for i <= j, one after the other; returns ||w||.
  double orthogonalize(const std::vector<Vector>& V, int j, Vector& w, double* h) const {
    for (int i = 0; i <= j; ++i) {
      h[i] = dot(w, V[i]);
      axpy(-h[i], V[i], w);
    }
    return std::sqrt(dot(w, w));
  }
};

// Solves A x = b from x = 0 to ||b - A x|| <= rtol ||b||, at most max_iter products.
template <class Space>
GmresResult gmres(const Space& sp, const typename Space::Vector& b, typename Space::Vector& x,
                  double rtol, int restart, int max_iter) {
  using V = typename Space::Vector;
  sp.zero(x);
  GmresResult res;
  const double bnorm = std::sqrt(sp.dot(b, b));
  if (bnorm == 0) {
    res.converged = true;
    return res;
  }
  std::vector<V> Vs = sp.basis(restart + 1), Z = sp.basis(restart);
  std::vector<double> H(std::size_t(restart + 1) * restart), cs(restart), sn(restart),
      g(restart + 1), h(restart + 1);
  std::vector<V> rw = sp.work(2);
  V &r = rw[0], &w = rw[1];
  sp.copy(b, r);
  double beta = bnorm; // x = 0 at the start
  while (true) {
    sp.scale_into(1.0 / beta, r, Vs[0]);
    std::fill(g.begin(), g.end(), 0.0);
    g[0] = beta;
    int j = 0;
    for (; j < restart && res.iterations < max_iter; ++j) {
      sp.precondition(Vs[j], Z[j]);
      sp.apply(Z[j], w);
      ++res.iterations;
      const double hn = sp.orthogonalize(Vs, j, w, h.data());
      for (int i = 0; i <= j; ++i) H[i * restart + j] = h[i];
      H[(j + 1) * restart + j] = hn;
      if (hn > 0) sp.scale_into(1.0 / hn, w, Vs[j + 1]);
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
    for (int i = 0; i < j; ++i) sp.axpy(y[i], Z[i], x);
    if (res.residual <= rtol) {
      res.converged = true;
      return res;
    }
    if (res.iterations >= max_iter) return res;
    // The true residual for the restart (the recurrence's drifts over long cycles).
    sp.apply(x, w);
    sp.difference(b, w, r);
    beta = std::sqrt(sp.dot(r, r));
    res.residual = beta / bnorm;
    if (res.residual <= rtol) {
      res.converged = true;
      return res;
    }
  }
}

// The host's GMRES on functions of host vectors.
inline GmresResult gmres(const LinearOp& A, const LinearOp& precond, const Vec& b, Vec& x,
                         double rtol, int restart, int max_iter) {
  return gmres(HostSpace{A, precond, b.size()}, b, x, rtol, restart, max_iter);
}

} // namespace tridg
