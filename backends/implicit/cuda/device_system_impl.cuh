#pragma once
// The implicit schemes' linear systems on the GPU (backends/implicit/device_system.hpp).
// Included only by the generated translation units that instantiate it for one physics.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <deque>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/convert.hpp"
#include "backends/cuda/cuda_check.cuh"
#include "backends/cuda/device_boundaries.cuh"
#include "backends/cuda/device_mesh.cuh"
#include "backends/implicit/cuda/block_kernels.cuh"
#include "backends/implicit/cuda/device_space.cuh"
#include "backends/implicit/device_system.hpp"
#include "backends/order_dispatch.hpp"
#include "core/basis.hpp"
#include "kernels/dg_jacobian.hpp"

namespace tridg {

// Element k's block row (all four slots), element fastest; the column elements as col[slot][k].
template <int P, class Phys>
__global__ void __launch_bounds__(kImplicitBlock)
    k_assemble(const DGTables<P, double>* __restrict__ T, JacobianPhysics<Phys> jp,
               MeshView<double> m, StateView<double> U, const BoundaryParams<double, Phys::M>* bcs,
               const BoundaryParams<Dual<Phys::M>, Phys::M>* bcs_dual, int n_bc, double t,
               double* J, int* col) {
  constexpr int B = Phys::M * Order<P>::NP;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m.n_elems) return;
  int cols[4];
  jacobian_row<P>(*T, jp, m, U, bcs, bcs_dual, n_bc, t, k, false,
                  ElementFastBlocks{J, B, m.n_elems, k}, cols);
  for (int s = 0; s < 4; ++s) col[std::size_t(s) * m.n_elems + k] = cols[s];
}

template <int P, class Phys> class DeviceSystemImpl final : public DeviceSystem<Phys::M> {
  static constexpr int M = Phys::M, NP = Order<P>::NP, B = M * NP;

public:
  DeviceSystemImpl(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                   const BackendConfig<M>& cfg, int gpu)
      : jp_(phys), prm_(cfg.implicit), cfg_(cfg), n_(mesh.n_elems) {
    device_name_ = select_gpu(gpu).name;
    cuda_check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "stream");
    cublas_check(cublasCreate(&blas_), "cublasCreate");
    cublas_check(cublasSetStream(blas_, stream_), "cublasSetStream");
    const DGTables<P, double> t = to_dg_tables<P, double>(tables);
    tables_.upload(&t, 1);
    mesh_.upload(mesh, false);
    upload_boundaries();
    const std::size_t n = std::size_t(n_);
    J_.resize(4 * std::size_t(B) * B * n);
    col_.resize(4 * n);
    shift_.resize(n);
    u_.resize(B * n);
    b_.resize(B * n);
    x_.resize(B * n);
    // The levels: degree p alone for block Jacobi, p, 1 and 0 for the p-multigrid.
    if (prm_.preconditioner == "block_jacobi") add_level(NP);
    if (prm_.preconditioner == "p_multigrid")
      for (int d : {P, 1, 0})
        if (d <= P && (levels_.empty() || n_modes(d) < levels_.back().np)) add_level(n_modes(d));
    std::size_t most = 0;
    for (const Level& L : levels_) most = std::max(most, std::size_t(L.np) * L.np * M * M);
    if (most) {
      W_.resize(most * n);
      Winv_.resize(most * n);
      pivots_.resize(std::size_t(B) * n);
      info_.resize(n);
    }
    // cuBLAS's batched calls take an array of each element's block: fixed per level.
    for (Level& L : levels_) {
      const std::size_t bb = std::size_t(M) * L.np * M * L.np;
      std::vector<double*> pw(n), pv(n);
      for (std::size_t k = 0; k < n; ++k) {
        pw[k] = W_.get() + k * bb;
        pv[k] = Winv_.get() + k * bb;
      }
      L.ptr_w.upload(pw);
      L.ptr_winv.upload(pv);
    }
    space_ = std::make_unique<DeviceSpace>(
        B * n, stream_, blas_, [this](const double* x, double* y) { product(NP, x, y); },
        [this](const double* x, double* y) { precondition(x, y); });
  }
  ~DeviceSystemImpl() override {
    if (blas_) cublasDestroy(blas_);
    if (stream_) cudaStreamDestroy(stream_);
  }

  std::string device_name() const override { return device_name_; }
  void set_boundary(int i, const BoundaryParams<double, M>& bc) override {
    cfg_.boundaries.at(i) = bc;
    upload_boundaries();
  }
  std::size_t memory_bytes() const override {
    std::size_t s = J_.bytes() + col_.bytes() + W_.bytes() + Winv_.bytes() + pivots_.bytes() +
                    mesh_.bytes() + 3 * u_.bytes();
    for (const Level& L : levels_) s += L.D.bytes() + 5 * std::size_t(M) * L.np * n_ * 8;
    // GMRES's two bases
    return s + std::size_t(2 * prm_.gmres_restart + 1) * u_.bytes();
  }

  bool build(const Vec& u, double t, const std::vector<double>& shift) override {
    u_.upload(u);
    shift_.upload(shift);
    const StateView<double> U{u_.get(), n_};
    k_assemble<P, Phys><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
        tables_.get(), jp_, mesh_.view(), U, bcs_.get(), bcs_dual_.get(), int(bcs_.size()), t,
        J_.get(), col_.get());
    cuda_check(cudaGetLastError(), "Jacobian assembly");
    for (Level& L : levels_)
      if (!factor(L)) return false;
    return true;
  }

  GmresResult solve(const Vec& b, Vec& x) override {
    b_.upload(b);
    DevVec bd{nullptr, b_.get()}, xd{nullptr, x_.get()};
    const GmresResult g =
        gmres(*space_, bd, xd, prm_.gmres_tol, prm_.gmres_restart, prm_.gmres_max);
    cuda_check(cudaStreamSynchronize(stream_), "GMRES");
    x.resize(b.size());
    x_.download(x.data());
    return g;
  }

