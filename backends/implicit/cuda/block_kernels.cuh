#pragma once
// The device kernels of the implicit schemes' linear algebra on the Jacobian's blocks. Blocks are
// stored element fastest (kernels/dg_jacobian.hpp, ElementFastBlocks): entry (slot, r, c) of all
// elements is contiguous, so a warp of consecutive elements reads one entry of 32 blocks in one
// transaction, and a thread keeps a whole block row's accumulators in registers and loads each
// entry of x once (bench/NOTES.md, "the block product": 97 % of the copy bandwidth).
//
// A level of degree d < p (the p-multigrid's) is the fine blocks' leading NPl modes of each
// variable: level index v NPl + j is fine index v NPf + j. Level vectors are [v NPl + j][k].
#include <cuda_runtime.h>

#include <cstddef>

namespace tridg {

constexpr int kImplicitBlock = 128;

inline int implicit_blocks(std::size_t n) {
  return int((n + kImplicitBlock - 1) / kImplicitBlock);
}

// Fine index of level index i.
template <int NPf, int NPl> __device__ __forceinline__ int fine_index(int i) {
  return (i / NPl) * NPf + i % NPl;
}

// y = diag(shift) x - J x on the level (shift per element; col[slot][k] the column element of
// each slot, -1 for none).
template <int M, int NPf, int NPl>
__global__ void __launch_bounds__(kImplicitBlock)
    k_level_product(const double* __restrict__ J, const int* __restrict__ col,
                    const double* __restrict__ shift, const double* __restrict__ x,
                    double* __restrict__ y, int n) {
  constexpr int Bf = M * NPf, Bl = M * NPl;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  double acc[Bl];
  const double s = shift[k];
#pragma unroll
  for (int r = 0; r < Bl; ++r) acc[r] = s * x[std::size_t(r) * n + k];
  for (int slot = 0; slot < 4; ++slot) {
    const int c = col[std::size_t(slot) * n + k];
    if (c < 0) continue;
#pragma unroll 1
    for (int ci = 0; ci < Bl; ++ci) {
      const double xv = x[std::size_t(ci) * n + c];
      const int fc = fine_index<NPf, NPl>(ci);
#pragma unroll
      for (int r = 0; r < Bl; ++r) {
        const int fr = fine_index<NPf, NPl>(r);
        acc[r] -= J[(std::size_t(slot * Bf + fr) * Bf + fc) * n + k] * xv;
      }
    }
  }
#pragma unroll
  for (int r = 0; r < Bl; ++r) y[std::size_t(r) * n + k] = acc[r];
}

// W[k] = shift_k I - J_kk on the level, column-major and contiguous per element (the batched
// factorisation's layout).
template <int M, int NPf, int NPl>
__global__ void k_gather_diagonal(const double* __restrict__ J, const double* __restrict__ shift,
                                  double* __restrict__ W, int n) {
  constexpr int Bf = M * NPf, Bl = M * NPl;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  double* w = W + std::size_t(k) * Bl * Bl;
  for (int c = 0; c < Bl; ++c) {
    const int fc = fine_index<NPf, NPl>(c);
    for (int r = 0; r < Bl; ++r) {
      const double j = J[(std::size_t(fine_index<NPf, NPl>(r)) * Bf + fc) * n + k];
      w[c * Bl + r] = (r == c ? shift[k] : 0.0) - j;
    }
  }
}

// D[r][c][k] = Winv[k] (column-major) element fastest, for k_diagonal_apply.
template <int Bl>
__global__ void k_scatter_inverse(const double* __restrict__ Winv, double* __restrict__ D, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const double* w = Winv + std::size_t(k) * Bl * Bl;
  for (int c = 0; c < Bl; ++c)
    for (int r = 0; r < Bl; ++r) D[(std::size_t(r) * Bl + c) * n + k] = w[c * Bl + r];
}

// y = D x, D block diagonal (block Jacobi with the inverses of the diagonal blocks).
template <int Bl>
__global__ void __launch_bounds__(kImplicitBlock)
    k_diagonal_apply(const double* __restrict__ D, const double* __restrict__ x,
                     double* __restrict__ y, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  double acc[Bl];
#pragma unroll
  for (int r = 0; r < Bl; ++r) acc[r] = 0;
#pragma unroll 1
  for (int c = 0; c < Bl; ++c) {
    const double xv = x[std::size_t(c) * n + k];
#pragma unroll
    for (int r = 0; r < Bl; ++r) acc[r] += D[(std::size_t(r) * Bl + c) * n + k] * xv;
  }
#pragma unroll
  for (int r = 0; r < Bl; ++r) y[std::size_t(r) * n + k] = acc[r];
}

// r = b - w
__global__ inline void k_difference(const double* __restrict__ b, const double* __restrict__ w,
                                    double* __restrict__ r, std::size_t n) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) r[i] = b[i] - w[i];
}

// y = a x
__global__ inline void k_scale_into(double a, const double* __restrict__ x, double* __restrict__ y,
                                    std::size_t n) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i];
}

// y += a x
__global__ inline void k_axpy(double a, const double* __restrict__ x, double* __restrict__ y,
                              std::size_t n) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

} // namespace tridg
