#pragma once
// The CUDA backend for one physics: the generic kernels launched a thread per edge (two lanes
// per edge from p = 3) and per element (or per element and variable, or on the tensor cores),
// state resident on the GPU, driven by the shared step driver, whose step is
// captured once as a CUDA graph and replayed. The step control (time, dt, which buffer is
// current) lives on the device, so a chunk of steps runs without any host round trip.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/backend.hpp"
#include "backends/convert.hpp"
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_check.cuh"
#include "backends/cuda/device_boundaries.cuh"
#include "backends/cuda/device_maxima.cuh"
#include "backends/cuda/device_mesh.cuh"
#include "backends/cuda/edges_by_side.cuh"
#include "backends/cuda/element_by_variable.cuh"
#include "backends/cuda/element_gather.cuh"
#include "backends/cuda/element_mma.cuh"
#include "backends/cuda/flat_index.cuh"
#include "backends/cuda/rate_max.cuh"
#include "backends/cuda/step_launch.cuh"
#include "backends/cuda/stream_graph.cuh"
#include "backends/order_dispatch.hpp"
#include "backends/step_control.hpp"
#include "backends/step_driver.hpp"
#include "kernels/dg_element.hpp"
#include "kernels/dg_limiter.hpp"

namespace tridg {

template <class Real> struct StateBuffers {
  Real* s[2];
  Real* acc;
  int n;
};

template <int P, class Real> __constant__ DGTables<P, Real> c_tables;
// The tensor-core element stage's tables (element_mma.cuh): lane-indexed, so global, not constant.
template <int P> __device__ MmaTables<P> g_mma_tables;

constexpr int kBlock = 256;
// Threads per block, and blocks per multiprocessor each kernel is compiled for: together they cap
// its registers per thread. The kernels are latency-bound gathers, so occupancy pays until the cap
// makes the compiler spill or serialise; for the same warps, smaller blocks fill the
// multiprocessors more evenly as a launch drains. The choices, each the fastest of those tried
// without spills (bench/NOTES.md has the measurements):
// - p = 1: edges at 6 blocks of 128 (<= 85 registers), the limiter at 5 (<= 102: its patch walk
//   in chunks spills at 85), elements at 4 (<= 128);
// - p = 2: edges at 8 blocks of 64 (<= 128 registers; 5 blocks of 128 spill);
// - p >= 3: the edges by side (two lanes per edge) at 6 blocks of 64 (<= 170 registers; 2
//   blocks of 256 spill at p = 4, and 8 blocks of 64 leave p = 3 too few registers);
// - everything else at the compiler's choice.
enum KernelKind { kEdges, kElements, kLimiter };
template <int P, int Kind> constexpr int kBlockOf = P == 1 ? 128 : Kind == kEdges ? 64 : kBlock;
template <int P, int Kind>
constexpr int kMinBlocks = P == 1   ? (Kind == kEdges      ? 6
                                       : Kind == kElements ? 4
                                                           : 5)
                           : P == 2 ? (Kind == kEdges ? 8 : 1)
                                    : (Kind == kEdges ? 6 : 1);
// From p = 3 on, one lane's traces of both sides (40 values at p = 4) cost more registers than
// the pair's shuffles: the edges run by side (backends/cuda/edges_by_side.cuh).
template <int P> constexpr bool kEdgesBySide = P >= 3;

// The state buffer of the step's start (s[parity]) and the other one. Selected, not indexed:
// b.s[parity] with the run-time parity made the compiler copy the kernel parameter to local
// memory, a stack frame stored and loaded at the start of every kernel.
template <class Real>
__device__ __forceinline__ Real* step_start(const StateBuffers<Real>& b, int parity) {
  return parity ? b.s[1] : b.s[0];
}
template <class Real>
__device__ __forceinline__ Real* step_other(const StateBuffers<Real>& b, int parity) {
  return parity ? b.s[0] : b.s[1];
}

// A stage reads `in` (the step's start in its first stage, the last stage's output after it)
// and the step's start `u0`, and writes `out` (and the RK4 accumulator `acc`).
template <class Real> struct StageViews { StateView<Real> in, u0, out, acc; };
template <class Real>
__device__ __forceinline__ StageViews<Real> stage_views(const StateBuffers<Real>& b, int parity,
                                                        bool first) {
  Real* const u0 = step_start(b, parity);
  Real* const other = step_other(b, parity);
  return {{first ? u0 : other, b.n}, {u0, b.n}, {other, b.n}, {b.acc, b.n}};
}

// All edges in one launch: the boundary edges come first and grouped, so only the warp that
// straddles two groups (or the last boundary group and the interior) diverges.
// Edges [e0, e1) (all of them, or one part's on a partitioned mesh), kEdgeLanes<P> lanes each.
template <int P> constexpr int kEdgeLanes = kEdgesBySide<P> ? 2 : 1;
template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kBlockOf<P, kEdges>, kMinBlocks<P, kEdges>)
    k_edges(Phys phys, MeshView<Real> m, StateBuffers<Real> b, Real* F,
            const typename Phys::template Boundary<Real>* bcs, int n_groups, const StepControl* ctl,
            double c, bool first_stage, int e0, int e1) {
  step_kernel_wait();
  const double dt = ctl->dt;
  if (dt <= 0) return;
  const int lane = blockIdx.x * blockDim.x + threadIdx.x;
  const int e = e0 + (lane >> (kEdgeLanes<P> - 1)), side = lane & (kEdgeLanes<P> - 1);
  if (e >= e1) return;
  const StateView<Real> in = stage_views(b, ctl->parity, first_stage).in;
  if (e >= m.n_bedges) {
    if constexpr (kEdgesBySide<P>) {
      Real* slots = nullptr;
      if constexpr (kSideStash<P, Real>) {
        __shared__ Real stash[kSideSlots<P, Phys::M>][kBlockOf<P, kEdges>];
        slots = &stash[0][threadIdx.x];
      }
      interior_edge_by_side<P>(c_tables<P, Real>, phys, m, in, F, e, side, slots,
                               kBlockOf<P, kEdges>);
    } else
      interior_edge<P>(c_tables<P, Real>, phys, m, in, F, e);
    return;
  }
  int g = 0;
  while (g + 1 < n_groups && e >= bcs[g + 1].first) ++g;
  const Real t = Real(ctl->t + c * dt);
  if constexpr (kEdgesBySide<P>)
    boundary_edge_by_side<P>(c_tables<P, Real>, phys, m, in, F, bcs[g], t, e, side);
  else
    boundary_edge<P>(c_tables<P, Real>, phys, m, in, F, bcs[g], t, e);
}

