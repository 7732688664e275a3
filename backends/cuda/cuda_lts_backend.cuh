#pragma once
// Local time stepping on the GPU: the scheme of backends/lts/lts_scheme.md, the same level
// steps as the CPU's (backends/cpu/cpu_lts_backend.hpp) with the same kernels over the plan's
// lists, a thread per listed element or edge. The plan is made on the host from the rates of the
// state and kept while they allow it; a macro step is launched without a host round trip.
// Included by cuda_backend_impl.cuh, after the kernels and tables it shares.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda/device_maxima.cuh"
#include "backends/cuda/element_gather.cuh"
#include "backends/cuda/flat_index.cuh"
#include "backends/host_view.hpp"
#include "backends/lts/lts_driver.hpp"
#include "backends/lts/lts_weights.hpp"
#include "kernels/dg_lts.hpp"

namespace tridg {

constexpr int kLtsBlock = 128;

template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kLtsBlock)
    k_lts_boundary(Phys phys, MeshView<Real> m, StateView<Real> W, Real* F,
                   const typename Phys::template Boundary<Real>* bcs, int n_groups, double t,
                   const int* list, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int e = list[i];
  int g = 0;
  while (g + 1 < n_groups && e >= bcs[g + 1].first) ++g;
  boundary_edge<P>(c_tables<P, Real>, phys, m, W, F, bcs[g], Real(t), e);
}

template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kLtsBlock)
    k_lts_edges(Phys phys, MeshView<Real> m, StateView<Real> W, Real* F, const LtsEdge* list, int n,
                Real* reg, Real w) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const LtsEdge e = list[i];
  interior_edge<P>(c_tables<P, Real>, phys, m, W, F, e.edge);
  if (e.sign != 0)
    lts_register_add<P, Phys::M>(
        F, m.n_edges, e.edge, reg + std::size_t(e.slot) * Phys::M * Order<P>::NF, Real(e.sign) * w);
}

template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kLtsBlock)
    k_lts_elements(Phys phys, MeshView<Real> m, StateView<Real> W, StateView<Real> S, const Real* F,
                   StageCoeffs<Real> c, Real H, bool check_points, bool limit,
                   LimiterParams<Real> lp, const int* list, int n, int* bad) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Real r = element_stage<P>(c_tables<P, Real>, phys, m, W, S, W, W, F, c, H, true,
                                  check_points, limit, lp, list[i]);
  if (!(r <= Real(3e38))) atomicMax(bad, 1);
}

template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kLtsBlock)
    k_lts_limit(Phys phys, MeshView<Real> m, StateView<Real> U, LimiterParams<Real> lp,
                const int* list, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  limit_element<P>(c_tables<P, Real>, phys, m, U, lp, list[i]);
}

// Ghost rows; `th` per level, from the host (lts_ghost).
template <int W, class Real>
__global__ void k_lts_ghosts(StateView<Real> S, StateView<Real> R, StateView<Real> Out,
                             const int* list, int n, const std::int8_t* level, int k,
                             LtsFractions th) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int e = list[i], l = level[e];
  lts_ghost<W>(S, R, Out, e, l > k, Real(th.v[l]));
}

template <int W, class Real>
__global__ void k_lts_copy(StateView<Real> from, StateView<Real> to, const int* list, int n) {
  const std::int64_t i = flat_thread();
  if (i >= std::int64_t(n) * W) return;
  const int row = int(i / W), c = int(i - std::int64_t(row) * W);
  const std::int64_t at = row_offset(c, from.n, list[row]);
  to.c[at] = from.c[at];
}

template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kLtsBlock)
    k_lts_correct(Phys phys, MeshView<Real> m, StateView<Real> S, Real* reg,
                  const int* slot_of_edge, const std::int8_t* level, const int* list, int n,
                  int* bad) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int k = list[i];
  lts_correct<P, Phys::M>(c_tables<P, Real>, m, S, reg, slot_of_edge, level, k);
  Real mean[Phys::M];
  for (int v = 0; v < Phys::M; ++v) mean[v] = cell_mean(S.c[row_offset(v * Order<P>::NP, S.n, k)]);
  if (!phys.admissible(mean)) atomicMax(bad, 1);
}

