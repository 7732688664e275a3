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
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_check.cuh"
#include "backends/cuda/device_boundaries.cuh"
#include "backends/cuda/device_mesh.cuh"
#include "backends/cuda/implicit/block_kernels.cuh"
#include "backends/cuda/implicit/device_agglomerated.cuh"
#include "backends/cuda/implicit/device_space.cuh"
#include "backends/cuda/stream_graph.cuh"
#include "backends/implicit/device_system.hpp"
#include "backends/implicit/mg_cycle.hpp"
#include "backends/implicit/multicolor_gs.hpp"
#include "backends/order_dispatch.hpp"
#include "core/basis.hpp"
#include "kernels/dg_jacobian.hpp"

namespace tridg {

// Element k's block row (all four slots), element fastest; the column elements as col[slot][k].
template <int P, class Phys>
__global__ void __launch_bounds__(kImplicitBlock)
    k_assemble(const DGTables<P, double>* __restrict__ T, JacobianPhysics<Phys> jp,
               MeshView<double> m, StateView<double> U, const JacobianBoundary<Phys>* bcs_dual,
               int n_bc, double t, double* J, int* col) {
  constexpr int B = Phys::M * Order<P>::NP;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m.n_elems) return;
  int cols[4];
  jacobian_row<P>(*T, jp, m, U, bcs_dual, n_bc, t, k, false, ElementFastBlocks{J, B, m.n_elems, k},
                  cols);
  for (int s = 0; s < 4; ++s) col[std::size_t(s) * m.n_elems + k] = cols[s];
}

template <int P, class Phys>
class DeviceSystemImpl final : public DeviceSystem<HostBoundary<Phys>> {
  static constexpr int M = Phys::M, NP = Order<P>::NP, B = M * NP;

public:
  DeviceSystemImpl(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                   const BackendConfig<HostBoundary<Phys>>& cfg, int gpu)
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
    if (gauss_seidel()) {
      Jc_.resize(4 * std::size_t(B) * B * n);
      colc_.resize(4 * n);
    }
    if (levels_.size() > 1) {
      cycle_in_.resize(B * n);
      cycle_out_.resize(B * n);
    }
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

  std::string backend_name() const override { return CudaBackendTag::name; }
  std::string device_name() const override { return device_name_; }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    cfg_.boundaries.at(i) = bc;
    upload_boundaries();
  }
  std::size_t memory_bytes() const override {
    std::size_t s = J_.bytes() + Jc_.bytes() + col_.bytes() + W_.bytes() + Winv_.bytes() +
                    pivots_.bytes() + mesh_.bytes() + 3 * u_.bytes();
    for (const Level& L : levels_)
      s += L.D.bytes() + L.Dc.bytes() + 5 * std::size_t(M) * L.np * n_ * 8;
    s += agg_.bytes() + cycle_in_.bytes() + cycle_out_.bytes();
    // GMRES's two bases
    return s + std::size_t(2 * prm_.gmres_restart + 1) * u_.bytes();
  }

  bool build(const Vec& u, double t, const std::vector<double>& shift) override {
    u_.upload(u);
    shift_.upload(shift);
    const StateView<double> U{u_.get(), n_};
    k_assemble<P, Phys><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
        tables_.get(), jp_, mesh_.view(), U, bcs_dual_.get(), int(bcs_dual_.size()), t, J_.get(),
        col_.get());
    cuda_check(cudaGetLastError(), "Jacobian assembly");
    return factor_all();
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
  // The preconditioner of the Jacobian in J_ and col_ with the shifts in shift_.
  bool factor_all() {
    if (gauss_seidel()) {
      if (color_start_.empty()) {
        make_colors();
        cycle_.reset(); // the sweeps' launches depend on the colours
      }
      k_gather_blocks<B><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
          J_.get(), col_.get(), perm_.get(), Jc_.get(), colc_.get(), n_);
    }
    for (Level& L : levels_)
      if (!factor(L)) return false;
    if (!prm_.mg_agglomerate || levels_.size() < 2) return true;
    if (!agg_.made()) {
      agg_.make(host_slots(), n_);
      cycle_.reset(); // the cycle's levels below the cell means are new
    }
    return agg_.template factor<NP>(J_.get(), shift_.get(), n_, info_.get(), stream_);
  }

  using Work = DeviceLevelWork;
  struct Level : Work {
    int np;
    DeviceArray<double> D;                // [Bl][Bl][n]: the inverted diagonal blocks
    DeviceArray<float> Dc;                // the same in colour order (colour sweeps)
    DeviceArray<double*> ptr_w, ptr_winv; // each element's block in W_ and Winv_
  };
  void add_level(int np) {
    levels_.emplace_back();
    Level& L = levels_.back();
    L.np = np;
    const std::size_t size = std::size_t(M) * np * n_;
    if (gauss_seidel())
      L.Dc.resize(size * M * np);
    else
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

  // y = A x on a level of np modes per variable, or y = b - A x with b: from the double blocks
  // in element order, or under colour sweeps (colour_copy) from their single-precision copy.
  void product(int np, const double* x, double* y, const double* b = nullptr,
               bool colour_copy = false) {
    with_modes(np, [&](auto c) {
      constexpr int NPl = decltype(c)::value;
      if (colour_copy)
        k_level_product<M, NP, NPl><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
            Jc_.get(), colc_.get(), perm_.get(), shift_.get(), x, b, y, n_);
      else
        k_level_product<M, NP, NPl><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
            J_.get(), col_.get(), static_cast<const int*>(nullptr), shift_.get(), x, b, y, n_);
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
      if (gauss_seidel())
        k_scatter_inverse<Bl><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
            Winv_.get(), pos_.get(), L.Dc.get(), n_);
      else
        k_scatter_inverse<Bl><<<implicit_blocks(n_), kImplicitBlock, 0, stream_>>>(
            Winv_.get(), static_cast<const int*>(nullptr), L.D.get(), n_);
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
    // The V-cycle is about a hundred launches (the colour sweeps, the cell means' sweeps), most
    // of a few microseconds' work on users' meshes: replayed as one graph between fixed vectors.
    if (!cycle_.ready())
      cycle_.capture(stream_, [&] {
        v_cycle(*this, 0, static_cast<const double*>(cycle_in_.get()), cycle_out_.get());
      });
    cuda_check(cudaMemcpyAsync(cycle_in_.get(), x, u_.bytes(), cudaMemcpyDeviceToDevice, stream_),
               "V-cycle input");
    cycle_.launch(stream_);
    cuda_check(cudaMemcpyAsync(y, cycle_out_.get(), u_.bytes(), cudaMemcpyDeviceToDevice, stream_),
               "V-cycle output");
  }

