#pragma once
// A few elements' coefficients read back from the GPU (gauges at every sample): gathered on the
// device into a small buffer, so the copy is of those columns only, not of the whole state.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "backends/cuda/cuda_check.cuh"
#include "backends/cuda/flat_index.cuh"
#include "core/row_offset.hpp"

namespace tridg {

// out[row][i] = s[row][elems[i]] in double, over `rows` rows of n elements.
template <class Real>
__global__ void k_gather_columns(const Real* s, int n, const int* elems, int m, int rows,
                                 double* out) {
  const std::int64_t i = flat_thread();
  if (i >= std::int64_t(rows) * m) return;
  const int r = int(i / m), j = int(i - std::int64_t(r) * m);
  out[i] = double(s[row_offset(r, n, elems[j])]);
}

class DeviceColumns {
public:
  // The columns `elems` of state s (rows x n, in the backend's precision), ordered after the
  // work already on `stream`.
  template <class Real>
  void gather(const Real* s, int n, int rows, const std::vector<std::int32_t>& elems,
              std::vector<double>& out, cudaStream_t stream) {
    const int m = int(elems.size());
    out.resize(std::size_t(rows) * std::size_t(m));
    if (m == 0) return;
    if (elems != listed_) { // the same few elements at every sample: uploaded once
      list_.upload(elems);
      listed_ = elems;
    }
    if (buffer_.size() != out.size()) buffer_.resize(out.size());
    constexpr int block = 128;
    k_gather_columns<<<flat_blocks(std::int64_t(rows) * m, block), block, 0, stream>>>(
        s, n, list_.get(), m, rows, buffer_.get());
    cuda_check(cudaGetLastError(), "element gather");
    cuda_check(
        cudaMemcpyAsync(out.data(), buffer_.get(), buffer_.bytes(), cudaMemcpyDeviceToHost, stream),
        "element gather");
    cuda_check(cudaStreamSynchronize(stream), "element gather");
  }
  std::size_t bytes() const { return list_.bytes() + buffer_.bytes(); }

private:
  std::vector<std::int32_t> listed_;
  DeviceArray<int> list_;
  DeviceArray<double> buffer_;
};

} // namespace tridg