// The block's largest rate, folded into the step's maximum by thread 0 (rate_max.cuh). Every
// thread of the block must call it.
template <int Block = kBlock, class Real>
__device__ __forceinline__ void block_max_fold(Real v, unsigned long long* rate_max) {
  __shared__ double warp_max[Block / 32];
  const double r = warp_rate_max(double(v));
  if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = r;
  __syncthreads();
  if (threadIdx.x == 0) {
    double mx = warp_max[0];
    for (int w = 1; w < Block / 32; ++w) mx = fmax(mx, warp_max[w]);
    fold_rate(rate_max, mx);
  }
}

// The element kernels wait for the edges' launch only after their volume loop: the loop reads
// the control block, the mesh and the stage input, which the edges just before do not write
// (step_launch.cuh says why that is safe), so it overlaps the edges' last blocks.
//
// Elements [k0, k1); in the last stage each block folds its largest rate into rate_max. With Limit
// the stage output is limited in the stage (StepDriver::limits_in_stage); a template parameter, so
// that the kernels without it carry none of its registers.
template <int P, bool Limit, class Phys, class Real>
__global__ void __launch_bounds__(kBlockOf<P, kElements>, kMinBlocks<P, kElements>)
    k_element(Phys phys, MeshView<Real> m, StateBuffers<Real> b, const Real* F, StageCoeffs<Real> c,
              const StepControl* ctl, bool first_stage, bool last_stage, bool check_points,
              LimiterParams<Real> lp, unsigned long long* rate_max, int k0, int k1) {
  const double dt = ctl->dt; // before the wait (above k_element)
  if (dt <= 0) return;
  const int k = k0 + blockIdx.x * blockDim.x + threadIdx.x;
  Real rate = 0;
  if (k < k1) {
    const StageViews<Real> v = stage_views(b, ctl->parity, first_stage);
    rate = rate_or_inf(element_stage<P>(c_tables<P, Real>, phys, m, v.in, v.u0, v.acc, v.out, F, c,
                                        Real(dt), last_stage, last_stage && check_points, Limit, lp,
                                        k, [] { step_kernel_wait(); }));
  } else {
    step_kernel_wait();
  }
  if (last_stage) block_max_fold<kBlockOf<P, kElements>>(rate, rate_max);
}

// The element stage with a thread per (element, variable) (backends/cuda/element_by_variable.cuh)
// at the orders where it is faster than a thread per element: p >= 2, whose elements hold too
// much for one thread's registers. Its registers: p = 2 at 6 blocks of 128 (<= 85), p = 3 at 5
// blocks of 128 (<= 102; 85 spills), p = 4 at 2 blocks of 256 (<= 128). At p >= 3 the
// tensor-core stage (kMma below) replaces it where it can; it stays for fp32, the in-stage limiter
// and GPUs below compute capability 8.0 (bench/NOTES.md has the measurements).
template <int P, class Phys> constexpr bool kByVariable = P >= 2 && by_variable_fits<Phys>;
template <int P> constexpr int kMinBlocksByVariable = P == 2 ? 6 : P == 3 ? 5 : 2;
template <int P> constexpr int kBlockByVariable = P == 2 || P == 3 ? 128 : kBlock;
// Whether the by-variable stage copies its update's operands to shared memory (2 NP values per
// thread): at p = 2, where it is faster (bench/NOTES.md). At p = 4 in fp64 the 61 kB per block
// of 256 would pass the 48 kB of static shared memory, and p = 3 and 4 (fp32, or the in-stage
// fix) were not measured: those ask L2 as before.
template <int P> constexpr bool kStashByVariable = P == 2;

