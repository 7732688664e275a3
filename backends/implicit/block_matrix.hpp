#pragma once
// The block-sparse matrix of an implicit step, A = diag(s_k) I - J: J the DG Jacobian with one
// block row per element (itself and its three face neighbours, kernels/dg_jacobian.hpp), s_k the
// shift of element k (1 / (gamma dt) for a time step, 1 / dt_k for pseudo-time). Vectors are in
// the state's layout C[var][mode][elem], so a block row gathers its columns with stride n.
#include <vector>

#include "backends/implicit/vector_ops.hpp"

namespace tridg {

struct BlockMatrix {
  int n = 0, B = 0;          // elements, block size M NP
  std::vector<int> col;      // [n][4]: column element of each slot, -1 for none
  std::vector<double> J;     // [n][4][B][B], row-major blocks
  std::vector<double> shift; // [n]

  void resize(int elems, int block) {
    n = elems;
    B = block;
    col.assign(std::size_t(n) * 4, -1);
    J.assign(std::size_t(n) * 4 * B * B, 0.0);
    shift.assign(n, 0.0);
  }
  double* row(int k) { return J.data() + std::size_t(k) * 4 * B * B; }
  const double* row(int k) const { return J.data() + std::size_t(k) * 4 * B * B; }
};

// t += J_kj x_j (Negate: t -= J_kj x_j) over row k's slots from `first` (0: the element itself
// too, 1: its neighbours alone), each block's product summed before it is added.
template <bool Negate>
inline void add_row_products(const BlockMatrix& A, int k, int first, const Vec& x, double* t) {
  const int n = A.n, B = A.B;
  for (int slot = first; slot < 4; ++slot) {
    const int c = A.col[std::size_t(k) * 4 + slot];
    if (c < 0) continue;
    const double* b = A.row(k) + std::size_t(slot) * B * B;
    for (int r = 0; r < B; ++r) {
      double s = 0;
      for (int i = 0; i < B; ++i) s += b[r * B + i] * x[std::size_t(i) * n + c];
      if constexpr (Negate)
        t[r] -= s;
      else
        t[r] += s;
    }
  }
}

// y = A x.
inline void apply(const BlockMatrix& A, const Vec& x, Vec& y) {
  const int n = A.n, B = A.B;
  y.resize(x.size());
#pragma omp parallel for schedule(static)
  for (int k = 0; k < n; ++k) {
    double acc[256];
    for (int r = 0; r < B; ++r) acc[r] = A.shift[k] * x[std::size_t(r) * n + k];
    add_row_products<true>(A, k, 0, x, acc);
    for (int r = 0; r < B; ++r) y[std::size_t(r) * n + k] = acc[r];
  }
}

// Block Jacobi: the diagonal blocks s_k I - J_kk factored by LU with partial pivoting, one per
// element.
class BlockJacobi {
public:
  // Returns false when a block is singular.
  bool factor(const BlockMatrix& A) {
    n_ = A.n;
    B_ = A.B;
    lu_.resize(std::size_t(n_) * B_ * B_);
    piv_.resize(std::size_t(n_) * B_);
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (int k = 0; k < n_; ++k) {
      double* a = lu_.data() + std::size_t(k) * B_ * B_;
      const double* j = A.row(k);
      for (int r = 0; r < B_; ++r)
        for (int c = 0; c < B_; ++c) a[r * B_ + c] = (r == c ? A.shift[k] : 0.0) - j[r * B_ + c];
      bad += lu_factor(a, piv_.data() + std::size_t(k) * B_, B_) ? 0 : 1;
    }
    return bad == 0;
  }
  // b = D_k^-1 b for one element's block.
  void solve_block(int k, double* b) const {
    lu_solve(lu_.data() + std::size_t(k) * B_ * B_, piv_.data() + std::size_t(k) * B_, B_, b);
  }
  // z = D^-1 r
  void solve(const Vec& r, Vec& z) const {
    z.resize(r.size());
#pragma omp parallel for schedule(static)
    for (int k = 0; k < n_; ++k) {
      double b[256];
      for (int i = 0; i < B_; ++i) b[i] = r[std::size_t(i) * n_ + k];
      lu_solve(lu_.data() + std::size_t(k) * B_ * B_, piv_.data() + std::size_t(k) * B_, B_, b);
      for (int i = 0; i < B_; ++i) z[std::size_t(i) * n_ + k] = b[i];
    }
  }

  static bool lu_factor(double* a, int* piv, int B) {
    for (int c = 0; c < B; ++c) {
      int p = c;
      for (int r = c + 1; r < B; ++r)
        if (std::abs(a[r * B + c]) > std::abs(a[p * B + c])) p = r;
      piv[c] = p;
      if (!(a[p * B + c] != 0)) return false;
      if (p != c)
        for (int i = 0; i < B; ++i) std::swap(a[c * B + i], a[p * B + i]);
      const double inv = 1.0 / a[c * B + c];
      for (int r = c + 1; r < B; ++r) {
        const double l = a[r * B + c] * inv;
        a[r * B + c] = l;
        for (int i = c + 1; i < B; ++i) a[r * B + i] -= l * a[c * B + i];
      }
    }
    return true;
  }
  static void lu_solve(const double* a, const int* piv, int B, double* b) {
    for (int c = 0; c < B; ++c) std::swap(b[c], b[piv[c]]);
    for (int r = 1; r < B; ++r)
      for (int c = 0; c < r; ++c) b[r] -= a[r * B + c] * b[c];
    for (int r = B - 1; r >= 0; --r) {
      for (int c = r + 1; c < B; ++c) b[r] -= a[r * B + c] * b[c];
      b[r] /= a[r * B + r];
    }
  }

private:
  int n_ = 0, B_ = 0;
  std::vector<double> lu_;
  std::vector<int> piv_;
};

} // namespace tridg
