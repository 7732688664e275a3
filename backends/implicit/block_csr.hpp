#pragma once
// The host's arithmetic on the agglomerated levels (backends/implicit/agglomeration.hpp): blocks
// of B x B stored [block][B][B] row-major with the shift folded in, vectors [v][row] as on the
// other levels. The device's kernels (backends/cuda/implicit/csr_kernels.cuh) keep the same
// order of every sum.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "backends/implicit/agglomeration.hpp"
#include "backends/implicit/block_matrix.hpp"
#include "backends/implicit/small_inverse.hpp"

namespace tridg {

// The cell means' blocks: s_k I - J summed over each block's slots, from the degree-0 blocks
// (B = M) of A.
inline void means_blocks(const BlockMatrix& A, const SlotPattern& s, std::vector<double>& out) {
  const int B = A.B, BB = B * B, n = A.n;
  out.resize(std::size_t(s.pattern.nnz()) * BB);
#pragma omp parallel for schedule(static)
  for (int k = 0; k < n; ++k)
    for (int z = s.pattern.rowptr[k]; z < s.pattern.rowptr[k + 1]; ++z)
      for (int e = 0; e < BB; ++e) {
        double a = z == s.pattern.rowptr[k] && e % (B + 1) == 0 ? A.shift[k] : 0.0;
        for (int i = s.src_start[z]; i < s.src_start[z + 1]; ++i)
          a -= A.J[std::size_t(s.src[i]) * BB + e];
        out[std::size_t(z) * BB + e] = a;
      }
}

// coarse block z = the sum of its source blocks of the level above.
inline void galerkin_blocks(const AgglomeratedLevel& L, const std::vector<double>& fine, int BB,
                            std::vector<double>& coarse) {
  const int nnz = L.pattern.nnz();
  coarse.resize(std::size_t(nnz) * BB);
#pragma omp parallel for schedule(static)
  for (int z = 0; z < nnz; ++z)
    for (int e = 0; e < BB; ++e) {
      double a = 0;
      for (int i = L.src_start[z]; i < L.src_start[z + 1]; ++i)
        a += fine[std::size_t(L.src[i]) * BB + e];
      coarse[std::size_t(z) * BB + e] = a;
    }
}

// y = A x
inline void csr_apply(const CsrPattern& p, const std::vector<double>& A, int B, const Vec& x,
                      Vec& y) {
  const int n = p.n;
  y.resize(x.size());
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    double acc[16] = {};
    for (int z = p.rowptr[i]; z < p.rowptr[i + 1]; ++z) {
      const double* a = A.data() + std::size_t(z) * B * B;
      for (int v = 0; v < B; ++v)
        for (int w = 0; w < B; ++w) acc[v] += a[v * B + w] * x[std::size_t(w) * n + p.col[z]];
    }
    for (int v = 0; v < B; ++v) y[std::size_t(v) * n + i] = acc[v];
  }
}

// The inverses of the diagonal blocks (each row's first), row-major, by Gauss-Jordan with
// partial pivoting; false when one is singular.
inline bool invert_diagonal(const CsrPattern& p, const std::vector<double>& A, int B,
                            std::vector<double>& D) {
  const int BB = B * B;
  D.resize(std::size_t(p.n) * BB);
  int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
  for (int i = 0; i < p.n; ++i) {
    double a[16], inv[16];
    for (int e = 0; e < BB; ++e) {
      a[e] = A[std::size_t(p.rowptr[i]) * BB + e];
      inv[e] = e % (B + 1) == 0 ? 1.0 : 0.0;
    }
    bad += gauss_jordan(a, inv, B) ? 0 : 1;
    std::copy_n(inv, BB, D.data() + std::size_t(i) * BB);
  }
  return bad == 0;
}

// z = D x, D block diagonal.
inline void diagonal_apply(const std::vector<double>& D, int B, int n, const Vec& x, Vec& z) {
  z.resize(x.size());
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i)
    for (int v = 0; v < B; ++v) {
      double s = 0;
      for (int w = 0; w < B; ++w)
        s += D[(std::size_t(i) * B + v) * B + w] * x[std::size_t(w) * n + i];
      z[std::size_t(v) * n + i] = s;
    }
}

// coarse[v][g] = sum of fine[v][i] over the group's members (R = P^T).
inline void restrict_sum(const Aggregates& a, int B, int nf, const Vec& fine, Vec& coarse) {
  const int nc = a.n_coarse;
  coarse.resize(std::size_t(B) * nc);
#pragma omp parallel for schedule(static)
  for (int g = 0; g < nc; ++g)
    for (int v = 0; v < B; ++v) {
      double s = 0;
      for (int m = a.start[g]; m < a.start[g + 1]; ++m)
        s += fine[std::size_t(v) * nf + a.members[m]];
      coarse[std::size_t(v) * nc + g] = s;
    }
}

// fine[v][i] += coarse[v][group of i] (P: the group's value on each member).
inline void prolong_groups(const Aggregates& a, int B, int nf, const Vec& coarse, Vec& fine) {
  const int nc = a.n_coarse;
#pragma omp parallel for schedule(static)
  for (int i = 0; i < nf; ++i)
    for (int v = 0; v < B; ++v)
      fine[std::size_t(v) * nf + i] += coarse[std::size_t(v) * nc + a.of[i]];
}

} // namespace tridg
