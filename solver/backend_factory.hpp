#pragma once
// Picks and creates the backend from the registry: the one asked for, or with "auto" the first
// with a device (a GPU), else the CPU backend.
#include <memory>
#include <string>

#include "backends/backend.hpp"
#include "backends/registry.hpp"
#include "io/error.hpp"
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

// The backend's name: "auto" resolved, an unknown or unusable one an error (exit 7).
std::string resolve_device(const std::string& requested, int gpu);

template <class Phys>
std::unique_ptr<Backend<Phys::M>>
make_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
             const BackendConfig<Phys::M>& cfg, const std::string& device, int gpu) {
  auto b = make_registered_backend(device, CompiledBackends{}, phys, tables, mesh, cfg, gpu);
  if (!b) fail(ExitCode::no_device, "this build has no backend '" + device + "'");
  return b;
}

} // namespace tridg
