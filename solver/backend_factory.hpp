#pragma once
// Picks and creates the backend: CUDA when asked for, or when "auto" finds a GPU; else OpenMP.
#include <memory>
#include <string>

#include "io/error.hpp"
#include "kernels/backend.hpp"
#include "kernels/cpu_backend.hpp"
#include "kernels/cuda_backend.hpp"
#include "solver/problem.hpp"
#include "solver/run_settings.hpp"
#include "solver/time_schemes.hpp"

namespace tridg {

// The backend's configuration from the run settings and a physics' problem: scheme, limiter,
// time-step rule and boundary conditions.
template <int M> BackendConfig<M> make_backend_config(const RunSettings& s, const Problem<M>& pb) {
  BackendConfig<M> bc;
  bc.order = s.order;
  bc.stages = make_scheme(s.scheme);
  bc.limiter = s.limiter;
  // The stable step of DG with RK shrinks like 1/(2p+1) (Cockburn and Shu).
  bc.cfl_factor = s.cfl * scheme_step_factor(s.scheme) / (2 * s.order + 1);
  bc.fixed_dt = s.dt;
  bc.boundaries = pb.boundaries;
  bc.bc_tables = pb.bc_tables;
  bc.single_precision = s.single_precision;
  bc.visit_seed = s.visit_seed;
  return bc;
}

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
