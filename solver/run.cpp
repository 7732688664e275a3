#include "solver/run.hpp"

#include <fmt/format.h>
#include <omp.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>

#include "io/error.hpp"
#include "io/isoparametric.hpp"
#include "io/mesh_loader.hpp"
#include "io/part_lists.hpp"
#include "parallel/comm.hpp"
#include "parallel/part_mesh.hpp"
#include "physics/registry.hpp"
#include "solver/setup_timer.hpp"

namespace tridg {

namespace {

// Ranks on one machine share its cores: unless OMP_NUM_THREADS says otherwise, each rank takes
// its share of them. k ranks of n threads each on n cores spin against each other at every
// parallel loop's barrier (3 ranks of 2 threads on 2 cores: 20x slower than 3 of 1).
int threads_per_rank() {
  if (std::getenv("OMP_NUM_THREADS")) return omp_get_max_threads();
  return std::max(1, omp_get_num_procs() / par::local_size());
}

// The solver's elements are the straight triangles of their vertices; curved geometry is read
// (io/isoparametric.hpp) but not yet integrated over, so a run on it would quietly solve on the
// straight mesh instead.
void refuse_curved(const Mesh& mesh, const std::string& path, bool parts) {
  if (!mesh.geometry) return;
  std::int64_t curved = 0;
  for (std::int32_t k = 0; k < mesh.n_owned(); ++k) curved += mesh.geometry->curved[std::size_t(k)];
  if (parts) curved = par::sum_all(curved);
  if (curved > 0)
    fail(ExitCode::bad_mesh,
         fmt::format("{}: {} of {} elements are curved ({}-node triangles off their straight "
                     "sides); the solver needs straight-sided triangles for now (mesh with "
                     "Mesh.ElementOrder 1)",
                     path, curved, mesh.n_elems_global(),
                     geometry_nodes_of_order(mesh.geometry->order)));
}

} // namespace

RunResult run_case(const RunOptions& opt) {
  const Config cfg = Config::load(opt.case_path, opt.overrides);
  const RunSettings s = read_run_settings(cfg, opt);
  MeshOptions mo;
  mo.size_factor = s.mesh_size;
  mo.refine = s.refine;
  mo.trust_geo = opt.trust_geo;
  mo.max_elements = opt.max_elements;
  mo.time_limit = opt.mesh_time_limit;
  const int threads = opt.threads > 0 ? opt.threads : threads_per_rank();
  omp_set_num_threads(threads); // from the mesh's loading and refinement on
  // A file partitioned for as many ranks as run: each reads (and refines) its own part only.
  const bool parts = par::size() > 1 && stored_parts(s.mesh_path) == par::size();
  SetupTimer timer;
  const Mesh mesh =
      parts ? load_part_mesh(s.mesh_path, s.refine, mo.max_elements) : load_mesh(s.mesh_path, mo);
  omp_set_num_threads(threads); // the Gmsh SDK lowers OpenMP's thread count to its own setting
  timer.done("mesh read and refined");
  refuse_curved(mesh, s.mesh_path, parts);
  if (parts)
    spdlog::info("mesh {}: using the {}-part partition stored in it, each rank reading its part: "
                 "{} elements, {} nodes{}",
                 s.mesh_path, par::size(), mesh.part->n_elems, mesh.part->n_nodes,
                 s.refine ? " after " + std::to_string(s.refine) + " refinement(s) of each part"
                          : "");
  else
    spdlog::info("mesh {}: {} elements, {} edges ({} on the boundary)", s.mesh_path, mesh.n_elems(),
                 mesh.n_edges(), mesh.n_boundary_edges);
  for (const PhysicsEntry& e : physics_registry())
    if (s.physics == e.name) return e.run(cfg, s, opt, mesh);
  // read_run_settings accepts only the registry's names.
  fail(ExitCode::internal, "physics '" + s.physics + "' is not registered");
}

} // namespace tridg
