// The implicit schemes' block kernels on the GPU against the vendor libraries, on the DG
// Jacobian's own pattern (one block row per element: itself and its three face neighbours):
//   product   y = (s I - J) x   tridg's block-ELL layout vs cuSPARSE's BSR (bsrmv and SpMV)
//   factor    LU of each element's diagonal block   tridg's batched LU vs cublasDgetrfBatched
// Mesh: an n x n grid of squares cut into triangles (element order row by row, as a meshed
// channel's). Values: random, diagonally dominated blocks (the speed does not depend on them).
// Prints the time per call, the bytes each moves, and the effective bandwidth against a copy.
//
//   bench_blocks [--grid N] [--p P] [--reps R]
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));              \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
#define CS(x)                                                                                      \
  do {                                                                                             \
    cusparseStatus_t s_ = (x);                                                                     \
    if (s_ != CUSPARSE_STATUS_SUCCESS) {                                                           \
      std::fprintf(stderr, "%s:%d cusparse %d\n", __FILE__, __LINE__, int(s_));                    \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
#define CB(x)                                                                                      \
  do {                                                                                             \
    cublasStatus_t s_ = (x);                                                                       \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                             \
      std::fprintf(stderr, "%s:%d cublas %d\n", __FILE__, __LINE__, int(s_));                      \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

namespace {

// Face neighbours of the grid's triangles (-1 on the boundary): square (i, j) holds the lower
// triangle 2 (j n + i) and the upper one 2 (j n + i) + 1.
std::vector<int> grid_neighbours(int n) {
  const int E = 2 * n * n;
  std::vector<int> nb(std::size_t(E) * 3, -1);
  auto id = [n](int i, int j, int up) { return 2 * (j * n + i) + up; };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int lo = id(i, j, 0), hi = id(i, j, 1);
      nb[lo * 3 + 0] = hi;                               // the diagonal
      nb[lo * 3 + 1] = j > 0 ? id(i, j - 1, 1) : -1;     // below
      nb[lo * 3 + 2] = i + 1 < n ? id(i + 1, j, 1) : -1; // right
      nb[hi * 3 + 0] = lo;
      nb[hi * 3 + 1] = j + 1 < n ? id(i, j + 1, 0) : -1; // above
      nb[hi * 3 + 2] = i > 0 ? id(i - 1, j, 0) : -1;     // left
    }
  return nb;
}

// tridg's layout: V[slot][r][i][k] (element fastest: a warp reads 32 elements' same entry at
// once), col[slot][k], slot 0 the element itself. One thread per (element, row).
__global__ void product_rows(int n, int B, const double* __restrict__ V,
                             const int* __restrict__ col, const double* __restrict__ shift,
                             const double* __restrict__ x, double* __restrict__ y) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y;
  if (k >= n) return;
  double acc = shift[k] * x[std::size_t(r) * n + k];
  for (int s = 0; s < 4; ++s) {
    const int c = col[std::size_t(s) * n + k];
    if (c < 0) continue;
    const double* v = V + (std::size_t(s) * B + r) * B * std::size_t(n) + k;
    for (int i = 0; i < B; ++i) acc -= v[std::size_t(i) * n] * __ldg(&x[std::size_t(i) * n + c]);
  }
  y[std::size_t(r) * n + k] = acc;
}

// The same with one thread per element and all B rows: each gathered x entry is loaded once.
template <int B>
__global__ void product_elems(int n, const double* __restrict__ V, const int* __restrict__ col,
                              const double* __restrict__ shift, const double* __restrict__ x,
                              double* __restrict__ y) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  double acc[B];
#pragma unroll
  for (int r = 0; r < B; ++r) acc[r] = shift[k] * x[std::size_t(r) * n + k];
  for (int s = 0; s < 4; ++s) {
    const int c = col[std::size_t(s) * n + k];
    if (c < 0) continue;
    const double* v = V + std::size_t(s) * B * B * std::size_t(n) + k;
    for (int i = 0; i < B; ++i) {
      const double xi = __ldg(&x[std::size_t(i) * n + c]);
#pragma unroll
      for (int r = 0; r < B; ++r) acc[r] -= v[(std::size_t(r) * B + i) * n] * xi;
    }
  }
#pragma unroll
  for (int r = 0; r < B; ++r) y[std::size_t(r) * n + k] = acc[r];
}

// Batched LU with partial pivoting of the diagonal blocks, one thread per element, the blocks
// in the element-fastest layout A[r][c][k]; pivots P[r][k].
__global__ void lu_batched(int n, int B, double* __restrict__ A, int* __restrict__ piv) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  auto a = [&](int r, int c) -> double& { return A[(std::size_t(r) * B + c) * n + k]; };
  for (int c = 0; c < B; ++c) {
    int p = c;
    double best = fabs(a(c, c));
    for (int r = c + 1; r < B; ++r)
      if (fabs(a(r, c)) > best) {
        best = fabs(a(r, c));
        p = r;
      }
    piv[std::size_t(c) * n + k] = p;
    if (p != c)
      for (int i = 0; i < B; ++i) {
        const double t = a(c, i);
        a(c, i) = a(p, i);
        a(p, i) = t;
      }
    const double inv = 1.0 / a(c, c);
    for (int r = c + 1; r < B; ++r) {
      const double l = a(r, c) * inv;
      a(r, c) = l;
      for (int i = c + 1; i < B; ++i) a(r, i) -= l * a(c, i);
    }
  }
}

