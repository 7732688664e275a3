#pragma once
// Picks and creates the backend from the registry: the one asked for, or with "auto" the first
// with a device (a GPU), else the CPU backend.
#include <memory>
#include <string>

#include "backends/backend.hpp"
#include "backends/implicit/implicit_backend.hpp"
#include "backends/registry.hpp"
#include "io/error.hpp"
#include "io/mesh.hpp"
#include "parallel/comm.hpp"
#include "parallel/partitioned_backend.hpp"
#include "solver/implicit_settings.hpp"
#include "solver/problem.hpp"
#include "solver/run_settings.hpp"
#include "solver/time_schemes.hpp"

namespace tridg {

// The backend's configuration from the run settings and a physics' problem: scheme, limiter,
// time-step rule and boundary conditions.
template <class Bc>
BackendConfig<Bc> make_backend_config(const RunSettings& s, const Problem<Bc>& pb) {
  BackendConfig<Bc> bc;
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
  bc.limit_in_stage = s.limit_in_stage;
  bc.overlap_launches = s.overlap_launches;
  bc.implicit = s.implicit;
  bc.lts = s.lts;
  return bc;
}

// The backend's name: "auto" resolved, an unknown or unusable one an error (exit 7).
std::string resolve_device(const std::string& requested, int gpu);

// The GPU of this rank: --gpu when given, else the rank's index on its machine modulo the GPUs
// of `device` (0 on one rank).
int pick_gpu(const std::string& requested_device, int gpu_option);

// Which rank owns each element on this run's ranks: the partition stored in a prepared mesh file
// when it has as many parts as ranks, else METIS on rank 0; the same on every rank. Prints the
// cut's statistics. For a part read alone (io/mesh.hpp), the owners of its elements.
std::vector<std::int32_t> rank_partition(const Mesh& mesh, const std::string& mesh_path);

template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_single_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                    const BackendConfig<HostBoundary<Phys>>& cfg, const std::string& device,
                    int gpu) {
  auto b = make_registered_backend(device, CompiledBackends{}, phys, tables, mesh, cfg, gpu);
  if (!b) fail(ExitCode::no_device, "this build has no backend '" + device + "'");
  return b;
}

// The run's backend: of the whole mesh on one rank, of this rank's part (parallel/) on several.
// `gid` (a part read alone): `mesh` is that part and gid its elements' whole-mesh numbers.
template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
             const BackendConfig<HostBoundary<Phys>>& cfg, const std::string& device, int gpu,
             const std::vector<std::int32_t>& owner,
             const std::vector<std::int64_t>* gid = nullptr) {
  if (cfg.implicit.scheme != ImplicitScheme::none) {
    if (par::size() > 1)
      fail(ExitCode::bad_case, "the implicit schemes run on one rank; start tridg without mpirun");
    if (device == "cpu") return make_implicit_backend(phys, tables, mesh, cfg, -1);
    // The linear solves on the GPU, the Newton logic and the residual on the host.
    BackendConfig<HostBoundary<Phys>> c = cfg;
    c.implicit = device_implicit_params(cfg.implicit);
    return make_implicit_backend(phys, tables, mesh, c, gpu);
  }
  if (par::size() == 1) return make_single_backend(phys, tables, mesh, cfg, device, gpu);
  if (cfg.lts.max_levels > 0)
    fail(ExitCode::bad_case, "time.lts_levels: local time stepping runs on one rank; start tridg "
                             "without mpirun");
  // A limiter that reads its neighbours' new means (the vertex-based one, or a physics' own
  // steps: shallow water's wet/dry checks) needs them updated on this rank, hence the deeper
  // halo.
  const bool limiting = cfg.limiter.barth_jespersen || cfg.limiter.positivity;
  const bool reads_neighbours =
      cfg.limiter.barth_jespersen || (limiting && (Phys::has_limit_finish || Phys::custom_slopes));
  return make_partitioned_backend<Phys::M>(
      mesh, cfg, owner, reads_neighbours, backend_device_aware_mpi(device).yes(),
      [&](const MeshArrays& part, const BackendConfig<HostBoundary<Phys>>& c) {
        return make_single_backend(phys, tables, part, c, device, gpu);
      },
      gid);
}

} // namespace tridg