// Each element's rate, and in `flags` bit 0 for an inadmissible mean, bit 1 for a step of the
// plan (`level`, or none while it is null) beyond its element's limit.
template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kLtsBlock)
    k_lts_check(Phys phys, MeshView<Real> m, StateView<Real> S, double* rate,
                const double* inv_length, const std::int8_t* level, double h_stable, int levels,
                double min_speed, double cfl_factor, int* flags) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= S.n) return;
  const double r = double(rate_or_inf(element_rate<P>(phys, m, S, k)));
  rate[k] = r;
  if (!(r <= 1e300))
    atomicOr(flags, 1);
  else if (level && !lts_step_holds(min_speed, r, inv_length[k], ldexp(h_stable, levels - level[k]),
                                    cfl_factor))
    atomicOr(flags, 2);
}

template <int P, class Phys, class Real>
class CudaLtsBackend final : public LtsDriver<CudaLtsBackend<P, Phys, Real>, HostBoundary<Phys>> {
  static constexpr int M = Phys::M;
  using O = Order<P>;
  static constexpr int W = M * O::NP;
  using DevPhys = decltype(std::declval<Phys>().template cast<Real>());

  struct DeviceLevel {
    DeviceArray<int> elems, ghosts, corrected, bedges;
    DeviceArray<LtsEdge> edges;
  };

public:
  CudaLtsBackend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                 const BackendConfig<HostBoundary<Phys>>& cfg, int gpu)
      : phys_(phys.template cast<Real>()), host_mesh_(mesh), cfg_(cfg),
        b_(stage_weights(cfg.stages)) {
    const cudaDeviceProp prop = select_gpu(gpu);
    device_name_ = prop.name;
    const DGTables<P, Real> t = to_dg_tables<P, Real>(tables);
    cuda_check(cudaMemcpyToSymbol(c_tables<P, Real>, &t, sizeof t), "tables to constant memory");
    cuda_check(cudaStreamSynchronize(cudaStreamLegacy), "tables to constant memory");
    cuda_check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "stream");
    mesh_.upload(mesh, cfg.limiter.barth_jespersen);
    view_ = mesh_.view();
    E_ = mesh.n_elems;
    const std::size_t n = std::size_t(W) * E_;
    S_.resize(n);
    W_.resize(n);
    R_.resize(n);
    save_.resize(n);
    F_.resize(std::size_t(M) * O::NF * mesh.n_edges);
    rate_.resize(E_);
    bad_.upload(std::vector<int>{0});
    flags_.upload(std::vector<int>{0});
    bcs_.upload(bc_tables_.params(cfg_));
    limiting_ = cfg_.limiter.barth_jespersen || cfg_.limiter.positivity;
    in_stage_ = limiting_ && !cfg_.limiter.barth_jespersen && limits_own_coefficients<DevPhys> &&
                cfg_.limit_in_stage;
    const MeshView<double> host = host_view(host_mesh_);
    std::vector<double> inv(E_);
    for (int k = 0; k < E_; ++k) inv[k] = inv_length<P>(phys, host, k);
    inv_length_.upload(inv);
    std::vector<std::pair<int, int>> groups;
    for (const auto& bc : cfg_.boundaries) groups.emplace_back(bc.first, bc.count);
    this->init_lts(host_mesh_, groups, cfg_.lts, cfg_.cfl_factor, std::move(inv));
  }
  ~CudaLtsBackend() override {
    if (stream_) cudaStreamDestroy(stream_);
  }

  std::string name() const override {
    return "cuda (" + device_name_ + ", " + (sizeof(Real) == 8 ? "fp64" : "fp32") +
           ", local time stepping)";
  }
  void set_state(const std::vector<double>& c) override { S_.upload(to_real<Real>(c)); }
  void get_state(std::vector<double>& c) override {
    cuda_check(cudaStreamSynchronize(stream_), "step");
    std::vector<Real> v(S_.size());
    S_.download(v.data());
    c.assign(v.begin(), v.end());
  }
  void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                    std::vector<char>& owned) override {
    columns_.gather(S_.get(), E_, W, elems, c, stream_);
    owned.assign(elems.size(), 1);
  }
  void start_maxima(const MaximaRule& rule) override {
    maxima_.start<DevPhys>(rule, E_, E_);
    sample_maxima();
  }
  void sample_maxima() override { launch_maxima(this->time()); }
  void get_maxima(ElementMaxima& m) override {
    cuda_check(cudaStreamSynchronize(stream_), "maxima");
    maxima_.get(m);
  }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    cfg_.boundaries.at(i) = bc;
    bcs_.upload(bc_tables_.params(cfg_));
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    mesh_.set_aux(aux, edge_aux);
  }
  void limit() override {
    if (!limiting_) return;
    std::vector<int> all(E_);
    for (int k = 0; k < E_; ++k) all[k] = k;
    DeviceArray<int> list;
    list.upload(all);
    k_lts_limit<P, DevPhys, Real><<<grid(E_), kLtsBlock, 0, stream_>>>(
        phys_, view_, sv(S_), to_real<Real>(cfg_.limiter), list.get(), E_);
    cuda_check(cudaStreamSynchronize(stream_), "limiter");
  }
  std::size_t memory_bytes() const override {
    return S_.bytes() + W_.bytes() + R_.bytes() + save_.bytes() + F_.bytes() + reg_.bytes() +
           mesh_.bytes() + rate_.bytes() + inv_length_.bytes() + maxima_.bytes() + columns_.bytes();
  }