__global__ void copy_kernel(std::size_t n, const double* __restrict__ a, double* __restrict__ b) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    b[i] = a[i];
}

template <class F> double time_ms(int reps, F&& f) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f(); // warm-up
  CK(cudaDeviceSynchronize());
  CK(cudaEventRecord(a));
  for (int i = 0; i < reps; ++i) f();
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, a, b));
  return ms / reps;
}

template <class T> T* upload(const std::vector<T>& h) {
  T* d = nullptr;
  CK(cudaMalloc(&d, h.size() * sizeof(T)));
  CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> std::vector<T> download(const T* d, std::size_t n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

template <int B>
void launch_elems(int n, const double* V, const int* col, const double* s, const double* x,
                  double* y) {
  product_elems<B><<<(n + 127) / 128, 128>>>(n, V, col, s, x, y);
}

} // namespace

int main(int argc, char** argv) {
  int grid = 0, p = 1, reps = 50;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--grid")) grid = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--p")) p = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--reps")) reps = std::atoi(argv[i + 1]);
  }
  const int NP = (p + 1) * (p + 2) / 2, B = 4 * NP;
  // About 1.5 GB of blocks by default: 4 B^2 doubles per element.
  if (grid == 0) grid = int(std::sqrt(1.5e9 / (4.0 * B * B * 8) / 2));
  const int n = 2 * grid * grid;
  const std::vector<int> nb = grid_neighbours(grid);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> U(-1, 1);
  const std::size_t bb = std::size_t(B) * B;

  // Blocks of -J in tridg's layout, and the shift s_k = B (diagonal dominance).
  std::vector<double> V(4 * bb * n, 0.0), shift(n, double(B)), x(std::size_t(B) * n);
  std::vector<int> col(4 * std::size_t(n), -1);
  for (int k = 0; k < n; ++k) {
    col[k] = k;
    for (int s = 0; s < 3; ++s) col[std::size_t(s + 1) * n + k] = nb[k * 3 + s];
  }
  for (int s = 0; s < 4; ++s)
    for (std::size_t e = 0; e < bb; ++e)
      for (int k = 0; k < n; ++k)
        V[(std::size_t(s) * bb + e) * n + k] = col[std::size_t(s) * n + k] >= 0 ? U(rng) : 0.0;
  for (auto& v : x) v = U(rng);

  // The same matrix in BSR (row-major blocks, columns sorted within a row), A = s I - J.
  std::vector<int> rowptr(n + 1, 0), bcol;
  std::vector<double> bval;
  std::vector<double> xg(std::size_t(B) * n); // x in the usual block-contiguous order
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < B; ++i) xg[std::size_t(k) * B + i] = x[std::size_t(i) * n + k];
  for (int k = 0; k < n; ++k) {
    std::vector<std::pair<int, int>> cs; // (column, slot)
    for (int s = 0; s < 4; ++s)
      if (col[std::size_t(s) * n + k] >= 0) cs.push_back({col[std::size_t(s) * n + k], s});
    std::sort(cs.begin(), cs.end());
    for (auto [c, s] : cs) {
      bcol.push_back(c);
      for (int r = 0; r < B; ++r)
        for (int i = 0; i < B; ++i) {
          double v = -V[(std::size_t(s) * bb + std::size_t(r) * B + i) * n + k];
          if (s == 0 && r == i) v += shift[k];
          bval.push_back(v);
        }
    }
    rowptr[k + 1] = int(bcol.size());
  }
  const int nnzb = int(bcol.size());

  double *dV = upload(V), *dS = upload(shift), *dx = upload(x), *dxg = upload(xg);
  int* dcol = upload(col);
  double *dy = nullptr, *dyg = nullptr;
  CK(cudaMalloc(&dy, x.size() * sizeof(double)));
  CK(cudaMalloc(&dyg, x.size() * sizeof(double)));
  double* dbval = upload(bval);
  int *drow = upload(rowptr), *dbcol = upload(bcol);

  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s; p = %d, block %d x %d, %d elements, %d blocks (%.2f GB of blocks)\n",
              prop.name, p, B, B, n, nnzb, nnzb * bb * 8e-9);

  // Copy bandwidth on a buffer as large as the blocks.
  const std::size_t ncopy = std::size_t(nnzb) * bb;
  double *ca = nullptr, *cb = nullptr;
  CK(cudaMalloc(&ca, ncopy * 8));
  CK(cudaMalloc(&cb, ncopy * 8));
  CK(cudaMemset(ca, 0, ncopy * 8));
  const double copy_ms =
      time_ms(reps, [&] { copy_kernel<<<prop.multiProcessorCount * 8, 512>>>(ncopy, ca, cb); });
  const double copy_bw = 2.0 * ncopy * 8 / (copy_ms * 1e-3) / 1e9;
  CK(cudaFree(ca));
  CK(cudaFree(cb));
  std::printf("copy: %.1f GB/s\n", copy_bw);

  // The product's own bytes: the blocks once, x once per block column, y once, columns, shift.
  const double bytes =
      double(nnzb) * bb * 8 + double(nnzb) * B * 8 + double(n) * B * 8 + 4.0 * n * 4 + n * 8.0;
  auto report = [&](const char* what, double ms) {
    const double bw = bytes / (ms * 1e-3) / 1e9;
    std::printf("%-34s %8.3f ms  %7.1f GB/s  %5.1f %% of copy\n", what, ms, bw, 100 * bw / copy_bw);
  };

  const double t_rows = time_ms(
      reps, [&] { product_rows<<<dim3((n + 127) / 128, B), 128>>>(n, B, dV, dcol, dS, dx, dy); });
  report("tridg product, thread per row", t_rows);
  const std::vector<double> y_rows = download(dy, x.size());
  double t_elems = -1;
  auto run_elems = [&] {
    switch (B) {
    case 12:
      launch_elems<12>(n, dV, dcol, dS, dx, dy);
      break;
    case 24:
      launch_elems<24>(n, dV, dcol, dS, dx, dy);
      break;
    case 40:
      launch_elems<40>(n, dV, dcol, dS, dx, dy);
      break;
    default:
      break;
    }
  };
  if (B == 12 || B == 24 || B == 40) {
    t_elems = time_ms(reps, run_elems);
    report("tridg product, thread per element", t_elems);
  }

  cusparseHandle_t sp;
  CS(cusparseCreate(&sp));
  cusparseMatDescr_t descr;
  CS(cusparseCreateMatDescr(&descr));
  const double one = 1, zero = 0;
  const double t_bsrmv = time_ms(reps, [&] {
    CS(cusparseDbsrmv(sp, CUSPARSE_DIRECTION_ROW, CUSPARSE_OPERATION_NON_TRANSPOSE, n, n, nnzb,
                      &one, descr, dbval, drow, dbcol, B, dxg, &zero, dyg));
  });
  report("cuSPARSE bsrmv (BSR, row-major)", t_bsrmv);
  const std::vector<double> y_bsr = download(dyg, x.size());
  double t_spmv = -1;
  {
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vx, vy;
    CS(cusparseCreateBsr(&A, n, n, nnzb, B, B, drow, dbcol, dbval, CUSPARSE_INDEX_32I,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F,
                         CUSPARSE_ORDER_ROW));
    CS(cusparseCreateDnVec(&vx, std::int64_t(n) * B, dxg, CUDA_R_64F));
    CS(cusparseCreateDnVec(&vy, std::int64_t(n) * B, dyg, CUDA_R_64F));
    std::size_t wsize = 0;
    const cusparseStatus_t st =
        cusparseSpMV_bufferSize(sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy,
                                CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &wsize);
    if (st == CUSPARSE_STATUS_SUCCESS) {
      void* work = nullptr;
      CK(cudaMalloc(&work, std::max<std::size_t>(wsize, 1)));
      t_spmv = time_ms(reps, [&] {
        CS(cusparseSpMV(sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, CUDA_R_64F,
                        CUSPARSE_SPMV_ALG_DEFAULT, work));
      });
      report("cuSPARSE SpMV (BSR)", t_spmv);
      CK(cudaFree(work));
    } else {
      std::printf("cuSPARSE SpMV (BSR): not supported here (status %d)\n", int(st));
    }
  }
  // The products agree (the sums run in other orders: round-off only).
  double diff = 0, size = 0;
  for (int k = 0; k < n; ++k)
    for (int r = 0; r < B; ++r) {
      diff =
          std::max(diff, std::abs(y_rows[std::size_t(r) * n + k] - y_bsr[std::size_t(k) * B + r]));
      size = std::max(size, std::abs(y_bsr[std::size_t(k) * B + r]));
    }
  std::printf("products agree to %.2e relative\n", diff / size);
  const double best = t_elems > 0 ? std::min(t_rows, t_elems) : t_rows;
  const double vendor = t_spmv > 0 ? std::min(t_bsrmv, t_spmv) : t_bsrmv;
  std::printf("tridg / best cuSPARSE: %.2fx faster\n", vendor / best);

  // ---- batched LU of the diagonal blocks ----
  std::vector<double> D(bb * n);
  for (std::size_t e = 0; e < bb; ++e)
    for (int k = 0; k < n; ++k) {
      const int r = int(e / B), c = int(e % B);
      D[e * n + k] = -V[e * n + k] + (r == c ? shift[k] : 0.0);
    }
  double* dD = upload(D);
  double* dD0 = upload(D);
  int* dpiv = nullptr;
  CK(cudaMalloc(&dpiv, std::size_t(B) * n * sizeof(int)));
  // The reset copy is timed first: the factored blocks are then the last thing in dD.
  const double t_reset =
      time_ms(reps, [&] { CK(cudaMemcpyAsync(dD, dD0, bb * n * 8, cudaMemcpyDeviceToDevice)); });
  const double t_lu = time_ms(reps, [&] {
    CK(cudaMemcpyAsync(dD, dD0, bb * n * 8, cudaMemcpyDeviceToDevice));
    lu_batched<<<(n + 127) / 128, 128>>>(n, B, dD, dpiv);
  });
  // cuBLAS: column-major blocks, an array of pointers.
  std::vector<double> Dc(bb * n);
  for (int k = 0; k < n; ++k)
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < B; ++c)
        Dc[std::size_t(k) * bb + std::size_t(c) * B + r] = D[(std::size_t(r) * B + c) * n + k];
  double* dDc = upload(Dc);
  double* dDc0 = upload(Dc);
  std::vector<double*> ptrs(n);
  for (int k = 0; k < n; ++k) ptrs[k] = dDc + std::size_t(k) * bb;
  double** dptrs = upload(ptrs);
  int *dpivc = nullptr, *dinfo = nullptr;
  CK(cudaMalloc(&dpivc, std::size_t(B) * n * sizeof(int)));
  CK(cudaMalloc(&dinfo, std::size_t(n) * sizeof(int)));
  cublasHandle_t bl;
  CB(cublasCreate(&bl));
  const double t_cublas = time_ms(reps, [&] {
    CK(cudaMemcpyAsync(dDc, dDc0, bb * n * 8, cudaMemcpyDeviceToDevice));
    CB(cublasDgetrfBatched(bl, B, dptrs, B, dpivc, dinfo, n));
  });
  // Same factors: compare U's diagonal (pivoting picks the same rows: both take the first
  // largest magnitude).
  const std::vector<double> f1 = download(dD, bb * n), f2 = download(dDc, bb * n);
  double fd = 0, fs = 0;
  for (int k = 0; k < n; ++k)
    for (int r = 0; r < B; ++r) {
      const double a = f1[(std::size_t(r) * B + r) * n + k],
                   b = f2[std::size_t(k) * bb + std::size_t(r) * B + r];
      fd = std::max(fd, std::abs(a - b));
      fs = std::max(fs, std::abs(b));
    }
  // A host LU of the first blocks, for both.
  double e1 = 0, e2 = 0;
  for (int k = 0; k < std::min(n, 200); ++k) {
    std::vector<double> a(bb);
    for (std::size_t e = 0; e < bb; ++e) a[e] = D[e * n + k];
    for (int c = 0; c < B; ++c) {
      int pv = c;
      for (int r = c + 1; r < B; ++r)
        if (std::abs(a[r * B + c]) > std::abs(a[pv * B + c])) pv = r;
      if (pv != c)
        for (int i = 0; i < B; ++i) std::swap(a[c * B + i], a[pv * B + i]);
      for (int r = c + 1; r < B; ++r) {
        const double l = a[r * B + c] / a[c * B + c];
        a[r * B + c] = l;
        for (int i = c + 1; i < B; ++i) a[r * B + i] -= l * a[c * B + i];
      }
    }
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < B; ++c) {
        e1 = std::max(e1, std::abs(f1[(std::size_t(r) * B + c) * n + k] - a[r * B + c]));
        e2 =
            std::max(e2, std::abs(f2[std::size_t(k) * bb + std::size_t(c) * B + r] - a[r * B + c]));
      }
  }
  std::printf("against a host LU of 200 blocks: tridg %.2e, cuBLAS %.2e\n", e1, e2);
  const double lu_bytes = 2.0 * bb * n * 8; // read and write each block once
  const double lu_flops = 2.0 / 3.0 * double(B) * B * B * n;
  auto report_lu = [&](const char* what, double ms) {
    std::printf("%-34s %8.3f ms  %7.1f GB/s  %6.0f GFLOP/s\n", what, ms,
                lu_bytes / (ms * 1e-3) / 1e9, lu_flops / (ms * 1e-3) / 1e9);
  };
  std::printf("batched LU of %d blocks (%.3f ms of each time is the reset copy)\n", n, t_reset);
  report_lu("tridg LU, thread per block", t_lu - t_reset);
  report_lu("cublasDgetrfBatched", t_cublas - t_reset);
  std::printf("factors agree to %.2e relative; tridg / cuBLAS: %.2fx faster\n", fd / fs,
              (t_cublas - t_reset) / (t_lu - t_reset));
  return 0;
}