public:
  // The V-cycle's level operations (backends/implicit/mg_cycle.hpp), as the host's PMultigrid:
  // the degrees' levels, then the agglomerated ones.
  std::size_t levels() const { return levels_.size() + agg_.size(); }
  int coarse_sweeps() const { return prm_.mg_coarse_sweeps; }
  int sweeps(std::size_t l) const { return mg_sweeps(l, levels_.size(), agg_.size() > 0); }
  void smooth(std::size_t l, const double* b, double* x) {
    if (l < levels_.size() && gauss_seidel()) return color_sweep(levels_[l], b, x);
    if (l < levels_.size()) return diagonal_apply(levels_[l], b, x);
    agg_.smooth(l - levels_.size(), b, x, stream_);
  }
  // The degrees' levels form b - A x in the product's own pass, from the single-precision
  // colour-order copy under colour sweeps.
  double* residual(std::size_t l, const double* b, const double* x) {
    Work& w = work(l);
    if (l < levels_.size()) {
      product(levels_[l].np, x, w.r.get(), b, gauss_seidel());
      return w.r.get();
    }
    agg_.apply(l - levels_.size(), x, w.Ax.get(), stream_);
    const std::size_t s = std::size_t(M) * rows(l);
    k_difference<<<implicit_blocks(s), kImplicitBlock, 0, stream_>>>(b, w.Ax.get(), w.r.get(), s);
    return w.r.get();
  }
  double* correction(std::size_t l) { return work(l).ec.get(); }
  // The colour sweeps add each element's correction as they write it.
  void smooth_add(std::size_t l, const double* r, double* e, double* x) {
    if (l < levels_.size() && gauss_seidel()) return color_sweep(levels_[l], r, e, x);
    smooth(l, r, e);
    const std::size_t s = std::size_t(M) * rows(l) * (l < levels_.size() ? levels_[l].np : 1);
    k_axpy<<<implicit_blocks(s), kImplicitBlock, 0, stream_>>>(1.0, e, x, s);
  }
  double* restrict_to(std::size_t l, const double* r) {
    Work& w = work(l);
    if (l + 1 < levels_.size()) {
      // The leading modes of each variable.
      const Level &L = levels_[l], &C = levels_[l + 1];
      for (int v = 0; v < M; ++v)
        cuda_check(cudaMemcpyAsync(
                       w.rc.get() + std::size_t(v) * C.np * n_, r + std::size_t(v) * L.np * n_,
                       std::size_t(C.np) * n_ * sizeof(double), cudaMemcpyDeviceToDevice, stream_),
                   "restriction");
    } else {
      agg_.restrict_to(l + 1 - levels_.size(), r, rows(l), w.rc.get(), stream_);
    }
    return w.rc.get();
  }
  double* solution(std::size_t l) { return work(l).x.get(); }
  void prolong_add(std::size_t l, const double* xc, double* x) {
    if (l + 1 < levels_.size()) {
      const Level &L = levels_[l], &C = levels_[l + 1];
      const std::size_t s = std::size_t(C.np) * n_;
      for (int v = 0; v < M; ++v)
        k_axpy<<<implicit_blocks(s), kImplicitBlock, 0, stream_>>>(
            1.0, xc + v * s, x + std::size_t(v) * L.np * n_, s);
    } else {
      agg_.prolong_add(l + 1 - levels_.size(), xc, rows(l), x, stream_);
    }
  }