template <int P, bool Limit, class Phys, class Real>
__global__ void __launch_bounds__(kBlockByVariable<P>, kMinBlocksByVariable<P>)
    k_element_by_variable(Phys phys, MeshView<Real> m, StateBuffers<Real> b, const Real* F,
                          StageCoeffs<Real> c, const StepControl* ctl, bool first_stage,
                          bool last_stage, bool check_points, LimiterParams<Real> lp,
                          unsigned long long* rate_max, int k0, int k1) {
  constexpr int M = Phys::M;
  const double dt = ctl->dt; // before the wait (above k_element)
  if (dt <= 0) return;
  const int k = k0 + (blockIdx.x * blockDim.x + threadIdx.x) / M;
  const int v = threadIdx.x % M;
  const unsigned mask = __ballot_sync(0xffffffffu, k < k1);
  const StageViews<Real> sv = stage_views(b, ctl->parity, first_stage);
  LaneEnd<Real> end;
  if (k < k1) {
    Real* stash = nullptr;
    if constexpr (kStashByVariable<P>) {
      __shared__ Real slots[2 * Order<P>::NP][kBlockByVariable<P>];
      stash = &slots[0][threadIdx.x];
    }
    end = element_stage_by_variable<P, kStashByVariable<P>>(
        c_tables<P, Real>, phys, m, sv.in, sv.u0, sv.acc, sv.out, F, c, Real(dt), last_stage,
        last_stage && check_points, Limit, k, v, mask, stash, kBlockByVariable<P>);
  } else {
    step_kernel_wait();
  }
  if (Limit || last_stage)
    element_tail<P, kBlockByVariable<P>>(c_tables<P, Real>, phys, m, sv.out, lp, Limit, last_stage,
                                         last_stage && check_points,
                                         k0 + blockIdx.x * (blockDim.x / M), k1, end, rate_max);
}

// The element stage on the tensor cores (backends/cuda/element_mma.cuh), fp64, where no limiter
// runs in the stage, on compute capability 8.0 and above. From p = 3: below, its matrices are too
// small to fill the tensor cores and the by-variable kernel is faster (bench/NOTES.md).
template <int P, class Phys, class Real> constexpr bool kMma = P >= 3 && mma_fits<Phys, Real>;
constexpr int kMmaLanes = 4; // per element
// Four blocks of 128 per multiprocessor, the same 16 warps at <= 128 registers as two of 256: the
// finer blocks fill the multiprocessors more evenly as a launch drains (bench/NOTES.md).
constexpr int kBlockMma = 128, kMmaBlocksPerSm = 4;

template <int P, class Phys>
__global__ void __launch_bounds__(kBlockMma, kMmaBlocksPerSm)
    k_element_mma(Phys phys, MeshView<double> m, StateBuffers<double> b, const double* F,
                  StageCoeffs<double> c, const StepControl* ctl, bool first_stage, bool last_stage,
                  bool check_points, unsigned long long* rate_max, int k0, int k1) {
  const double dt = ctl->dt; // before the wait (above k_element)
  if (dt <= 0) return;
  const int kt = k0 + (blockIdx.x * blockDim.x + threadIdx.x) / kMmaLanes;
  const int warp_first = k0 + (blockIdx.x * blockDim.x + (threadIdx.x & ~31)) / kMmaLanes;
  double rate = 0;
  if (warp_first < k1) { // the whole warp, for the tensor cores
    const StageViews<double> v = stage_views(b, ctl->parity, first_stage);
    const bool own = kt < k1;
    __shared__ double stash[kBlockMma / 32][MmaStash<P, Phys::M>::doubles];
    const double r = element_stage_mma<P>(
        c_tables<P, double>, g_mma_tables<P>, phys, m, v.in, v.u0, v.acc, v.out, F, c, dt,
        last_stage, last_stage && check_points, own ? kt : k1 - 1, own, stash[threadIdx.x >> 5]);
    rate = own ? rate_or_inf(r) : 0.0;
  } else {
    step_kernel_wait();
  }
  if (last_stage) block_max_fold<kBlockMma>(rate, rate_max);
}

// Asks for the shared memory that as many blocks of `kernel` as its registers allow per
// multiprocessor need, and no more: the rest stays L1 cache, which holds the kernels' tables and
// the stage input's lines. (Sized for the launch bounds' minimum instead, a kernel that needs
// fewer registers than its bound could not run all the blocks they allow.)
template <class Kernel> void shared_carveout(Kernel kernel, int block, const cudaDeviceProp& prop) {
  cudaFuncAttributes fa{};
  cuda_check(cudaFuncGetAttributes(&fa, kernel), "kernel attributes");
  const int regs = (fa.numRegs + 7) / 8 * 8; // allocated per warp in units of 256
  int blocks = prop.regsPerMultiprocessor / (regs * block);
  if (blocks > prop.maxThreadsPerMultiProcessor / block)
    blocks = prop.maxThreadsPerMultiProcessor / block;
  const double need = blocks * double(fa.sharedSizeBytes + prop.reservedSharedMemPerBlock);
  const int percent = int(std::ceil(100.0 * need / double(prop.sharedMemPerMultiprocessor)));
  cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                  percent < 100 ? percent : 100),
             "shared memory carveout");
}

template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kBlockOf<P, kLimiter>, kMinBlocks<P, kLimiter>)
    k_limit(Phys phys, MeshView<Real> m, StateBuffers<Real> b, LimiterParams<Real> lp,
            const StepControl* ctl, bool current, int k0, int k1) {
  step_kernel_wait();
  if (!current && ctl->dt <= 0) return;
  const int k = k0 + blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= k1) return;
  const int parity = ctl->parity;
  Real* const s = current ? step_start(b, parity) : step_other(b, parity);
  limit_element<P>(c_tables<P, Real>, phys, m, StateView<Real>{s, b.n}, lp, k);
}

// CFL rate of the current state's averages (before the first step and after a restart).
template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kBlockOf<P, kLimiter>, kMinBlocks<P, kLimiter>)
    k_rate(Phys phys, MeshView<Real> m, StateBuffers<Real> b, const StepControl* ctl,
           unsigned long long* rate_max, int n_owned) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  Real rate = 0;
  if (k < n_owned)
    rate =
        rate_or_inf(element_rate<P>(phys, m, StateView<Real>{step_start(b, ctl->parity), b.n}, k));
  block_max_fold<kBlockOf<P, kLimiter>>(rate, rate_max);
}

