#pragma once
// Block ILU(0) of A = diag(s) I - J on the Jacobian's own pattern (each element and its face
// neighbours), in element order: the preconditioner that keeps GMRES short at the large
// pseudo-time steps of a steady solve, where block Jacobi leaves the coupling between elements
// (the flow's transport) to the Krylov space. The factorisation and the triangular solves run
// in one fixed order, so the result does not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <vector>

#include "backends/implicit/block_matrix.hpp"

namespace tridg {

class BlockIlu0 {
public:
  // Returns false when a pivot block is singular.
  bool factor(const BlockMatrix& A) {
    n_ = A.n;
    B_ = A.B;
    const std::size_t bb = std::size_t(B_) * B_;
    col_ = A.col;
    blk_.resize(std::size_t(n_) * 4 * bb);
    inv_.resize(std::size_t(n_) * bb);
    // A's blocks: s I - J on the diagonal, -J off it.
    for (int k = 0; k < n_; ++k) {
      const double* j = A.row(k);
      double* a = block(k, 0);
      for (std::size_t i = 0; i < 4 * bb; ++i) a[i] = -j[i];
      for (int r = 0; r < B_; ++r) a[r * B_ + r] += A.shift[k];
    }
    std::vector<double> lu(bb), tmp(bb);
    std::vector<int> piv(B_);
    for (int k = 0; k < n_; ++k) {
      // Eliminate the lower neighbours in increasing order (the IKJ form of ILU(0)).
      for (int c : lower_in_order(k)) {
        const int s = slot_of(k, c);
        double* lkc = block(k, s);
        multiply(lkc, inv(c), tmp.data()); // L_kc = A_kc U_cc^-1
        std::copy(tmp.begin(), tmp.end(), lkc);
        // A_kj -= L_kc A_cj for every j > c in row c that is also in row k's pattern.
        for (int sc = 0; sc < 4; ++sc) {
          const int j = col_[std::size_t(c) * 4 + sc];
          if (j < 0 || j <= c) continue;
          const int sk = slot_of(k, j);
          if (sk < 0) continue;
          multiply_sub(lkc, block(c, sc), block(k, sk));
        }
      }
      // The pivot's inverse, by LU with partial pivoting.
      std::copy(block(k, 0), block(k, 0) + bb, lu.begin());
      if (!BlockJacobi::lu_factor(lu.data(), piv.data(), B_)) return false;
      double* iv = inv(k);
      for (int c = 0; c < B_; ++c) {
        double e[256] = {};
        e[c] = 1;
        BlockJacobi::lu_solve(lu.data(), piv.data(), B_, e);
        for (int r = 0; r < B_; ++r) iv[r * B_ + c] = e[r];
      }
    }
    return true;
  }

  // z = (L U)^-1 r
  void solve(const Vec& r, Vec& z) const {
    z.resize(r.size());
    std::vector<double> y(std::size_t(n_) * B_);
    double acc[256];
    for (int k = 0; k < n_; ++k) { // L y = r, L unit lower
      for (int i = 0; i < B_; ++i) acc[i] = r[std::size_t(i) * n_ + k];
      for (int s = 1; s < 4; ++s) {
        const int c = col_[std::size_t(k) * 4 + s];
        if (c < 0 || c > k) continue;
        gemv_sub(block(k, s), y.data() + std::size_t(c) * B_, acc);
      }
      std::copy(acc, acc + B_, y.data() + std::size_t(k) * B_);
    }
    for (int k = n_ - 1; k >= 0; --k) { // U z = y
      for (int i = 0; i < B_; ++i) acc[i] = y[std::size_t(k) * B_ + i];
      for (int s = 1; s < 4; ++s) {
        const int c = col_[std::size_t(k) * 4 + s];
        if (c < 0 || c < k) continue;
        double zc[256];
        for (int i = 0; i < B_; ++i) zc[i] = z[std::size_t(i) * n_ + c];
        gemv_sub(block(k, s), zc, acc);
      }
      const double* iv = inv(k);
      for (int rr = 0; rr < B_; ++rr) {
        double s = 0;
        for (int i = 0; i < B_; ++i) s += iv[rr * B_ + i] * acc[i];
        z[std::size_t(rr) * n_ + k] = s;
      }
    }
  }

private:
  double* block(int k, int s) { return blk_.data() + (std::size_t(k) * 4 + s) * B_ * B_; }
  const double* block(int k, int s) const {
    return blk_.data() + (std::size_t(k) * 4 + s) * B_ * B_;
  }
  double* inv(int k) { return inv_.data() + std::size_t(k) * B_ * B_; }
  const double* inv(int k) const { return inv_.data() + std::size_t(k) * B_ * B_; }
  int slot_of(int k, int c) const {
    for (int s = 1; s < 4; ++s)
      if (col_[std::size_t(k) * 4 + s] == c) return s;
    return -1;
  }
  std::vector<int> lower_in_order(int k) const {
    std::vector<int> l;
    for (int s = 1; s < 4; ++s) {
      const int c = col_[std::size_t(k) * 4 + s];
      if (c >= 0 && c < k) l.push_back(c);
    }
    std::sort(l.begin(), l.end());
    return l;
  }
  // out = a b
  void multiply(const double* a, const double* b, double* out) const {
    for (int r = 0; r < B_; ++r)
      for (int c = 0; c < B_; ++c) {
        double s = 0;
        for (int i = 0; i < B_; ++i) s += a[r * B_ + i] * b[i * B_ + c];
        out[r * B_ + c] = s;
      }
  }
  // out -= a b
  void multiply_sub(const double* a, const double* b, double* out) const {
    for (int r = 0; r < B_; ++r)
      for (int i = 0; i < B_; ++i) {
        const double ar = a[r * B_ + i];
        if (ar == 0) continue;
        for (int c = 0; c < B_; ++c) out[r * B_ + c] -= ar * b[i * B_ + c];
      }
  }
  // acc -= a x
  void gemv_sub(const double* a, const double* x, double* acc) const {
    for (int r = 0; r < B_; ++r) {
      double s = 0;
      for (int i = 0; i < B_; ++i) s += a[r * B_ + i] * x[i];
      acc[r] -= s;
    }
  }

  int n_ = 0, B_ = 0;
  std::vector<int> col_;
  std::vector<double> blk_, inv_;
};

} // namespace tridg