private:
  Work& work(std::size_t l) {
    return l < levels_.size() ? static_cast<Work&>(levels_[l]) : agg_[l - levels_.size()];
  }
  int rows(std::size_t l) const { return l < levels_.size() ? n_ : agg_[l - levels_.size()].n; }
  bool gauss_seidel() const {
    return prm_.preconditioner == "p_multigrid" && prm_.smoother == "multicolor_gs";
  }

  // The Jacobian's column elements on the host, col[k][slot] (after the first build; the mesh
  // does not change).
  const std::vector<int>& host_slots() {
    if (!slots_.empty()) return slots_;
    std::vector<int> c(4 * std::size_t(n_));
    cuda_check(cudaStreamSynchronize(stream_), "Jacobian assembly");
    col_.download(c.data());
    slots_.resize(c.size());
    for (int k = 0; k < n_; ++k)
      for (int slot = 0; slot < 4; ++slot)
        slots_[std::size_t(k) * 4 + slot] = c[std::size_t(slot) * n_ + k];
    return slots_;
  }

  // The colour order (made once): perm_ its elements, pos_ each element's place in it.
  void make_colors() {
    std::vector<int> perm, pos(n_);
    color_start_.assign(1, 0);
    for (const std::vector<int>& group : face_colors(host_slots(), n_)) {
      perm.insert(perm.end(), group.begin(), group.end());
      color_start_.push_back(int(perm.size()));
    }
    for (int i = 0; i < n_; ++i) pos[perm[i]] = i;
    perm_.upload(perm);
    pos_.upload(pos);
  }

  // x = one block Gauss-Seidel sweep from zero, colour by colour; then also add_to += x.
  void color_sweep(const Level& L, const double* b, double* x, double* add_to = nullptr) {
    with_modes(L.np, [&](auto c) {
      for (std::size_t g = 0; g + 1 < color_start_.size(); ++g) {
        const int first = color_start_[g], count = color_start_[g + 1] - first;
        k_color_sweep<M, NP, decltype(c)::value>
            <<<(count + 31) / 32, dim3(32, kSweepRows), 0, stream_>>>(
                Jc_.get(), colc_.get(), L.Dc.get(), perm_.get(), pos_.get(), first, count, b, x,
                add_to, n_);
      }
    });
  }

  void upload_boundaries() {
    // In dual numbers, with the device's tables (tables_bc_ keeps them).
    std::vector<JacobianBoundary<Phys>> d;
    for (const auto& bc : tables_bc_.params(cfg_))
      d.push_back(to_real<Dual<JacobianDirs<Phys>::one>>(bc));
    bcs_dual_.upload(d);
  }

  std::string device_name_;
  JacobianPhysics<Phys> jp_;
  ImplicitParams prm_;
  BackendConfig<HostBoundary<Phys>> cfg_;
  int n_;
  cudaStream_t stream_ = nullptr;
  cublasHandle_t blas_ = nullptr;
  DeviceArray<DGTables<P, double>> tables_;
  DeviceMesh<double> mesh_;
  DeviceArray<JacobianBoundary<Phys>> bcs_dual_;
  DeviceBoundaryTables<double, Phys> tables_bc_;
  DeviceArray<double> J_, shift_, u_, b_, x_, W_, Winv_;
  DeviceArray<int> col_, pivots_, info_;
  std::deque<Level> levels_; // not moved: DeviceArray is not
  DeviceAgglomerated<M> agg_;
  std::vector<int> slots_; // col_ on the host as col[k][slot], downloaded once
  // multicolor_gs: the colour order, each element's place in it, its colours' first places, the
  // blocks' column elements in it (with Jc_)
  DeviceArray<int> perm_, pos_, colc_;
  std::vector<int> color_start_;
  DeviceArray<float> Jc_; // the Jacobian in colour order, single precision (k_gather_blocks)
  std::unique_ptr<DeviceSpace> space_;
  // The V-cycle's graph (once the colours and levels exist) and its fixed input and output.
  StreamGraph cycle_;
  DeviceArray<double> cycle_in_, cycle_out_;
};

template <class Phys>
std::unique_ptr<DeviceSystem<HostBoundary<Phys>>>
make_device_system(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                   const BackendConfig<HostBoundary<Phys>>& cfg, int gpu) {
  return dispatch_order(cfg.order,
                        [&](auto P) -> std::unique_ptr<DeviceSystem<HostBoundary<Phys>>> {
                          return std::make_unique<DeviceSystemImpl<decltype(P)::value, Phys>>(
                              phys, tables, mesh, cfg, gpu);
                        });
}

} // namespace tridg
