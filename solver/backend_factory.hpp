#pragma once
// Picks and creates the backend: CUDA when asked for, or when "auto" finds a GPU; else OpenMP.
#include <memory>
#include <string>

#include "io/error.hpp"
#include "kernels/backend.hpp"
#include "kernels/cpu_backend.hpp"
#include "kernels/cuda_backend.hpp"

namespace tridg {

// "cuda" when the build has CUDA and a GPU is present, else "cpu".
std::string resolve_device(const std::string& requested, int gpu);

template <class Phys>
std::unique_ptr<Backend<Phys::M>>
make_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
             const BackendConfig<Phys::M>& cfg, const std::string& device, int gpu) {
#ifdef TRIDG_HAVE_CUDA
  if (device == "cuda") return make_cuda_backend(phys, tables, mesh, cfg, gpu);
#else
  (void)gpu;
#endif
  if (device == "cuda")
    fail(ExitCode::no_device, "this build has no CUDA backend (rebuild with -DTRIDG_CUDA=ON)");
  return make_cpu_backend(phys, tables, mesh, cfg);
}

} // namespace tridg
