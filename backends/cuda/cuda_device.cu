// Device discovery for --device auto and clear errors.
#include <cuda_runtime.h>

#include <string>

#include "backends/cuda/cuda_backend.hpp"

namespace tridg {

int cuda_device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError(); // clear the sticky "no driver" error
    return 0;
  }
  return n;
}

std::string cuda_device_description(int gpu) {
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, gpu) != cudaSuccess) return "unavailable";
  return std::string(p.name) + " (sm_" + std::to_string(p.major) + std::to_string(p.minor) + ", " +
         std::to_string(p.totalGlobalMem >> 20) + " MiB)";
}

} // namespace tridg

#include <algorithm>
#include <vector>

#include "backends/cuda/cuda_check.cuh"

namespace tridg {

cudaDeviceProp select_gpu(int gpu) {
  cuda_check(cudaSetDevice(gpu), "cudaSetDevice");
  cudaDeviceProp prop{};
  cuda_check(cudaGetDeviceProperties(&prop, gpu), "device properties");
  if (prop.major < 8)
    fail(ExitCode::no_device, std::string("GPU ") + prop.name + " (sm_" +
                                  std::to_string(prop.major) + std::to_string(prop.minor) +
                                  ") is not supported: tridg needs sm_80 or newer");
  return prop;
}

double cuda_copy_bandwidth(std::size_t bytes, int repeats) {
  DeviceArray<char> a(bytes), b(bytes);
  cuda_check(cudaMemset(a.get(), 1, bytes), "memset");
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  std::vector<float> ms;
  for (int i = 0; i < repeats + 2; ++i) {
    cudaEventRecord(e0);
    cuda_check(cudaMemcpy(b.get(), a.get(), bytes, cudaMemcpyDeviceToDevice), "copy");
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float t = 0;
    cudaEventElapsedTime(&t, e0, e1);
    if (i >= 2) ms.push_back(t); // the first two warm up
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  std::sort(ms.begin(), ms.end());
  return 2.0 * double(bytes) / (ms[ms.size() / 2] * 1e-3);
}

} // namespace tridg
