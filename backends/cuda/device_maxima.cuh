#pragma once
// The per-element maxima on the GPU (kernels/water_maxima.hpp): the arrays in device memory,
// the update at a time the host knows (a start, a state event, local time stepping's macro
// steps) and the read-back. The explicit step's own launch, which reads the time from the
// device's control block, is in cuda_backend_impl.cuh.
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "backends/cuda/cuda_check.cuh"
#include "backends/element_maxima.hpp"
#include "io/error.hpp"
#include "kernels/water_maxima.hpp"

namespace tridg {

constexpr int kMaximaBlock = 256;

// Elements [0, n_owned) of U at time t.
template <int P, class Phys, class Real>
__global__ void __launch_bounds__(kMaximaBlock)
    k_maxima_at(Phys phys, MeshView<Real> m, StateView<Real> U, MaximaRule r, MaximaView mx,
                int n_owned, double t) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n_owned) track_element_water<P>(phys, m, U, r, mx, k, t);
}

class DeviceMaxima {
public:
  // Starts the arrays anew for elements [0, n_owned) of n (the others are ghosts, which their
  // owners track).
  template <class Phys> void start(const MaximaRule& rule, int n, int n_owned) {
    if constexpr (!Phys::has_water_cell)
      fail(ExitCode::internal, "maxima of the water asked of a physics without water");
    rule_ = rule;
    n_ = n;
    n_owned_ = n_owned;
    const ElementMaxima start = element_maxima_start(rule, std::size_t(n));
    level_.upload(start.level);
    depth_.upload(start.depth);
    arrival_.upload(start.arrival);
    reach_.upload(start.reach);
    reach_time_.upload(start.reach_time);
    on_ = true;
  }
  bool on() const { return on_; }
  const MaximaRule& rule() const { return rule_; }
  int n_owned() const { return n_owned_; }
  int blocks() const { return (n_owned_ + kMaximaBlock - 1) / kMaximaBlock; }
  MaximaView view() const {
    return {n_, level_.get(), depth_.get(), arrival_.get(), reach_.get(), reach_time_.get()};
  }

  // Launches the update of state U at time t on `stream`.
  template <int P, class Phys, class Real>
  void track_at(const Phys& phys, const MeshView<Real>& m, const StateView<Real>& U, double t,
                cudaStream_t stream) {
    if constexpr (Phys::has_water_cell) {
      if (!on_ || n_owned_ == 0) return;
      k_maxima_at<P><<<blocks(), kMaximaBlock, 0, stream>>>(phys, m, U, rule_, view(), n_owned_, t);
      cuda_check(cudaGetLastError(), "maxima kernel");
    }
  }

  // The arrays, every column of the n elements; the caller has synchronised the stream that
  // updates them.
  void get(ElementMaxima& out) const {
    if (!on_) fail(ExitCode::internal, "maxima read back before they were started");
    out.rule = rule_;
    out.n = std::size_t(n_);
    auto down = [](const DeviceArray<double>& a, std::vector<double>& v) {
      v.resize(a.size());
      a.download(v.data());
    };
    down(level_, out.level);
    down(depth_, out.depth);
    down(arrival_, out.arrival);
    down(reach_, out.reach);
    down(reach_time_, out.reach_time);
    out.index = nullptr;
  }
  std::size_t bytes() const {
    return level_.bytes() + depth_.bytes() + arrival_.bytes() + reach_.bytes() +
           reach_time_.bytes();
  }

private:
  MaximaRule rule_{};
  int n_ = 0, n_owned_ = 0;
  bool on_ = false;
  DeviceArray<double> level_, depth_, arrival_, reach_, reach_time_;
};

} // namespace tridg