// Ends a step (or, with `init`, only computes dt) from the largest rate the launches before it
// folded in: advances time, flips the current buffer, takes the next dt. A single thread, which
// finds room on a multiprocessor at once while the element launch drains: most likely why the
// demos ran faster than with a block of 1024 (not profiled; rate_max.cuh).
// Static: each physics' backend translation unit gets its own copy, so they link side by side.
// With `rate_out`, only the rate: the rates of all ranks are reduced on the host, and k_finish
// then ends the step with the result.
static __global__ void k_control(StepControl* ctl, unsigned long long* rate_max, bool init,
                                 double* rate_out) {
  step_kernel_wait();
  const double r = take_rate(rate_max); // taken even when there is no step, to leave it zero
  if (rate_out) {
    *rate_out = r;
    return;
  }
  finish_step(*ctl, r, init);
}

static __global__ void k_finish(StepControl* ctl, double rate, bool init) {
  finish_step(*ctl, rate, init);
}

// The host's copy of the control block, put in stream order (a partitioned mesh's host keeps it).
static __global__ void k_put_control(StepControl* ctl, StepControl c) {
  *ctl = c;
}

// The per-element maxima of the water (kernels/water_maxima.hpp) from the state a step reached,
// at its time: both from the control block, which the launch just before wrote.
template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kMaximaBlock)
    k_maxima(Phys phys, MeshView<Real> m, StateBuffers<Real> b, const StepControl* ctl,
             MaximaRule r, MaximaView mx, int n_owned) {
  step_kernel_wait();
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_owned) return;
  const StateView<Real> u{step_start(b, ctl->parity), b.n};
  track_element_water<P>(phys, m, u, r, mx, k, ctl->t);
}

// Rows of the halo: element k's coefficients, all of them together, one thread per value.
template <class Real>
__global__ void k_pack(const Real* s, int n, const int* elems, int n_rows, int width, Real* rows) {
  const std::int64_t i = flat_thread();
  if (i >= std::int64_t(n_rows) * width) return;
  const int row = int(i / width), c = int(i - std::int64_t(row) * width);
  rows[i] = s[row_offset(c, n, elems[row])];
}
template <class Real>
__global__ void k_unpack(Real* s, int n, const int* elems, int n_rows, int width,
                         const Real* rows) {
  const std::int64_t i = flat_thread();
  if (i >= std::int64_t(n_rows) * width) return;
  const int row = int(i / width), c = int(i - std::int64_t(row) * width);
  s[row_offset(c, n, elems[row])] = rows[i];
}

template <int P, class Phys, class Real>
class CudaBackend final : public StepDriver<CudaBackend<P, Phys, Real>, HostBoundary<Phys>> {
  static constexpr int M = Phys::M;
  using O = Order<P>;
  using DevPhys = decltype(std::declval<Phys>().template cast<Real>());
  static_assert(check_physics<DevPhys, Real>());
  friend class StepDriver<CudaBackend<P, Phys, Real>, HostBoundary<Phys>>;
  template <class B> friend void record_step(B&, const std::vector<StageDef>&, bool);

public:
  CudaBackend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
              const BackendConfig<HostBoundary<Phys>>& cfg, int gpu)
      : phys_(phys.template cast<Real>()), cfg_(cfg), n_elems_(mesh.n_elems) {
    const cudaDeviceProp prop = select_gpu(gpu);
    sm_major_ = prop.major;
    device_name_ = prop.name;
    const DGTables<P, Real> t = to_dg_tables<P, Real>(tables);
    cuda_check(cudaMemcpyToSymbol(c_tables<P, Real>, &t, sizeof t), "tables to constant memory");
    if constexpr (kMma<P, DevPhys, Real>) {
      const MmaTables<P> x = mma_tables<P>(t);
      cuda_check(cudaMemcpyToSymbol(g_mma_tables<P>, &x, sizeof x), "tensor-core tables");
      shared_carveout(k_element_mma<P, DevPhys>, kBlockMma, prop);
    }
    if constexpr (kEdgesBySide<P> && kSideStash<P, Real>)
      shared_carveout(k_edges<P, DevPhys, Real>, kBlockOf<P, kEdges>, prop);
    if constexpr (kByVariable<P, DevPhys> && kStashByVariable<P>) {
      shared_carveout(k_element_by_variable<P, false, DevPhys, Real>, kBlockByVariable<P>, prop);
      if constexpr (limits_own_coefficients<DevPhys>)
        shared_carveout(k_element_by_variable<P, true, DevPhys, Real>, kBlockByVariable<P>, prop);
    }
    // As DeviceArray::upload: complete before the backend's stream launches anything.
    cuda_check(cudaStreamSynchronize(cudaStreamLegacy), "tables to constant memory");
    cuda_check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "stream");
    mesh_.upload(mesh, cfg.limiter.barth_jespersen); // only the limiter walks vertex patches
    view_ = mesh_.view();
    const std::size_t n = std::size_t(M) * O::NP * n_elems_;
    state_[0].resize(n);
    state_[1].resize(n);
    bool uses_acc = false;
    for (const auto& s : cfg_.stages) uses_acc |= s.k.use_acc || s.k.write_acc;
    if (uses_acc) acc_.resize(n);
    flux_.resize(std::size_t(M) * O::NF * mesh.n_edges);
    ctl_.resize(1);
    rate_max_.upload(std::vector<unsigned long long>{0}); // take_rate leaves it zero after
    setup_halo();
    upload_boundaries();
    this->init_control(cfg_, limits_own_coefficients<DevPhys>);
  }

  ~CudaBackend() override {
    for (cudaEvent_t e : {packed_, local_edges_, halo_done_, rate_ready_, stage_ready_, pack_done_})
      if (e) cudaEventDestroy(e);
    if (halo_stream_) cudaStreamDestroy(halo_stream_);
    step_graph_.reset();
    if (stream_) cudaStreamDestroy(stream_);
  }

  std::string name() const override {
    return "cuda (" + device_name_ + ", " + (sizeof(Real) == 8 ? "fp64" : "fp32") + ")";
  }

  void set_state(const std::vector<double>& c) override {
    StepControl h{};
    read_control(h);
    state_[h.parity].upload(to_real<Real>(c));
  }
  void get_state(std::vector<double>& c) override {
    StepControl h{};
    read_control(h);
    // In double straight into the caller's vector: a reused vector costs neither an allocation
    // nor a second pass over the state.
    if constexpr (std::is_same_v<Real, double>) {
      c.resize(state_[0].size());
      state_[h.parity].download(c.data());
    } else {
      std::vector<Real> v(state_[0].size());
      state_[h.parity].download(v.data());
      c.assign(v.begin(), v.end());
    }
  }
  void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                    std::vector<char>& owned) override {
    StepControl h{};
    read_control(h);
    columns_.gather(state_[h.parity].get(), n_elems_, M * O::NP, elems, c, stream_);
    owned.assign(elems.size(), 1);
  }
  void start_maxima(const MaximaRule& rule) override {
    maxima_.start<DevPhys>(rule, n_elems_, owned_range(halo(), n_elems_).last);
    step_graph_.reset(); // the step's recording gains the maxima's launch
    sample_maxima();
  }
  void sample_maxima() override {
    resolve_rate();
    const bool overlap = overlap_;
    overlap_ = false; // a launch of its own, outside the recorded step
    launch_maxima();
    overlap_ = overlap;
  }
  void get_maxima(ElementMaxima& m) override {
    resolve_rate();
    cuda_check(cudaStreamSynchronize(stream_), "maxima");
    maxima_.get(m);
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    mesh_.set_aux(aux, edge_aux);
  }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    cfg_.boundaries.at(i) = bc;
    upload_boundaries();
  }
  std::size_t memory_bytes() const override {
    return state_[0].bytes() + state_[1].bytes() + acc_.bytes() + flux_.bytes() + mesh_.bytes() +
           rate_max_.bytes() + maxima_.bytes() + columns_.bytes();
  }
  void enable_profiling(bool on) override { profile_ = on; }
  std::vector<std::pair<std::string, double>> kernel_times() const override {
    return {times_.begin(), times_.end()};
  }