private:
  struct Level {
    int np;
    DeviceArray<double> D;                // [Bl][Bl][n]: the inverted diagonal blocks
    DeviceArray<double> x, r, Ax, ec, rc; // this level's solution and work vectors
    DeviceArray<double*> ptr_w, ptr_winv; // each element's block in W_ and Winv_
  };

  void add_level(int np) {
    levels_.emplace_back();
    Level& L = levels_.back();
    L.np = np;
    const std::size_t size = std::size_t(M) * np * n_;
    L.D.resize(size * M * np);
    for (DeviceArray<double>* a : {&L.x, &L.r, &L.Ax, &L.ec, &L.rc}) a->resize(size);
  }

  // Calls f with the level's modes as a compile-time constant (p, 1 or 0).
  template <class F> void with_modes(int np, F&& f) {
    if (np == NP)
      f(std::integral_constant<int, NP>{});
    else if (np == 3)
      f(std::integral_constant<int, (NP > 3 ? 3 : NP)>{});
    else
      f(std::integral_constant<int, 1>{});
  }

  // y = A x on a level of np modes per variable.
  void product(int np, const double* x, double* y) {
    with_modes(np, [&](auto c) {
      k_level_product<M, NP, decltype(c)::value>
          <<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(J_.get(), col_.get(), shift_.get(),
                                                                x, y, n_);
    });
  }

  // The level's diagonal blocks, inverted by cuBLAS's batched LU (bench/NOTES.md: 1.9x to 4.5x a
  // thread per block) and stored element fastest for k_diagonal_apply.
  bool factor(Level& L) {
    bool ok = true;
    with_modes(L.np, [&](auto c) {
      constexpr int NPl = decltype(c)::value, Bl = M * NPl;
      k_gather_diagonal<M, NP, NPl><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
          J_.get(), shift_.get(), W_.get(), n_);
      cublas_check(
          cublasDgetrfBatched(blas_, Bl, L.ptr_w.get(), Bl, pivots_.get(), info_.get(), n_),
          "batched LU");
      cublas_check(cublasDgetriBatched(blas_, Bl, L.ptr_w.get(), Bl, pivots_.get(),
                                       L.ptr_winv.get(), Bl, info_.get(), n_),
                   "batched inverse");
      k_scatter_inverse<Bl>
          <<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(Winv_.get(), L.D.get(), n_);
      std::vector<int> info(n_);
      cuda_check(cudaMemcpyAsync(info.data(), info_.get(), info.size() * sizeof(int),
                                 cudaMemcpyDeviceToHost, stream_),
                 "batched LU status");
      cuda_check(cudaStreamSynchronize(stream_), "batched LU");
      for (int i : info) ok = ok && i == 0;
    });
    return ok;
  }

  void diagonal_apply(const Level& L, const double* x, double* y) {
    with_modes(L.np, [&](auto c) {
      k_diagonal_apply<M* decltype(c)::value>
          <<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(L.D.get(), x, y, n_);
    });
  }

  void precondition(const double* x, double* y) {
    if (levels_.empty()) {
      cuda_check(cudaMemcpyAsync(y, x, u_.bytes(), cudaMemcpyDeviceToDevice, stream_), "copy");
      return;
    }
    if (levels_.size() == 1) return diagonal_apply(levels_[0], x, y);
    cycle(0, x, y);
  }

  std::size_t level_size(const Level& L) const { return std::size_t(M) * L.np * n_; }

  // L.r = b - A x on level l.
  void residual(std::size_t l, const double* b, const double* x) {
    Level& L = levels_[l];
    product(L.np, x, L.Ax.get());
    const std::size_t s = level_size(L);
    k_difference<<<implicit_blocks(s), kImplicitBlock, 0, stream_>>>(b, L.Ax.get(), L.r.get(), s);
  }

  // x += S (b - A x)
  void smooth_again(std::size_t l, const double* b, double* x) {
    Level& L = levels_[l];
    residual(l, b, x);
    diagonal_apply(L, L.r.get(), L.ec.get());
    const std::size_t s = level_size(L);
    k_axpy<<<implicit_blocks(s), kImplicitBlock, 0, stream_>>>(1.0, L.ec.get(), x, s);
  }

  // One V-cycle from level l, as the host's PMultigrid::cycle.
  void cycle(std::size_t l, const double* b, double* x) {
    Level& L = levels_[l];
    diagonal_apply(L, b, x);
    if (l + 1 == levels_.size()) {
      for (int i = 1; i < prm_.mg_coarse_sweeps; ++i) smooth_again(l, b, x);
      return;
    }
    residual(l, b, x);
    Level& C = levels_[l + 1];
    // Restriction keeps the leading modes of each variable; prolongation adds them back.
    for (int v = 0; v < M; ++v)
      cuda_check(cudaMemcpyAsync(C.rc.get() + std::size_t(v) * C.np * n_,
                                 L.r.get() + std::size_t(v) * L.np * n_,
                                 std::size_t(C.np) * n_ * sizeof(double), cudaMemcpyDeviceToDevice,
                                 stream_),
                 "restriction");
    cycle(l + 1, C.rc.get(), C.x.get());
    for (int v = 0; v < M; ++v) {
      const std::size_t s = std::size_t(C.np) * n_;
      k_axpy<<<implicit_blocks(s), kImplicitBlock, 0, stream_>>>(1.0, C.x.get() + v * s,
                                                                 x + std::size_t(v) * L.np * n_, s);
    }
    smooth_again(l, b, x);
  }

  void upload_boundaries() {
    // The dual-number copies carry no tables: a tabulated ghost state is constant in u.
    std::vector<BoundaryParams<Dual<M>, M>> d;
    for (const auto& bc : cfg_.boundaries) d.push_back(to_real<Dual<M>, M>(bc));
    bcs_.upload(tables_bc_.params(cfg_));
    bcs_dual_.upload(d);
  }

  std::string device_name_;
  JacobianPhysics<Phys> jp_;
  ImplicitParams prm_;
  BackendConfig<M> cfg_;
  int n_;
  cudaStream_t stream_ = nullptr;
  cublasHandle_t blas_ = nullptr;
  DeviceArray<DGTables<P, double>> tables_;
  DeviceMesh<double> mesh_;
  DeviceArray<BoundaryParams<double, M>> bcs_;
  DeviceArray<BoundaryParams<Dual<M>, M>> bcs_dual_;
  DeviceBoundaryTables<double, M> tables_bc_;
  DeviceArray<double> J_, shift_, u_, b_, x_, W_, Winv_;
  DeviceArray<int> col_, pivots_, info_;
  std::deque<Level> levels_; // not moved: DeviceArray is not
  std::unique_ptr<DeviceSpace> space_;
};

template <class Phys>
std::unique_ptr<DeviceSystem<Phys::M>>
make_device_system(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                   const BackendConfig<Phys::M>& cfg, int gpu) {
  if constexpr (!jacobian_supported<Phys>) {
    fail(ExitCode::bad_case, "this physics' implicit schemes run on the CPU (--device cpu): its "
                             "Jacobian is taken by finite differences there");
  } else {
    return dispatch_order(cfg.order, [&](auto P) -> std::unique_ptr<DeviceSystem<Phys::M>> {
      return std::make_unique<DeviceSystemImpl<decltype(P)::value, Phys>>(phys, tables, mesh, cfg,
                                                                          gpu);
    });
  }
}

} // namespace tridg
