// Scaling over MPI ranks (mpirun -np N bench_mpi ...): whole Runge-Kutta steps of the double
// Mach domain on N ranks, each with its part of the mesh on its own GPU (or CPU cores). Prints,
// on rank 0, the time per step, element-stages per second in all and per rank, and the memory
// each rank's backend holds per element of its part.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>

#include "bench/bench_common.hpp"
#include "parallel/comm.hpp"

struct Knobs {
  bool halo_priority = true, overlap_rate = true, pack_aside = true;
};

int run(const std::string& root, const std::string& mesh, const std::string& device, int steps,
        const std::vector<int>& orders, const std::vector<int>& refines, const Knobs& knobs);

int main(int argc, char** argv) {
  const tridg::par::Session mpi(argc, argv);
  CLI::App app{"tridg MPI scaling benchmark"};
  std::string root = ".", mesh = "bench/meshes/dmr_100k.h5", device = "cuda";
  int steps = 50;
  std::vector<int> orders = {1, 2}, refines = {2};
  app.add_option("--root", root, "repository root");
  app.add_option("--mesh", mesh, "prepared double Mach mesh (relative to root)");
  app.add_option("--steps", steps, "steps to time");
  app.add_option("--orders", orders, "orders: 1 runs with the limiter, others a smooth flow");
  app.add_option("--refines", refines, "refinement levels of the mesh");
  app.add_option("--device", device, "cuda or cpu");
  Knobs knobs;
  bool no_priority = false, no_overlap_rate = false, pack_on_main = false;
  app.add_flag(
      "--no-halo-priority", no_priority,
      "run the ghosts' work on a stream of default priority (BackendConfig::halo_priority)");
  app.add_flag("--no-overlap-rate", no_overlap_rate,
               "wait for the time-step rate before the next step's launches "
               "(BackendConfig::overlap_rate)");
  app.add_flag("--pack-on-main", pack_on_main,
               "pack the ghost rows on the main stream (BackendConfig::pack_aside off)");
  CLI11_PARSE(app, argc, argv);
  knobs.pack_aside = !pack_on_main;
  knobs.halo_priority = !no_priority;
  knobs.overlap_rate = !no_overlap_rate;
  try {
    return run(root, mesh, device, steps, orders, refines, knobs);
  } catch (const tridg::UserError& e) {
    std::fprintf(stderr, "bench_mpi: %s\n", e.what());
    tridg::par::abort_all(e.code());
  }
}

int run(const std::string& root, const std::string& mesh, const std::string& device, int steps,
        const std::vector<int>& orders, const std::vector<int>& refines, const Knobs& knobs) {
  const bool root_rank = tridg::par::root();
  if (!root_rank) spdlog::set_level(spdlog::level::off);
  const int n = tridg::par::size();
  if (root_rank)
    std::printf("%5s %10s %2s %4s %6s %9s %12s %12s %9s\n", "ranks", "elements", "p", "lim",
                "steps", "ms/step", "elem-st/s", "per rank", "B/elem");
  for (const int r : refines)
    for (const int p : orders) {
      const bool limiter = p == 1;
      const std::string case_file =
          limiter ? "/cases/double_mach.toml" : "/bench/smooth_dmr_domain.toml";
      auto b = tridg::bench::make_euler_bench(
          root + case_file, root + "/" + mesh, r, p, "ssprk2", limiter, device, false, false, true,
          true, [&](tridg::BackendConfig<tridg::EulerBoundary<double>>& c) {
            c.halo_priority = knobs.halo_priority;
            c.overlap_rate = knobs.overlap_rate;
            c.pack_aside = knobs.pack_aside;
          });
      b.backend->advance(5, 1e30); // warm up (graph capture on one rank)
      tridg::par::max_all(0);      // all ranks start together
      const auto t0 = std::chrono::steady_clock::now();
      const auto st = b.backend->advance(steps, 1e30);
      const double s = tridg::par::max_all(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      const double E = b.mesh.n_elems();
      const double bytes = tridg::par::sum_all(double(b.backend->memory_bytes()));
      if (root_rank)
        std::printf("%5d %10.0f %2d %4s %6d %9.3f %12.3e %12.3e %9.0f%s\n", n, E, p,
                    limiter ? "BJ" : "-", steps, 1e3 * s / steps, E * 2 * steps / s,
                    E * 2 * steps / s / n, bytes / E, st.blew_up ? " (blew up)" : "");
    }
  return 0;
}
