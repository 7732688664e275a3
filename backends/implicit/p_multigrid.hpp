#pragma once
// p-multigrid V-cycle as a preconditioner of A = diag(s) I - J: the element blocks of degree p,
// then of degree 1, then of the cell means (degree 0), each level smoothed by block Jacobi,
// block ILU(0), block Gauss-Seidel in colours or vertex patches; optionally agglomerated levels
// below the cell means (backends/implicit/agglomeration.hpp). The basis is orthonormal and ordered
// by degree (core/basis.hpp), so restriction to a lower degree is the truncation of the modes (the
// L2 projection), prolongation puts the modes back, and the Galerkin coarse operator R A P is the
// fine blocks' leading rows and columns: no coarse Jacobian is ever computed. The coarse levels
// carry what the fine smoother cannot: the long-range acoustic and transport coupling, on far fewer
// unknowns.
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "backends/implicit/agglomeration.hpp"
#include "backends/implicit/block_csr.hpp"
#include "backends/implicit/block_ilu.hpp"
#include "backends/implicit/block_matrix.hpp"
#include "backends/implicit/mg_cycle.hpp"
#include "backends/implicit/multicolor_gs.hpp"
#include "backends/implicit/vertex_patch.hpp"
#include "core/basis.hpp"

namespace tridg {

enum class Smoother { block_jacobi, block_ilu0, vertex_patch, multicolor_gs };

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
    case Smoother::multicolor_gs:
      return gs_.factor(A);
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
    case Smoother::multicolor_gs:
      return gs_.solve(r, z);
    default:
      return jacobi_.solve(r, z);
    }
  }

private:
  Smoother kind_;
  BlockJacobi jacobi_;
  BlockIlu0 ilu_;
  VertexPatchSmoother patch_;
  MulticolorGs gs_;
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
  // Levels of degree p, 1 and 0 (fewer when p < 2); with `agglomerate`, the agglomerated levels
  // below the cell means (backends/implicit/agglomeration.hpp). `coarse_sweeps` smoothing sweeps
  // on the coarsest level stand in for its solve.
  PMultigrid(int p, int M, Smoother smoother, int coarse_sweeps = 2,
             std::shared_ptr<const VertexPatches> patches = nullptr, bool agglomerate = false)
      : M_(M), coarse_sweeps_(coarse_sweeps), agglomerate_(agglomerate) {
    // The agglomerated levels' arithmetic keeps a block row in 16 doubles (block_csr.hpp).
    if (agglomerate && M > 4)
      throw std::invalid_argument("agglomerated levels take at most 4 variables");
    for (int d : {p, 1, 0})
      if (d <= p && (levels_.empty() || d < levels_.back().degree))
        levels_.emplace_back(d, n_modes(d), BlockSmoother(smoother, patches));
  }

  // Factors every level of A (the finest is A itself, referenced, not copied).
  bool factor(const BlockMatrix& A) {
    fine_ = &A;
    const int NPf = levels_.front().np;
    for (std::size_t l = 1; l < levels_.size(); ++l)
      truncate_blocks(A, M_, NPf, levels_[l].np, levels_[l].A);
    for (std::size_t l = 0; l < levels_.size(); ++l)
      if (!levels_[l].smoother.factor(matrix(l))) return false;
    return !agglomerate_ || factor_agglomerated(matrix(levels_.size() - 1));
  }

  // z ~ A^-1 r by one V-cycle.
  void solve(const Vec& r, Vec& z) { v_cycle(*this, 0, &r, &z); }

  // The V-cycle's level operations (backends/implicit/mg_cycle.hpp); levels below the degrees'
  // are the agglomerated ones.
  std::size_t levels() const { return levels_.size() + agg_.size(); }
  int coarse_sweeps() const { return coarse_sweeps_; }
  int sweeps(std::size_t l) const { return mg_sweeps(l, levels_.size(), !agg_.empty()); }
  void smooth(std::size_t l, const Vec* b, Vec* x) {
    if (l < levels_.size()) return levels_[l].smoother.solve(*b, *x);
    diagonal_apply(agg(l).D, M_, rows(l), *b, *x);
  }
  Vec* residual(std::size_t l, const Vec* b, const Vec* x) {
    Work& w = work(l);
    if (l < levels_.size())
      apply(matrix(l), *x, w.Ax);
    else
      csr_apply(shape(l).pattern, agg(l).A, M_, *x, w.Ax);
    w.r.resize(b->size());
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < b->size(); ++i) w.r[i] = (*b)[i] - w.Ax[i];
    return &w.r;
  }
  Vec* correction(std::size_t l) {
    return &work(l).ec;
  }
  void smooth_add(std::size_t l, const Vec* r, Vec* e, Vec* x) {
    smooth(l, r, e);
    axpy(1.0, *e, *x);
  }
  Vec* restrict_to(std::size_t l, const Vec* r) {
    Work& w = work(l);
    if (l + 1 < levels_.size())
      restrict_modes(*r, M_, levels_[l].np, levels_[l + 1].np, matrix(l).n, w.rc);
    else
      restrict_sum(shape(l + 1).groups, M_, rows(l), *r, w.rc);
    return &w.rc;
  }
  Vec* solution(std::size_t l) {
    return &work(l).x;
  }
  void prolong_add(std::size_t l, const Vec* xc, Vec* x) {
    if (l + 1 < levels_.size())
      tridg::prolong_add(*xc, M_, levels_[l].np, levels_[l + 1].np, matrix(l).n, *x);
    else
      prolong_groups(shape(l + 1).groups, M_, rows(l), *xc, *x);
  }

