#pragma once
// The CUDA backend (built with -DTRIDG_CUDA=ON): the generic kernels launched from .cu files,
// state resident on the GPU.
#include <memory>
#include <string>

#include "backends/backend.hpp"
#include "backends/cuda/cuda_aware_mpi.hpp"

namespace tridg {

// Number of usable CUDA devices (0 without a driver or GPU).
int cuda_device_count();
// Name and compute capability of device `gpu`, or an error text.
std::string cuda_device_description(int gpu);

template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_cuda_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                  const BackendConfig<HostBoundary<Phys>>& cfg, int gpu);

// The CUDA backend's entry in the registry (backends/registry.hpp).
struct CudaBackendTag {
  static constexpr const char* name = "cuda";
  static int device_count() { return cuda_device_count(); }
  static DeviceAwareMpi device_aware_mpi() { return {"CUDA-aware MPI", cuda_aware_mpi_text()}; }
  template <class Phys>
  static std::unique_ptr<Backend<HostBoundary<Phys>>>
  make(const Phys& phys, const BasisTables& t, const MeshArrays& m,
       const BackendConfig<HostBoundary<Phys>>& c, int gpu) {
    return make_cuda_backend(phys, t, m, c, gpu);
  }
};

} // namespace tridg

namespace tridg {

// Device-to-device copy bandwidth in bytes/s (bytes read plus bytes written), the median of
// several copies of `bytes` each: the floor every memory-bound kernel is compared against.
double cuda_copy_bandwidth(std::size_t bytes, int repeats = 20);

} // namespace tridg
