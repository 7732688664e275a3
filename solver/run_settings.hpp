#pragma once
// The physics-independent settings of a case: mesh, order, time integration, limiter, output.
#include <cstdint>
#include <string>
#include <vector>

#include "backends/implicit/implicit_params.hpp"
#include "backends/lts/lts_params.hpp"
#include "io/config.hpp"
#include "kernels/dg_limiter.hpp"

namespace tridg {

// What the command line says; it overrides the case file.
struct RunOptions {
  std::string case_path;
  std::string mesh_path;       // empty: the case's mesh.file
  std::string output_dir;      // empty: the case's output.dir
  std::string device = "auto"; // auto or a backend's name (backends/registry.hpp)
  std::string precision = "double";
  std::string restart; // checkpoint to continue from
  int order = -1, refine = -1;
  int gpu = -1; // -1: the first GPU, or under MPI the local rank's (modulo the GPUs present)
  std::vector<std::string> overrides; // --set key=value
  bool quiet = false;
  // Testing aid (CPU backend): > 0 visits elements and edges in an order shuffled by this seed.
  std::uint64_t visit_seed = 0;
  // Testing aid: false runs the positivity fix as a pass of its own (BackendConfig).
  bool limit_in_stage = true;
  // Testing aid for a GPU backend that overlaps the launches of its captured step
  // (BackendConfig::overlap_launches).
  bool overlap_launches = true;
  // OpenMP threads of this run; 0: OMP_NUM_THREADS when set, else this rank's share of the cores.
  int threads = 0;
  bool trust_geo = false;                 // --trust-geo (io/mesh_loader.hpp)
  std::int64_t max_elements = 50'000'000; // --max-elements
  double mesh_time_limit = 600;           // --mesh-time-limit (io/mesh_worker.hpp)
};

struct RunSettings {
  std::string physics; // euler, shallow_water
  std::string mesh_path;
  double mesh_size = 1;
  int refine = 0;
  int order = 1;
  std::string scheme = "ssprk2";
  ImplicitParams implicit; // [implicit]; scheme none for the explicit schemes
  LtsParams lts;           // time.lts_*: local time stepping (max_levels 0: off)
  double cfl = 0.9;
  double t_end = 0;
  long steps = 0; // > 0: run exactly this many steps
  double dt = 0;  // > 0: fixed time step
  LimiterParams<double> limiter;
  std::string output_dir;
  double output_interval = 0; // 0: only the final state
  bool write_hdf5 = true;
  bool write_gmsh = true;
  // Ranks reading their own parts (io/mesh.hpp) write their rows of each snapshot through
  // parallel HDF5 (builds with it); false: rank 0 writes what they stream to it.
  bool parallel_hdf5 = false;
  double progress_seconds = 2;
  // Limits that end absurd runs early (README, "Exit codes").
  std::int64_t max_steps = 1'000'000'000; // time.max_steps
  std::int64_t max_outputs = 10'000;      // output.max_outputs: numbered snapshots per run
  std::string device;
  bool single_precision = false;
  std::uint64_t visit_seed = 0;
  bool limit_in_stage = true;
  bool overlap_launches = true;
};

// Reads every common key; physics keys are read by the physics' own set-up.
RunSettings read_run_settings(const Config& cfg, const RunOptions& opt);

} // namespace tridg