private:
  // ---- the step driver's seam ----
  void read_control(StepControl& c) {
    resolve_rate();
    cuda_check(cudaStreamSynchronize(stream_), "step");
    cuda_check(cudaMemcpy(&c, ctl_.get(), sizeof c, cudaMemcpyDeviceToHost), "control");
  }
  void write_control(const StepControl& c) {
    resolve_rate();
    cuda_check(cudaStreamSynchronize(stream_), "step");
    ctl_.upload(&c, 1);
    host_ctl_ = c;
  }
  void run_steps(std::int64_t n) {
    if (profile_) {
      times_.clear();
      for (std::int64_t i = 0; i < n; ++i) {
        this->step_once();
        cuda_check(cudaGetLastError(), "step kernels");
      }
      return;
    }
    if (partitioned()) { // the host takes part in every stage: no graph
      for (std::int64_t i = 0; i < n && host_ctl_.dt > 0; ++i) this->step_once();
      resolve_rate();
      cuda_check(cudaGetLastError(), "step kernels");
      return;
    }
    if (!step_graph_.ready()) capture();
    for (std::int64_t i = 0; i < n; ++i) step_graph_.launch(stream_);
  }

  void launch_edges(int, bool first, double c, Part part) {
    cudaStream_t st = stream_for(part);
    auto launch = [&](Range r) {
      if (r.last <= r.first) return;
      timed("edges", [&] {
        launch_step_kernel(overlap_, k_edges<P, DevPhys, Real>,
                           blocks({0, kEdgeLanes<P> * (r.last - r.first)}, kBlockOf<P, kEdges>),
                           kBlockOf<P, kEdges>, st, phys_, view_, buffers(), flux_.get(),
                           bcs_.get(), int(cfg_.boundaries.size()), ctl_.get(), c, first, r.first,
                           r.last);
      });
    };
    const Range r = interior_edge_range(halo(), view_.n_bedges, view_.n_edges, part);
    if (part == Part::all) {
      launch({0, r.last}); // the boundary edges come first: one launch
    } else {
      if (has_boundary_edges(part)) launch({0, view_.n_bedges});
      launch(r);
    }
    // The border elements' update (on the halo stream) overwrites what these edges read.
    if (part == Part::local) cuda_check(cudaEventRecord(local_edges_, stream_), "event");
    if (part == Part::halo) cuda_check(cudaEventRecord(halo_done_, st), "event");
  }
  void launch_elements(int stage, bool first, bool last, Part part) {
    const Range r = update_range(halo(), n_elems_, part);
    if (r.last <= r.first) return;
    cudaStream_t st = stream_for(part);
    if (part == Part::halo) cuda_check(cudaStreamWaitEvent(st, local_edges_, 0), "event");
    if (part == Part::local) cuda_check(cudaStreamWaitEvent(st, pack_done_, 0), "event");
    resolve_rate(); // the update needs this step's dt
    const LimiterParams<Real> lp = to_real<Real>(cfg_.limiter);
    auto launch = [&](auto limit) {
      constexpr bool L = decltype(limit)::value;
      timed("elements", [&] {
        if constexpr (kMma<P, DevPhys, Real> && !L) {
          if (mma_stage())
            return launch_step_kernel(overlap_, k_element_mma<P, DevPhys>, element_blocks(r),
                                      kBlockMma, st, phys_, view_, buffers(), flux_.get(),
                                      to_real<Real>(cfg_.stages[stage].k), ctl_.get(), first, last,
                                      !cfg_.limiter.positivity, rate_max_.get(), r.first, r.last);
        }
        if constexpr (kByVariable<P, DevPhys>)
          launch_step_kernel(overlap_, k_element_by_variable<P, L, DevPhys, Real>,
                             element_blocks(r), kBlockByVariable<P>, st, phys_, view_, buffers(),
                             flux_.get(), to_real<Real>(cfg_.stages[stage].k), ctl_.get(), first,
                             last, !cfg_.limiter.positivity, lp, rate_max_.get(), r.first, r.last);
        else
          launch_step_kernel(overlap_, k_element<P, L, DevPhys, Real>,
                             blocks(r, kBlockOf<P, kElements>), kBlockOf<P, kElements>, st, phys_,
                             view_, buffers(), flux_.get(), to_real<Real>(cfg_.stages[stage].k),
                             ctl_.get(), first, last, !cfg_.limiter.positivity, lp, rate_max_.get(),
                             r.first, r.last);
      });
    };
    // The limiting kernel is instantiated only where the physics' limiter can run in the stage.
    if constexpr (limits_own_coefficients<DevPhys>)
      this->limits_in_stage() ? launch(std::true_type{}) : launch(std::false_type{});
    else
      launch(std::false_type{});
    if (part == Part::halo) cuda_check(cudaEventRecord(halo_done_, st), "event");
  }
  void launch_limiter(bool on_current) {
    const Range r = limit_range(halo(), n_elems_);
    cudaStream_t st = stream_for(Part::all);
    if (r.last > r.first)
      timed("limiter", [&] {
        launch_step_kernel(overlap_, k_limit<P, DevPhys, Real>, blocks(r, kBlockOf<P, kLimiter>),
                           kBlockOf<P, kLimiter>, st, phys_, view_, buffers(),
                           to_real<Real>(cfg_.limiter), ctl_.get(), on_current, r.first, r.last);
      });
    if (on_current) {
      cuda_check(cudaGetLastError(), "limiter");
      cuda_check(cudaStreamSynchronize(stream_), "limiter");
    }
  }
  void launch_rate() {
    const Range r = owned_range(halo(), n_elems_);
    k_rate<P><<<blocks(r, kBlockOf<P, kLimiter>), kBlockOf<P, kLimiter>, 0, stream_>>>(
        phys_, view_, buffers(), ctl_.get(), rate_max_.get(), r.last);
    cuda_check(cudaGetLastError(), "rate kernel");
  }
  void launch_control(bool init) {
    if (!partitioned()) {
      timed("dt reduction", [&] {
        launch_step_kernel(overlap_, k_control, 1, 1, stream_, ctl_.get(), rate_max_.get(), init,
                           nullptr);
      });
      if (init) cuda_check(cudaGetLastError(), "control kernel");
      return;
    }
    // The largest rate of all ranks: this part's to the host, reduced over the ranks, back.
    // finish_step runs on a host copy of the control block too, so the host knows the parity
    // and dt without reading them back; every rank's copy is the same.
    if (!init && host_ctl_.dt <= 0) return;
    cuda_check(cudaStreamWaitEvent(stream_, halo_done_, 0), "event");
    k_control<<<1, 1, 0, stream_>>>(ctl_.get(), rate_max_.get(), init, rate_.get());
    if (!init && cfg_.overlap_rate) {
      // The step's end without waiting for the rate: time, step count and buffer advance now
      // (as finish_step advances them unless the step blew up); resolve_rate, before the next
      // update, reduces the rate and sets dt (or takes the step back on a blow-up). Meanwhile
      // the next step's pack and local edges, which need the time but no dt, are launched.
      cuda_check(cudaMemcpyAsync(rate_host_.get(), rate_.get(), sizeof(double),
                                 cudaMemcpyDeviceToHost, stream_),
                 "rate");
      cuda_check(cudaEventRecord(rate_ready_, stream_), "event");
      before_rate_ = host_ctl_;
      host_ctl_.t = advance_time(host_ctl_.t, host_ctl_.dt, host_ctl_.t_target);
      host_ctl_.steps += 1;
      host_ctl_.parity ^= 1;
      k_put_control<<<1, 1, 0, stream_>>>(ctl_.get(), host_ctl_);
      cuda_check(cudaGetLastError(), "control kernel");
      rate_pending_ = true;
      return;
    }
    double r = 0;
    cuda_check(cudaMemcpyAsync(&r, rate_.get(), sizeof r, cudaMemcpyDeviceToHost, stream_), "rate");
    cuda_check(cudaStreamSynchronize(stream_), "step");
    r = halo()->transport->max(r);
    k_finish<<<1, 1, 0, stream_>>>(ctl_.get(), r, init);
    cuda_check(cudaGetLastError(), "control kernel");
    finish_step(host_ctl_, r, init);
  }

  // After the step's control, in the same stream: on a partitioned mesh whose rate is still
  // pending (overlap_rate) it sees the time and buffer advanced in advance, which only a
  // blow-up takes back, and a blow-up ends the run before the maxima are read.
  void launch_maxima() {
    if constexpr (DevPhys::has_water_cell) {
      if (!maxima_.on() || maxima_.n_owned() == 0) return;
      timed("maxima", [&] {
        launch_step_kernel(overlap_, k_maxima<P, DevPhys, Real>, maxima_.blocks(), kMaximaBlock,
                           stream_, phys_, view_, buffers(), ctl_.get(), maxima_.rule(),
                           maxima_.view(), maxima_.n_owned());
      });
    }
  }

  // The rate reduction that launch_control left pending: the control block of finish_step from
  // the step's start, with the rate of all ranks, replaces the one advanced in advance.
  void resolve_rate() {
    if (!rate_pending_) return;
    rate_pending_ = false;
    cuda_check(cudaEventSynchronize(rate_ready_), "rate");
    const double r = halo()->transport->max(*rate_host_.get());
    StepControl c = before_rate_;
    finish_step(c, r, false);
    host_ctl_ = c;
    k_put_control<<<1, 1, 0, stream_>>>(ctl_.get(), c);
    cuda_check(cudaGetLastError(), "control kernel");
  }

  // ---- parts of a partitioned mesh ----
  const HaloLayout* halo() const { return cfg_.halo.get(); }
  bool partitioned() const { return halo() != nullptr; }
  int blocks(Range r, int block = kBlock) const { return (r.last - r.first + block - 1) / block; }
  // Blocks of the element kernel over r (a thread per element, M by variable, four per element on
  // the tensor cores).
  int element_blocks(Range r) const {
    const bool mma = mma_stage();
    constexpr bool by_var = kByVariable<P, DevPhys>;
    const int block = mma ? kBlockMma : !by_var ? kBlockOf<P, kElements> : kBlockByVariable<P>;
    const long threads = long(r.last - r.first) * (mma ? kMmaLanes : by_var ? M : 1);
    return int((threads + block - 1) / block);
  }
  // Whether the element stage runs on the tensor cores (k_element_mma).
  bool mma_stage() const {
    return kMma<P, DevPhys, Real> && sm_major_ >= 8 && !this->limits_in_stage();
  }
  Real* halo_state(bool on_current) {
    return state_[on_current ? host_ctl_.parity : 1 - host_ctl_.parity].get();
  }
  // Packs the rows the neighbours need and copies them to pinned host memory (unless MPI takes
  // device memory). The stream then goes on with the work that needs no ghost while halo_end
  // waits for the copy and for the network.
  void halo_begin(bool on_current) {
    const HaloLayout& h = *halo();
    const int ns = int(h.send_elems.size()), W = M * O::NP;
    cuda_check(cudaStreamWaitEvent(stream_, halo_done_, 0), "event");
    // With pack_aside the pack and its copy run on the ghosts' stream once the stage input is
    // complete; the local edges (which only read) go on beside them, and the local elements,
    // which may write the input in place, wait for the pack (pack_done_).
    cudaStream_t st = stream_;
    if (cfg_.pack_aside) {
      cuda_check(cudaEventRecord(stage_ready_, stream_), "halo event");
      cuda_check(cudaStreamWaitEvent(halo_stream_, stage_ready_, 0), "event");
      st = halo_stream_;
    }
    if (ns > 0)
      k_pack<<<flat_blocks(std::int64_t(ns) * W, kBlock), kBlock, 0, st>>>(
          halo_state(on_current), n_elems_, send_elems_.get(), ns, W, send_dev_.get());
    cuda_check(cudaEventRecord(pack_done_, st), "halo event");
    if (!h.transport->device_pointers())
      cuda_check(cudaMemcpyAsync(send_host_.get(), send_dev_.get(), send_dev_.bytes(),
                                 cudaMemcpyDeviceToHost, st),
                 "halo to host");
    cuda_check(cudaEventRecord(packed_, st), "halo event");
  }
  void halo_end(bool on_current) {
    const HaloLayout& h = *halo();
    const int nr = int(h.recv_elems.size()), W = M * O::NP;
    const bool dev = h.transport->device_pointers();
    cuda_check(cudaEventSynchronize(packed_), "halo pack");
    h.transport->begin(dev ? static_cast<void*>(send_dev_.get()) : send_host_.get(),
                       dev ? static_cast<void*>(recv_dev_.get()) : recv_host_.get(),
                       W * sizeof(Real));
    h.transport->end();
    // The limiter (main stream) read the ghosts' old values before the pack: unpack after it.
    cuda_check(cudaStreamWaitEvent(halo_stream_, packed_, 0), "event");
    if (!dev)
      cuda_check(cudaMemcpyAsync(recv_dev_.get(), recv_host_.get(), recv_dev_.bytes(),
                                 cudaMemcpyHostToDevice, halo_stream_),
                 "halo to device");
    if (nr > 0)
      k_unpack<<<flat_blocks(std::int64_t(nr) * W, kBlock), kBlock, 0, halo_stream_>>>(
          halo_state(on_current), n_elems_, recv_elems_.get(), nr, W, recv_dev_.get());
    cuda_check(cudaEventRecord(halo_done_, halo_stream_), "event");
  }
  // The work next to the ghosts runs on a stream of its own, beside the local work: the ghosts'
  // copy, their unpacking and the border's edges overlap the inner elements' update. Work on the
  // main stream that reads what the halo stream wrote waits for halo_done_ first.
  cudaStream_t stream_for(Part part) {
    if (part == Part::halo) return halo_stream_;
    if (part == Part::all && partitioned())
      cuda_check(cudaStreamWaitEvent(stream_, halo_done_, 0), "event");
    return stream_;
  }
  void setup_halo() {
    if (!partitioned()) return;
    const HaloLayout& h = *halo();
    const std::size_t W = M * O::NP;
    send_elems_.upload(h.send_elems);
    recv_elems_.upload(h.recv_elems);
    send_dev_.resize(h.send_elems.size() * W);
    recv_dev_.resize(h.recv_elems.size() * W);
    send_host_.resize(h.send_elems.size() * W);
    recv_host_.resize(h.recv_elems.size() * W);
    rate_.resize(1);
    rate_host_.resize(1);
    for (cudaEvent_t* e :
         {&packed_, &local_edges_, &halo_done_, &rate_ready_, &stage_ready_, &pack_done_})
      cuda_check(cudaEventCreateWithFlags(e, cudaEventDisableTiming), "halo event");
    int least = 0, greatest = 0;
    cuda_check(cudaDeviceGetStreamPriorityRange(&least, &greatest), "stream priorities");
    cuda_check(cudaStreamCreateWithPriority(&halo_stream_, cudaStreamNonBlocking,
                                            cfg_.halo_priority ? greatest : least),
               "stream");
  }

  StateBuffers<Real> buffers() const {
    return {{state_[0].get(), state_[1].get()}, acc_.get(), n_elems_};
  }

  void upload_boundaries() {
    const std::vector<typename Phys::template Boundary<Real>> b = tables_.params(cfg_);
    // Kernels read the parameters from device memory, so a captured graph sees new values.
    if (bcs_.size() != b.size()) bcs_.resize(b.size());
    if (!b.empty())
      cuda_check(cudaMemcpyAsync(bcs_.get(), b.data(), b.size() * sizeof(b[0]),
                                 cudaMemcpyHostToDevice, stream_),
                 "boundary parameters");
    cuda_check(cudaStreamSynchronize(stream_), "boundary parameters");
  }

  // Runs `f` between two events when profiling, accumulating its time under `name`.
  template <class F> void timed(const char* name, F&& f) {
    if (!profile_) {
      f();
      return;
    }
    cudaEvent_t a, z;
    cudaEventCreate(&a);
    cudaEventCreate(&z);
    cudaEventRecord(a, stream_);
    f();
    cudaEventRecord(z, stream_);
    cudaEventSynchronize(z);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, z);
    times_[name] += ms;
    cudaEventDestroy(a);
    cudaEventDestroy(z);
  }

  void capture() {
    step_graph_.capture(stream_, [&] {
      overlap_ = cfg_.overlap_launches && sm_major_ >= 9;
      this->step_once();
      overlap_ = false;
    });
  }

  DevPhys phys_;
  BackendConfig<HostBoundary<Phys>> cfg_;
  int n_elems_ = 0;
  cudaStream_t stream_ = nullptr;
  StreamGraph step_graph_;
  DeviceMesh<Real> mesh_;
  MeshView<Real> view_; // mesh_'s
  DeviceArray<Real> state_[2], acc_, flux_;
  DeviceArray<unsigned long long> rate_max_; // the largest rate folded in (rate_max.cuh)
  DeviceArray<double> rate_;
  StepControl host_ctl_{}; // partitioned: the host's copy of the control block
  DeviceArray<int> send_elems_, recv_elems_;
  DeviceArray<Real> send_dev_, recv_dev_;
  PinnedArray<Real> send_host_, recv_host_;
  cudaStream_t halo_stream_ = nullptr;
  cudaEvent_t packed_ = nullptr, local_edges_ = nullptr, halo_done_ = nullptr,
              rate_ready_ = nullptr, stage_ready_ = nullptr, pack_done_ = nullptr;
  PinnedArray<double> rate_host_;
  StepControl before_rate_{}; // the control block at the end of the step whose rate is pending
  bool rate_pending_ = false;
  DeviceArray<StepControl> ctl_;
  DeviceArray<typename Phys::template Boundary<Real>> bcs_;
  DeviceBoundaryTables<Real, Phys> tables_;
  DeviceMaxima maxima_;
  DeviceColumns columns_;
  bool profile_ = false;
  // Only the captured step overlaps its launches (step_launch.cuh): the profiler's per-kernel
  // times and the partitioned step's events want plain launches.
  bool overlap_ = false;
  int sm_major_ = 0;
  std::string device_name_;
  std::map<std::string, double> times_;
};

// The factory of backends/cuda/cuda_backend.hpp for one physics: order and precision are
// dispatched here.
} // namespace tridg

#include "backends/cuda/cuda_lts_backend.cuh"

namespace tridg {

template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_cuda_backend(const Phys& phys, const BasisTables& t, const MeshArrays& m,
                  const BackendConfig<HostBoundary<Phys>>& c, int gpu) {
  if (c.lts.max_levels > 0 && c.single_precision)
    fail(ExitCode::bad_case, "time.lts_levels: local time stepping runs in double precision");
  return dispatch_order(c.order, [&](auto P) -> std::unique_ptr<Backend<HostBoundary<Phys>>> {
    constexpr int p = decltype(P)::value;
    if (c.lts.max_levels > 0)
      return std::make_unique<CudaLtsBackend<p, Phys, double>>(phys, t, m, c, gpu);
    if (c.single_precision)
      return std::make_unique<CudaBackend<p, Phys, float>>(phys, t, m, c, gpu);
    return std::make_unique<CudaBackend<p, Phys, double>>(phys, t, m, c, gpu);
  });
}

} // namespace tridg
