#pragma once
// Every CUDA call is checked; a failure is a clear error, never a silent wrong answer.
#include <cuda_runtime.h>

#include <string>

#include "io/error.hpp"

namespace tridg {

// No driver or no device is exit 7 (no_device); anything else (out of memory, a kernel fault)
// is a failure of the device during the run, exit 8 (device_error).
inline void cuda_check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  const bool missing =
      e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver || e == cudaErrorInvalidDevice;
  const std::string msg = std::string("CUDA: ") + what + ": " + cudaGetErrorString(e);
  if (e == cudaErrorMemoryAllocation)
    fail(ExitCode::device_error, msg + " (the mesh does not fit in the GPU's memory: use a "
                                       "coarser mesh, a lower order or another GPU)");
  fail(missing ? ExitCode::no_device : ExitCode::device_error, msg);
}

// Makes `gpu` the current device and returns its properties; a GPU older than sm_80 is an error
// (exit 7: tridg is built for sm_80 and newer).
cudaDeviceProp select_gpu(int gpu);

// Device memory that frees itself.
template <class T> class DeviceArray {
public:
  DeviceArray() = default;
  explicit DeviceArray(std::size_t n) { resize(n); }
  ~DeviceArray() {
    if (p_) cudaFree(p_);
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  void resize(std::size_t n) {
    if (p_) cudaFree(p_);
    p_ = nullptr;
    n_ = n;
    if (n) cuda_check(cudaMalloc(&p_, n * sizeof(T)), "cudaMalloc");
  }
  // Complete when it returns. cudaMemcpy from pageable memory may return before its copy has
  // reached the device, ordered only on the legacy default stream, which the backends'
  // non-blocking streams do not wait for: a kernel launched next could read the old contents.
  void upload(const T* h, std::size_t n) {
    if (n != n_) resize(n);
    if (!n) return;
    cuda_check(cudaMemcpy(p_, h, n * sizeof(T), cudaMemcpyHostToDevice), "upload");
    cuda_check(cudaStreamSynchronize(cudaStreamLegacy), "upload");
  }
  template <class V> void upload(const V& v) { upload(v.data(), v.size()); }
  void download(T* h) const {
    if (n_) cuda_check(cudaMemcpy(h, p_, n_ * sizeof(T), cudaMemcpyDeviceToHost), "download");
  }
  T* get() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

// Page-locked host memory: copies from and to it run asynchronously on a stream.
template <class T> class PinnedArray {
public:
  PinnedArray() = default;
  ~PinnedArray() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  void resize(std::size_t n) {
    if (p_) cudaFreeHost(p_);
    p_ = nullptr;
    n_ = n;
    if (n) cuda_check(cudaMallocHost(&p_, n * sizeof(T)), "cudaMallocHost");
  }
  T* get() const { return p_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

} // namespace tridg
