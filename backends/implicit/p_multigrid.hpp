#pragma once
// p-multigrid V-cycle as a preconditioner of A = diag(s) I - J: the element blocks of degree p,
// then of degree 1, then of the cell means (degree 0), each level smoothed by block Jacobi or
// block ILU(0). The basis is orthonormal and ordered by degree (core/basis.hpp), so restriction
// to a lower degree is the truncation of the modes (the L2 projection), prolongation puts the
// modes back, and the Galerkin coarse operator R A P is the fine blocks' leading rows and
// columns: no coarse Jacobian is ever computed. The coarse levels carry what the fine smoother
// cannot: the long-range acoustic and transport coupling, on far fewer unknowns.
#include <memory>
#include <utility>
#include <vector>

#include "backends/implicit/block_ilu.hpp"
#include "backends/implicit/block_matrix.hpp"
#include "backends/implicit/vertex_patch.hpp"
#include "core/basis.hpp"

namespace tridg {

enum class Smoother { block_jacobi, block_ilu0, vertex_patch };

// One level's smoother: an approximate solve z ~ A^-1 r with a factorisation of A. The vertex
// patches are needed only by the vertex_patch kind.
class BlockSmoother {
public:
  explicit BlockSmoother(Smoother kind, std::shared_ptr<const VertexPatches> patches = nullptr)
      : kind_(kind), patch_(std::move(patches)) {}
  bool factor(const BlockMatrix& A) {
    switch (kind_) {
    case Smoother::block_ilu0:
      return ilu_.factor(A);
    case Smoother::vertex_patch:
      return patch_.factor(A);
    default:
      return jacobi_.factor(A);
    }
  }
  void solve(const Vec& r, Vec& z) {
    switch (kind_) {
    case Smoother::block_ilu0:
      return ilu_.solve(r, z);
    case Smoother::vertex_patch:
      return patch_.solve(r, z);
    default:
      return jacobi_.solve(r, z);
    }
  }

private:
  Smoother kind_;
  BlockJacobi jacobi_;
  BlockIlu0 ilu_;
  VertexPatchSmoother patch_;
};

// Coefficients of degree < NPc modes: coarse[v][j][k] = fine[v][j][k] for j < NPc.
inline void restrict_modes(const Vec& fine, int M, int NPf, int NPc, int n, Vec& coarse) {
  coarse.resize(std::size_t(M) * NPc * n);
  for (int v = 0; v < M; ++v)
    for (int j = 0; j < NPc; ++j)
      std::copy_n(fine.begin() + (std::size_t(v) * NPf + j) * n, n,
                  coarse.begin() + (std::size_t(v) * NPc + j) * n);
}

// fine[v][j][k] += coarse[v][j][k] for j < NPc.
inline void prolong_add(const Vec& coarse, int M, int NPf, int NPc, int n, Vec& fine) {
#pragma omp parallel for schedule(static)
  for (int k = 0; k < n; ++k)
    for (int v = 0; v < M; ++v)
      for (int j = 0; j < NPc; ++j)
        fine[(std::size_t(v) * NPf + j) * n + k] += coarse[(std::size_t(v) * NPc + j) * n + k];
}

// The leading NPc modes of each variable in every block of A (same pattern and shifts).
inline void truncate_blocks(const BlockMatrix& A, int M, int NPf, int NPc, BlockMatrix& C) {
  const int Bf = A.B, Bc = M * NPc;
  C.n = A.n;
  C.B = Bc;
  C.col = A.col;
  C.shift = A.shift;
  C.J.resize(std::size_t(A.n) * 4 * Bc * Bc);
#pragma omp parallel for schedule(static)
  for (int k = 0; k < A.n; ++k)
    for (int slot = 0; slot < 4; ++slot) {
      const double* f = A.row(k) + std::size_t(slot) * Bf * Bf;
      double* c = C.row(k) + std::size_t(slot) * Bc * Bc;
      for (int v = 0; v < M; ++v)
        for (int j = 0; j < NPc; ++j)
          for (int w = 0; w < M; ++w)
            for (int i = 0; i < NPc; ++i)
              c[(v * NPc + j) * Bc + w * NPc + i] = f[(v * NPf + j) * Bf + w * NPf + i];
    }
}

class PMultigrid {
public:
  // Levels of degree p, 1 and 0 (fewer when p < 2); `coarse_sweeps` smoothing sweeps stand in
  // for the solve on the cell means.
  PMultigrid(int p, int M, Smoother smoother, int coarse_sweeps = 2,
             std::shared_ptr<const VertexPatches> patches = nullptr)
      : M_(M), coarse_sweeps_(coarse_sweeps) {
    for (int d : {p, 1, 0})
      if (d <= p && (levels_.empty() || d < levels_.back().degree))
        levels_.push_back(
            Level{d, n_modes(d), {}, BlockSmoother(smoother, patches), {}, {}, {}, {}, {}});
  }

  // Factors every level of A (the finest is A itself, referenced, not copied).
  bool factor(const BlockMatrix& A) {
    fine_ = &A;
    const int NPf = levels_.front().np;
    for (std::size_t l = 1; l < levels_.size(); ++l)
      truncate_blocks(A, M_, NPf, levels_[l].np, levels_[l].A);
    for (std::size_t l = 0; l < levels_.size(); ++l)
      if (!levels_[l].smoother.factor(matrix(l))) return false;
    return true;
  }

  // z ~ A^-1 r by one V-cycle.
  void solve(const Vec& r, Vec& z) { cycle(0, r, z); }

private:
  struct Level {
    int degree, np;
    BlockMatrix A; // empty on the finest level (fine_ is used)
    BlockSmoother smoother;
    Vec x, r, Ax, rc, ec; // this level's solution and work vectors
  };
  const BlockMatrix& matrix(std::size_t l) const { return l == 0 ? *fine_ : levels_[l].A; }

  // L.r = b - A x on level l.
  void residual(std::size_t l, const Vec& b, const Vec& x) {
    Level& L = levels_[l];
    apply(matrix(l), x, L.Ax);
    L.r.resize(b.size());
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < b.size(); ++i) L.r[i] = b[i] - L.Ax[i];
  }

  // x += S (b - A x)
  void smooth_again(std::size_t l, const Vec& b, Vec& x) {
    Level& L = levels_[l];
    residual(l, b, x);
    L.smoother.solve(L.r, L.ec);
    axpy(1.0, L.ec, x);
  }

  void cycle(std::size_t l, const Vec& b, Vec& x) {
    Level& L = levels_[l];
    L.smoother.solve(b, x);
    if (l + 1 == levels_.size()) {
      for (int i = 1; i < coarse_sweeps_; ++i) smooth_again(l, b, x);
      return;
    }
    const int n = matrix(l).n;
    residual(l, b, x);
    Level& C = levels_[l + 1];
    restrict_modes(L.r, M_, L.np, C.np, n, L.rc);
    cycle(l + 1, L.rc, C.x);
    prolong_add(C.x, M_, L.np, C.np, n, x);
    smooth_again(l, b, x);
  }

  int M_, coarse_sweeps_;
  std::vector<Level> levels_;
  const BlockMatrix* fine_ = nullptr;
};

} // namespace tridg