private:
  static int grid(int n) { return (n + kLtsBlock - 1) / kLtsBlock; }
  StateView<Real> sv(DeviceArray<Real>& a) { return {a.get(), E_}; }
  // ---- LtsDriver's seam ----
  friend class LtsDriver<CudaLtsBackend<P, Phys, Real>, HostBoundary<Phys>>;
  LtsCheck check() {
    const LtsPlan& plan = this->plan();
    const LtsParams& p = this->lts_params();
    cuda_check(cudaMemsetAsync(flags_.get(), 0, sizeof(int), stream_), "rate check");
    k_lts_check<P, DevPhys, Real><<<grid(E_), kLtsBlock, 0, stream_>>>(
        phys_, view_, sv(S_), rate_.get(), inv_length_.get(), plan.empty() ? nullptr : level_.get(),
        plan.h_stable, plan.levels, p.min_speed, this->cfl_factor(), flags_.get());
    cuda_check(cudaStreamSynchronize(stream_), "rate check");
    int flags = 0;
    flags_.download(&flags);
    return {(flags & 1) == 0, !plan.empty() && flags == 0};
  }
  void rates(std::vector<double>& rate) {
    rate.resize(E_);
    rate_.download(rate.data());
  }
  void save_state() {
    cuda_check(
        cudaMemcpyAsync(save_.get(), S_.get(), S_.bytes(), cudaMemcpyDeviceToDevice, stream_),
        "state copy");
  }
  void restore_state() {
    cuda_check(cudaMemcpy(S_.get(), save_.get(), S_.bytes(), cudaMemcpyDeviceToDevice),
               "state copy");
  }
  bool macro_ok() {
    int bad = 0;
    cuda_check(cudaStreamSynchronize(stream_), "macro step");
    cuda_check(cudaGetLastError(), "macro step kernels");
    bad_.download(&bad);
    if (bad) bad_.upload(std::vector<int>{0});
    return bad == 0;
  }
  void launch_maxima(double t) { maxima_.track_at<P>(phys_, view_, sv(S_), t, stream_); }
  void take_plan() {
    const LtsPlan& plan = this->plan();
    while (levels_.size() < plan.by_level.size())
      levels_.push_back(std::make_unique<DeviceLevel>());
    for (std::size_t l = 0; l < plan.by_level.size(); ++l) {
      const LtsLevel& lv = plan.by_level[l];
      DeviceLevel& dl = *levels_[l];
      dl.elems.upload(lv.elems);
      dl.ghosts.upload(lv.ghosts);
      dl.corrected.upload(lv.corrected);
      std::vector<int> b; // the groups' edges in one list: the kernel finds each edge's group
      for (const auto& g : lv.boundary_edges) b.insert(b.end(), g.begin(), g.end());
      dl.bedges.upload(b);
      dl.edges.upload(lv.edges);
    }
    level_.upload(plan.level);
    slot_of_edge_.upload(plan.slot_of_edge);
    reg_.resize(std::size_t(plan.n_slots) * M * O::NF);
    if (reg_.size()) cuda_check(cudaMemset(reg_.get(), 0, reg_.bytes()), "registers");
  }

  void copy_rows(DeviceArray<int>& list, DeviceArray<Real>& from, DeviceArray<Real>& to) {
    const int n = int(list.size());
    if (n)
      k_lts_copy<W, Real><<<flat_blocks(std::int64_t(n) * W, kLtsBlock), kLtsBlock, 0, stream_>>>(
          sv(from), sv(to), list.get(), n);
  }

  void level_step(int k, std::int64_t j) {
    DeviceLevel& dl = *levels_[k];
    const double T0 = this->start_of(k, j), H = this->step_of(k);
    copy_rows(dl.elems, S_, W_);
    const int ne = int(dl.elems.size()), ng = int(dl.ghosts.size());
    const int nb = int(dl.bedges.size()), ni = int(dl.edges.size());
    const LimiterParams<Real> lp = to_real<Real>(cfg_.limiter);
    const std::size_t ns = cfg_.stages.size();
    for (std::size_t s = 0; s < ns; ++s) {
      const bool last = s + 1 == ns;
      const double ts = T0 + cfg_.stages[s].c * H;
      if (ng) {
        const LtsFractions th = this->ghost_fractions(k, j, ts);
        k_lts_ghosts<W, Real><<<grid(ng), kLtsBlock, 0, stream_>>>(
            sv(S_), sv(R_), sv(W_), dl.ghosts.get(), ng, level_.get(), k, th);
      }
      if (nb)
        k_lts_boundary<P, DevPhys, Real><<<grid(nb), kLtsBlock, 0, stream_>>>(
            phys_, view_, sv(W_), F_.get(), bcs_.get(), int(cfg_.boundaries.size()), ts,
            dl.bedges.get(), nb);
      if (ni)
        k_lts_edges<P, DevPhys, Real><<<grid(ni), kLtsBlock, 0, stream_>>>(
            phys_, view_, sv(W_), F_.get(), dl.edges.get(), ni, reg_.get(), Real(b_[s] * H));
      if (ne)
        k_lts_elements<P, DevPhys, Real><<<grid(ne), kLtsBlock, 0, stream_>>>(
            phys_, view_, sv(W_), sv(S_), F_.get(), to_real<Real>(cfg_.stages[s].k), Real(H),
            last && !cfg_.limiter.positivity, in_stage_, lp, dl.elems.get(), ne, bad_.get());
      if (ne && limiting_ && !in_stage_)
        k_lts_limit<P, DevPhys, Real>
            <<<grid(ne), kLtsBlock, 0, stream_>>>(phys_, view_, sv(W_), lp, dl.elems.get(), ne);
    }
    copy_rows(dl.elems, W_, R_);
  }

  void finish_level(int k) {
    DeviceLevel& dl = *levels_[k];
    copy_rows(dl.elems, R_, S_);
    const int nc = int(dl.corrected.size());
    if (!nc) return;
    k_lts_correct<P, DevPhys, Real>
        <<<grid(nc), kLtsBlock, 0, stream_>>>(phys_, view_, sv(S_), reg_.get(), slot_of_edge_.get(),
                                              level_.get(), dl.corrected.get(), nc, bad_.get());
    if (limiting_)
      k_lts_limit<P, DevPhys, Real><<<grid(nc), kLtsBlock, 0, stream_>>>(
          phys_, view_, sv(S_), to_real<Real>(cfg_.limiter), dl.corrected.get(), nc);
  }

  DevPhys phys_;
  MeshArrays host_mesh_;
  BackendConfig<HostBoundary<Phys>> cfg_;
  std::vector<double> b_;
  std::string device_name_;
  cudaStream_t stream_ = nullptr;
  DeviceMesh<Real> mesh_;
  MeshView<Real> view_;
  DeviceBoundaryTables<Real, Phys> bc_tables_;
  DeviceArray<typename Phys::template Boundary<Real>> bcs_;
  int E_ = 0;
  DeviceArray<Real> S_, W_, R_, save_, F_, reg_;
  DeviceArray<double> rate_, inv_length_;
  DeviceArray<int> bad_, flags_, slot_of_edge_;
  DeviceArray<std::int8_t> level_;
  std::vector<std::unique_ptr<DeviceLevel>> levels_;
  bool limiting_ = false, in_stage_ = false;
  DeviceMaxima maxima_;
  DeviceColumns columns_;
};

} // namespace tridg