private:
  struct Work {
    Vec x, r, Ax, rc, ec; // a level's solution and work vectors
  };
  struct Level : Work {
    int degree, np;
    BlockMatrix A; // empty on the finest level (fine_ is used)
    BlockSmoother smoother;
    Level(int d, int n, BlockSmoother s) : degree(d), np(n), smoother(std::move(s)) {}
  };
  struct Agglomerated : Work {
    std::vector<double> A, D; // the Galerkin blocks and the inverses of the diagonal ones
  };
  const BlockMatrix& matrix(std::size_t l) const {
    return l == 0 ? *fine_ : levels_[l].A;
  }
  Work& work(std::size_t l) {
    return l < levels_.size() ? static_cast<Work&>(levels_[l]) : agg(l);
  }
  int rows(std::size_t l) const {
    return l < levels_.size() ? matrix(l).n : shape(l).pattern.n;
  }
  // Agglomerated level l (l >= levels_.size()): its blocks, and its groups and pattern.
  Agglomerated& agg(std::size_t l) {
    return agg_[l - levels_.size()];
  }
  const AgglomeratedLevel& shape(std::size_t l) const {
    return shapes_[l - levels_.size()];
  }

  // The agglomerated levels' blocks from the cell means' (their shapes made at the first call).
  bool factor_agglomerated(const BlockMatrix& means) {
    if (slots_.pattern.n != means.n) {
      slots_ = slot_pattern(means.col, means.n);
      shapes_ = agglomerate(slots_.pattern);
      agg_.assign(shapes_.size(), Agglomerated{});
    }
    means_blocks(means, slots_, means_A_);
    const int BB = M_ * M_;
    for (std::size_t i = 0; i < agg_.size(); ++i) {
      galerkin_blocks(shapes_[i], i == 0 ? means_A_ : agg_[i - 1].A, BB, agg_[i].A);
      if (!invert_diagonal(shapes_[i].pattern, agg_[i].A, M_, agg_[i].D)) return false;
    }
    return true;
  }

  int M_, coarse_sweeps_;
  bool agglomerate_;
  std::vector<Level> levels_;
  const BlockMatrix* fine_ = nullptr;
  SlotPattern slots_;
  std::vector<AgglomeratedLevel> shapes_;
  std::vector<double> means_A_;
  std::vector<Agglomerated> agg_;
};

} // namespace tridg
