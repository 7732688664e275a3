// Device discovery for --device auto and clear errors.
#include <cuda_runtime.h>

#include <string>

#include "kernels/cuda_backend.hpp"

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
