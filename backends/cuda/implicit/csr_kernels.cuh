#pragma once
// The device kernels of the agglomerated levels (backends/implicit/agglomeration.hpp), in the
// host's order of every sum (backends/implicit/block_csr.hpp): blocks [block][B][B] row-major,
// vectors [v][row]. These levels hold a quarter of the elements and fewer, so a thread per row
// or block is enough.
#include <cuda_runtime.h>

#include <cstddef>

#include "backends/cuda/implicit/block_kernels.cuh"
#include "backends/implicit/small_inverse.hpp"

namespace tridg {

// The cell means' blocks s_k I - J summed over each block's slots (src: k 4 + slot), from the
// degree-0 entries of the Jacobian's blocks (element fastest).
template <int M, int NP>
__global__ void k_means_blocks(const double* __restrict__ J, const double* __restrict__ shift,
                               const int* __restrict__ rowptr, const int* __restrict__ src_start,
                               const int* __restrict__ src, double* __restrict__ out, int n) {
  constexpr int B = M * NP;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  for (int z = rowptr[k]; z < rowptr[k + 1]; ++z)
    for (int e = 0; e < M * M; ++e) {
      const int v = e / M, w = e % M;
      double a = z == rowptr[k] && v == w ? shift[k] : 0.0;
      for (int i = src_start[z]; i < src_start[z + 1]; ++i)
        a -= J[(std::size_t((src[i] % 4) * B + v * NP) * B + w * NP) * n + k];
      out[std::size_t(z) * M * M + e] = a;
    }
}

// coarse block z = the sum of its source blocks of the level above.
template <int BB>
__global__ void k_galerkin(const double* __restrict__ fine, const int* __restrict__ src_start,
                           const int* __restrict__ src, double* __restrict__ coarse, int nnz) {
  const int z = blockIdx.x * blockDim.x + threadIdx.x;
  if (z >= nnz) return;
  for (int e = 0; e < BB; ++e) {
    double a = 0;
    for (int i = src_start[z]; i < src_start[z + 1]; ++i) a += fine[std::size_t(src[i]) * BB + e];
    coarse[std::size_t(z) * BB + e] = a;
  }
}

// D_i = the inverse of row i's diagonal block (its first); *bad counts the singular ones.
template <int B>
__global__ void k_invert_diagonal(const double* __restrict__ A, const int* __restrict__ rowptr,
                                  double* __restrict__ D, int n, int* bad) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a[B * B], inv[B * B];
  for (int e = 0; e < B * B; ++e) {
    a[e] = A[std::size_t(rowptr[i]) * B * B + e];
    inv[e] = e % (B + 1) == 0 ? 1.0 : 0.0;
  }
  if (!gauss_jordan(a, inv, B)) atomicAdd(bad, 1);
  for (int e = 0; e < B * B; ++e) D[std::size_t(i) * B * B + e] = inv[e];
}

// y = A x
template <int B>
__global__ void __launch_bounds__(kImplicitBlock)
    k_csr_apply(const int* __restrict__ rowptr, const int* __restrict__ col,
                const double* __restrict__ A, const double* __restrict__ x, double* __restrict__ y,
                int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc[B] = {};
  for (int z = rowptr[i]; z < rowptr[i + 1]; ++z) {
    const double* a = A + std::size_t(z) * B * B;
    for (int v = 0; v < B; ++v)
      for (int w = 0; w < B; ++w) acc[v] += a[v * B + w] * x[std::size_t(w) * n + col[z]];
  }
  for (int v = 0; v < B; ++v) y[std::size_t(v) * n + i] = acc[v];
}

// y = D x, D block diagonal [row][B][B].
template <int B>
__global__ void k_rowmajor_diagonal_apply(const double* __restrict__ D,
                                          const double* __restrict__ x, double* __restrict__ y,
                                          int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int v = 0; v < B; ++v) {
    double s = 0;
    for (int w = 0; w < B; ++w)
      s += D[(std::size_t(i) * B + v) * B + w] * x[std::size_t(w) * n + i];
    y[std::size_t(v) * n + i] = s;
  }
}

// coarse[v][g] = the sum of fine[v][i] over the group's members.
template <int B>
__global__ void k_restrict_sum(const int* __restrict__ start, const int* __restrict__ members,
                               const double* __restrict__ fine, double* __restrict__ coarse, int nf,
                               int nc) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= nc) return;
  for (int v = 0; v < B; ++v) {
    double s = 0;
    for (int m = start[g]; m < start[g + 1]; ++m) s += fine[std::size_t(v) * nf + members[m]];
    coarse[std::size_t(v) * nc + g] = s;
  }
}

// fine[v][i] += coarse[v][group of i]
template <int B>
__global__ void k_prolong_groups(const int* __restrict__ of, const double* __restrict__ coarse,
                                 double* __restrict__ fine, int nf, int nc) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nf) return;
  for (int v = 0; v < B; ++v) fine[std::size_t(v) * nf + i] += coarse[std::size_t(v) * nc + of[i]];
}

} // namespace tridg
