#pragma once
// The block rows of the DG Jacobian by finite differences of the residual, for physics whose
// point functions kernels/dg_jacobian.hpp does not differentiate (shallow water: its cells, its
// reconstruction, side corrections and sources would each need a chain rule of their own). The
// elements are coloured so that two elements of a colour are neither neighbours nor share one
// (a distance-2 colouring of the face graph): perturbing one coefficient of every element of a
// colour at once, element k's residual change is its own block's column and each neighbour's
// change that neighbour's block of k. A Jacobian costs (colours x M NP + 1) residuals.
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "backends/backend.hpp"
#include "backends/implicit/block_matrix.hpp"

namespace tridg {

class FdJacobian {
public:
  // The face neighbours of each element (edge_elem/elem_face of `m`), and the colouring.
  explicit FdJacobian(const MeshArrays& m) : n_(m.n_elems) {
    nbr_.assign(std::size_t(n_) * 3, -1);
    for (int k = 0; k < n_; ++k)
      for (int s = 0; s < 3; ++s) {
        const int face = m.elem_face[std::size_t(s) * n_ + k], e = face >> 1;
        nbr_[std::size_t(k) * 3 + s] = m.edge_elem[std::size_t(face & 1 ? 0 : 1) * m.n_edges + e];
      }
    colour();
  }
  int colours() const { return int(by_colour_.size()); }

  // A's block rows (A.col and A.J) at u, with `residual` the operator L and B the block size;
  // with diag_only the neighbour blocks stay zero. h_scale: the size of a state coefficient
  // (perturbations are 1e-7 of it, or of the coefficient where larger).
  void build(const Vec& u, int B, double h_scale,
             const std::function<void(const Vec&, Vec&)>& residual, BlockMatrix& A,
             bool diag_only) {
    const int n = n_;
    if (A.n != n || A.B != B) A.resize(n, B);
    std::fill(A.J.begin(), A.J.end(), 0.0);
    for (int k = 0; k < n; ++k) {
      A.col[std::size_t(k) * 4] = k;
      for (int s = 0; s < 3; ++s) {
        int j = nbr_[std::size_t(k) * 3 + s];
        // An element met twice (a tiny periodic mesh) gets its block once.
        for (int q = 0; q < s; ++q)
          if (nbr_[std::size_t(k) * 3 + q] == j) j = -1;
        A.col[std::size_t(k) * 4 + 1 + s] = j;
      }
    }
    residual(u, L0_);
    std::vector<double> h(static_cast<std::size_t>(n));
    for (const std::vector<int>& group : by_colour_)
      for (int i = 0; i < B; ++i) {
        up_ = u;
        for (const int k : group) {
          const double c = u[std::size_t(i) * n + k];
          h[std::size_t(k)] = 1e-7 * std::max(std::abs(c), h_scale);
          up_[std::size_t(i) * n + k] = c + h[std::size_t(k)];
        }
        residual(up_, L1_);
#pragma omp parallel for schedule(static)
        for (std::size_t g = 0; g < group.size(); ++g) {
          const int k = group[g];
          const double ih = 1.0 / h[std::size_t(k)];
          double* own = A.row(k);
          for (int r = 0; r < B; ++r) {
            const std::size_t at = std::size_t(r) * n + k;
            own[r * B + i] = (L1_[at] - L0_[at]) * ih;
          }
          if (diag_only) continue;
          for (int s = 0; s < 3; ++s) {
            const int j = nbr_[std::size_t(k) * 3 + s];
            if (j < 0) continue;
            int slot = -1; // j's block of k
            for (int q = 1; q < 4 && slot < 0; ++q)
              if (A.col[std::size_t(j) * 4 + q] == k) slot = q;
            if (slot < 0) continue;
            double* blk = A.row(j) + std::size_t(slot) * B * B;
            for (int r = 0; r < B; ++r) {
              const std::size_t at = std::size_t(r) * n + j;
              blk[r * B + i] = (L1_[at] - L0_[at]) * ih;
            }
          }
        }
      }
  }

private:
  // Greedy distance-2 colouring in element order: a colour none of the element's neighbours and
  // their neighbours has.
  void colour() {
    std::vector<int> c(static_cast<std::size_t>(n_), -1), seen;
    for (int k = 0; k < n_; ++k) {
      seen.clear();
      for (int s = 0; s < 3; ++s) {
        const int j = nbr_[std::size_t(k) * 3 + s];
        if (j < 0) continue;
        seen.push_back(c[std::size_t(j)]);
        for (int t = 0; t < 3; ++t) {
          const int l = nbr_[std::size_t(j) * 3 + t];
          if (l >= 0 && l != k) seen.push_back(c[std::size_t(l)]);
        }
      }
      int pick = 0;
      while (std::find(seen.begin(), seen.end(), pick) != seen.end()) ++pick;
      c[std::size_t(k)] = pick;
      if (pick >= int(by_colour_.size())) by_colour_.resize(std::size_t(pick) + 1);
      by_colour_[std::size_t(pick)].push_back(k);
    }
  }

  int n_;
  std::vector<int> nbr_;                    // [n][3]: across side s, -1 on the boundary
  std::vector<std::vector<int>> by_colour_; // the elements of each colour
  Vec L0_, L1_, up_;
};

} // namespace tridg
