#pragma once
// Shared set-up of the benchmarks: an Euler case file with overrides, a mesh, a backend.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "core/dg_basis_tables.hpp"
#include "io/config.hpp"
#include "io/mesh_loader.hpp"
#include "physics/euler/case.hpp"
#include "solver/backend_factory.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/projection.hpp"
#include "solver/run_settings.hpp"
#include "solver/time_schemes.hpp"

namespace tridg::bench {

struct EulerBench {
  Mesh mesh;
  RunSettings settings;
  std::unique_ptr<Backend<EulerBoundary<double>>> backend;
  int n_modes = 0;
};

inline EulerBench
make_euler_bench(const std::string& case_path, const std::string& mesh_path, int refine, int order,
                 const std::string& scheme, bool limiter, const std::string& device,
                 bool single = false, bool positivity_only = false, bool overlap_launches = true,
                 bool limit_in_stage = true,
                 const std::function<void(BackendConfig<EulerBoundary<double>>&)>& tweak = {}) {
  RunOptions opt;
  opt.precision = single ? "single" : "double";
  opt.case_path = case_path;
  opt.mesh_path = mesh_path;
  opt.order = order;
  opt.refine = refine;
  opt.device = device;
  opt.overrides = {"time.scheme=" + scheme,
                   std::string("limiter.type=") + (limiter ? "barth_jespersen" : "none"),
                   std::string("limiter.positivity=") +
                       (limiter || positivity_only ? "true" : "false")};
  const Config cfg = Config::load(case_path, opt.overrides);
  EulerBench b;
  b.settings = read_run_settings(cfg, opt);
  MeshOptions mo;
  mo.refine = b.settings.refine;
  mo.max_elements = std::int64_t(1) << 31; // benchmarks go beyond the run's default limit
  b.mesh = load_mesh(b.settings.mesh_path, mo);
  const EulerPhysics<double, EulerHllc> phys(read_euler_physics(cfg));
  const Problem<EulerBoundary<double>> pb = make_euler_problem(cfg, b.mesh, order, phys);
  const BasisTables tables = make_basis_tables(order);
  b.n_modes = tables.n_modes;
  // Under mpirun: this rank's part, on the rank's GPU.
  const int gpu = pick_gpu(device, -1);
  BackendConfig<EulerBoundary<double>> bc = make_backend_config(b.settings, pb);
  bc.overlap_launches = overlap_launches;
  bc.limit_in_stage = limit_in_stage;
  if (tweak) tweak(bc);
  b.backend = make_backend(phys, tables, make_mesh_arrays(b.mesh), bc, resolve_device(device, gpu),
                           gpu, rank_partition(b.mesh, b.settings.mesh_path));
  b.backend->set_state(project(b.mesh, order, 4, pb.initial));
  b.backend->limit();
  b.backend->set_time(0, 0);
  return b;
}

} // namespace tridg::bench
