#pragma once
// GMRES's vector space on the device (backends/implicit/gmres.hpp): vectors in device memory,
// reductions and the orthogonalisation by cuBLAS on the solver's stream. The Krylov basis is one
// allocation, vector after vector, so that classical Gram-Schmidt is two matrix-vector products
// instead of 2 (j + 1) launches; a second pass where the first lost most of w's norm
// (Daniel, Gragg, Kaufman and Stewart's criterion) makes it as stable as the host's modified
// Gram-Schmidt.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda/cuda_check.cuh"
#include "backends/cuda/implicit/block_kernels.cuh"

namespace tridg {

inline void cublas_check(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS)
    fail(ExitCode::device_error,
         std::string("cuBLAS: ") + what + ": status " + std::to_string(int(s)));
}

// A vector of the device space: a view into memory that the space (or a basis) owns.
struct DevVec {
  std::shared_ptr<DeviceArray<double>> mem;
  double* p = nullptr;
};

class DeviceSpace {
public:
  using Vector = DevVec;
  using Op = std::function<void(const double* x, double* y)>;

  DeviceSpace(std::size_t n, cudaStream_t stream, cublasHandle_t blas, Op product, Op precond)
      : n_(n), stream_(stream), blas_(blas), product_(std::move(product)),
        precond_(std::move(precond)) {
    // cuBLAS's dot products and matrix-vector products below count in 32-bit ints.
    if (n_ > std::size_t(std::numeric_limits<int>::max()))
      fail(ExitCode::bad_mesh,
           "the implicit solve on the GPU has " + std::to_string(n_) +
               " unknowns on one process, more than its linear algebra counts in 32 bits (" +
               std::to_string(std::numeric_limits<int>::max()) +
               "); split the mesh over more ranks");
  }

  Vector vec() const { return basis_block(1)[0]; }
  // Kept per count: every GMRES call asks for the same two (restart + 1 and restart vectors),
  // and their memory is the solver's largest after the Jacobian.
  std::vector<Vector> basis(int count) const {
    std::vector<Vector>& b = bases_[count];
    if (b.empty()) b = basis_block(count);
    return b;
  }
  // Scratch vectors, kept apart from the bases (a basis of the same count must not alias them).
  std::vector<Vector> work(int count) const {
    if (work_.size() != std::size_t(count)) work_ = basis_block(count);
    return work_;
  }
  void zero(Vector& x) const {
    if (!x.p) x = vec();
    cuda_check(cudaMemsetAsync(x.p, 0, n_ * sizeof(double), stream_), "zero");
  }
  void copy(const Vector& a, Vector& b) const {
    cuda_check(cudaMemcpyAsync(b.p, a.p, n_ * sizeof(double), cudaMemcpyDeviceToDevice, stream_),
               "copy");
  }
  double dot(const Vector& a, const Vector& b) const {
    double r = 0;
    cublas_check(cublasDdot(blas_, int(n_), a.p, 1, b.p, 1, &r), "dot");
    return r;
  }
  void axpy(double a, const Vector& x, Vector& y) const {
    k_axpy<<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(a, x.p, y.p, n_);
  }
  void scale_into(double a, const Vector& x, Vector& y) const {
    k_scale_into<<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(a, x.p, y.p, n_);
  }
  void difference(const Vector& b, const Vector& w, Vector& r) const {
    k_difference<<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(b.p, w.p, r.p, n_);
  }
  void apply(const Vector& x, Vector& y) const { product_(x.p, y.p); }
  void precondition(const Vector& x, Vector& y) const { precond_(x.p, y.p); }

  // h = V^T w, w -= V h (V's first j + 1 vectors, contiguous), again when w lost more than
  // 1 - 1/sqrt(2) of its norm; returns ||w||. The norms and coefficients stay on the device until
  // one copy brings them back, so that the host waits for the device once per pass.
  double orthogonalize(const std::vector<Vector>& V, int j, Vector& w, double* h) const {
    const int cols = j + 1;
    // gs_: 1, 0, -1 (cuBLAS's scalars, read on the device), ||w||^2 before and after, then h.
    if (gs_.size() < V.size() + 5) {
      gs_.resize(V.size() + 5);
      const double init[3] = {1, 0, -1};
      cuda_check(cudaMemcpyAsync(gs_.get(), init, sizeof init, cudaMemcpyHostToDevice, stream_),
                 "Gram-Schmidt scalars");
      gs_host_.resize(V.size() + 2);
    }
    double *one = gs_.get(), *zero = one + 1, *minus = one + 2, *norms = one + 3, *hd = one + 5;
    double* hh = gs_host_.get();
    cublas_check(cublasSetPointerMode(blas_, CUBLAS_POINTER_MODE_DEVICE), "pointer mode");
    cublas_check(cublasDdot(blas_, int(n_), w.p, 1, w.p, 1, norms), "norm");
    for (int i = 0; i < cols; ++i) h[i] = 0;
    double before = 0, after = 0;
    for (int pass = 0; pass < 2; ++pass) {
      cublas_check(
          cublasDgemv(blas_, CUBLAS_OP_T, int(n_), cols, one, V[0].p, int(n_), w.p, 1, zero, hd, 1),
          "Gram-Schmidt projection");
      cublas_check(cublasDgemv(blas_, CUBLAS_OP_N, int(n_), cols, minus, V[0].p, int(n_), hd, 1,
                               one, w.p, 1),
                   "Gram-Schmidt update");
      cublas_check(cublasDdot(blas_, int(n_), w.p, 1, w.p, 1, norms + 1), "norm");
      cuda_check(
          cudaMemcpyAsync(hh, norms, (cols + 2) * sizeof(double), cudaMemcpyDeviceToHost, stream_),
          "Gram-Schmidt coefficients");
      cuda_check(cudaStreamSynchronize(stream_), "Gram-Schmidt");
      if (pass == 0) before = std::sqrt(hh[0]);
      after = std::sqrt(hh[1]);
      for (int i = 0; i < cols; ++i) h[i] += hh[2 + i];
      if (after > std::sqrt(0.5) * before) break;
      before = after;
    }
    cublas_check(cublasSetPointerMode(blas_, CUBLAS_POINTER_MODE_HOST), "pointer mode");
    return after;
  }

private:
  // `count` vectors in one allocation.
  std::vector<Vector> basis_block(int count) const {
    auto mem = std::make_shared<DeviceArray<double>>(std::size_t(count) * n_);
    std::vector<Vector> v(count);
    for (int i = 0; i < count; ++i) v[i] = {mem, mem->get() + std::size_t(i) * n_};
    return v;
  }
  std::size_t n_;
  cudaStream_t stream_;
  cublasHandle_t blas_;
  Op product_, precond_;
  mutable std::map<int, std::vector<Vector>> bases_;
  mutable std::vector<Vector> work_;
  mutable DeviceArray<double> gs_;
  mutable PinnedArray<double> gs_host_;
};

} // namespace tridg
