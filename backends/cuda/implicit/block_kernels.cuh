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

// y = diag(shift) x - J x on the level (shift per element); with b, y = b - (diag(shift) x - J x),
// a multigrid residual in one pass. The blocks and their column elements (col[slot][i], -1 for
// none) are stored by place i, element fastest: place i is element i, or with perm element
// perm[i] (the colour sweeps' single-precision copy, k_gather_blocks). Vectors are in element
// order.
template <int M, int NPf, int NPl, class T>
__global__ void __launch_bounds__(kImplicitBlock)
    k_level_product(const T* __restrict__ J, const int* __restrict__ col,
                    const int* __restrict__ perm, const double* __restrict__ shift,
                    const double* __restrict__ x, const double* __restrict__ b,
                    double* __restrict__ y, int n) {
  constexpr int Bf = M * NPf, Bl = M * NPl;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int k = perm ? perm[i] : i;
  double acc[Bl];
  const double s = shift[k];
#pragma unroll
  for (int r = 0; r < Bl; ++r) acc[r] = s * x[std::size_t(r) * n + k];
  for (int slot = 0; slot < 4; ++slot) {
    const int c = col[std::size_t(slot) * n + i];
    if (c < 0) continue;
#pragma unroll 1
    for (int ci = 0; ci < Bl; ++ci) {
      const double xv = x[std::size_t(ci) * n + c];
      const int fc = fine_index<NPf, NPl>(ci);
#pragma unroll
      for (int r = 0; r < Bl; ++r) {
        const int fr = fine_index<NPf, NPl>(r);
        acc[r] -= double(J[(std::size_t(slot * Bf + fr) * Bf + fc) * n + i]) * xv;
      }
    }
  }
#pragma unroll
  for (int r = 0; r < Bl; ++r) {
    const std::size_t e = std::size_t(r) * n + k;
    y[e] = b ? b[e] - acc[r] : acc[r];
  }
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

// D[r][c][pos[k]] = Winv[k] (column-major) element fastest, for k_diagonal_apply (pos null:
// element order, double) or k_color_sweep (pos: each element's place in colour order, float).
template <int Bl, class T>
__global__ void k_scatter_inverse(const double* __restrict__ Winv, const int* __restrict__ pos,
                                  T* __restrict__ D, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const double* w = Winv + std::size_t(k) * Bl * Bl;
  const int i = pos ? pos[k] : k;
  for (int c = 0; c < Bl; ++c)
    for (int r = 0; r < Bl; ++r) D[(std::size_t(r) * Bl + c) * n + i] = T(w[c * Bl + r]);
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

// The colour-sweep V-cycle's copy of the Jacobian (k_level_product, k_color_sweep): the four
// blocks and column elements of each element in colour order, so that a colour's elements are
// contiguous and read coalesced, and in single precision, which halves the bytes of the
// preconditioner's passes (its products and sums stay in double; GMRES's own product reads J).
template <int B>
__global__ void k_gather_blocks(const double* __restrict__ J, const int* __restrict__ col,
                                const int* __restrict__ perm, float* __restrict__ Jc,
                                int* __restrict__ colc, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int k = perm[i];
  for (int slot = 0; slot < 4; ++slot) {
    colc[std::size_t(slot) * n + i] = col[std::size_t(slot) * n + k];
    for (int e = 0; e < B * B; ++e)
      Jc[(std::size_t(slot) * B * B + e) * n + i] =
          float(J[(std::size_t(slot) * B * B + e) * n + k]);
  }
}

// Threads per element in a colour sweep: a colour holds a quarter of the elements, too few for a
// thread each to hide the latency of its chain of block loads (a thread per element took 2.3x a
// block-Jacobi V-cycle's time per GMRES iteration at p = 2 on 80k elements; bench/NOTES.md).
constexpr int kSweepRows = 8;

// One colour of a block Gauss-Seidel sweep from zero on the level
// (backends/implicit/multicolor_gs.hpp), positions first .. first + count of the colour order:
// for element k = perm[i], z_k = D_i (r_k + sum over the earlier colours' neighbours of
// J_kj z_j), with Jc's neighbour blocks and the inverted diagonal blocks D, in colour order and
// single precision. No two elements of a colour are neighbours; a neighbour at a later place
// (pos) is still zero in this sweep, so z needs no clearing first. With add_to, add_to_k += z_k
// as well (a multigrid correction: z_k is final once written). A block holds 32 elements
// (threadIdx.x, so a warp reads 32 consecutive places) and kSweepRows threads per element
// (threadIdx.y), each taking every kSweepRows-th row.
template <int M, int NPf, int NPl>
__global__ void __launch_bounds__(32 * kSweepRows)
    k_color_sweep(const float* __restrict__ Jc, const int* __restrict__ colc,
                  const float* __restrict__ D, const int* __restrict__ perm,
                  const int* __restrict__ pos, int first, int count, const double* __restrict__ r,
                  double* __restrict__ z, double* __restrict__ add_to, int n) {
  constexpr int Bf = M * NPf, Bl = M * NPl;
  __shared__ double t[Bl][32];
  const int e = threadIdx.x, y = threadIdx.y;
  const int i = first + blockIdx.x * 32 + e;
  const bool live = i < first + count;
  const int k = live ? perm[i] : 0;
  for (int a = y; a < Bl; a += kSweepRows) {
    double s = 0;
    if (live) {
      s = r[std::size_t(a) * n + k];
      const int fa = fine_index<NPf, NPl>(a);
      for (int slot = 1; slot < 4; ++slot) {
        const int c = colc[std::size_t(slot) * n + i];
        if (c < 0 || pos[c] >= first) continue;
        for (int ci = 0; ci < Bl; ++ci)
          s += double(Jc[(std::size_t(slot * Bf + fa) * Bf + fine_index<NPf, NPl>(ci)) * n + i]) *
               z[std::size_t(ci) * n + c];
      }
    }
    t[a][e] = s;
  }
  __syncthreads();
  if (!live) return;
  for (int a = y; a < Bl; a += kSweepRows) {
    double s = 0;
    for (int c = 0; c < Bl; ++c) s += double(D[(std::size_t(a) * Bl + c) * n + i]) * t[c][e];
    z[std::size_t(a) * n + k] = s;
    if (add_to) add_to[std::size_t(a) * n + k] += s;
  }
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
