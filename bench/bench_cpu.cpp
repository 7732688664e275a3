// CPU backend throughput: element right-hand-side evaluations per second per core on the
// isentropic vortex (RK4, no limiter, no output).
#include <omp.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>

#include "bench/bench_common.hpp"

int main(int argc, char** argv) {
  CLI::App app{"tridg CPU benchmark"};
  std::string root = ".", mesh = "meshes/isentropic_vortex.geo";
  int refine = 4, steps = 10;
  std::vector<int> orders = {1, 2};
  app.add_option("--root", root, "repository root");
  app.add_option("--mesh", mesh, "mesh (relative to root)");
  app.add_option("--refine", refine, "uniform refinements");
  app.add_option("--steps", steps, "RK4 steps to time");
  app.add_option("--orders", orders, "orders");
  CLI11_PARSE(app, argc, argv);
  const int threads = omp_get_max_threads();
  std::printf("%-3s %10s %8s %10s %14s %18s\n", "p", "elements", "threads", "s/step", "elem-RHS/s",
              "elem-RHS/s/core");
  for (int p : orders) {
    auto b = tridg::bench::make_euler_bench(root + "/cases/isentropic_vortex.toml",
                                            root + "/" + mesh, refine, p, "rk4", false, "cpu");
    omp_set_num_threads(threads);
    b.backend->advance(1, 1e30); // warm up
    const auto t0 = std::chrono::steady_clock::now();
    b.backend->advance(steps, 1e30);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double rate = double(b.mesh.n_elems()) * 4 * steps / s;
    std::printf("%-3d %10d %8d %10.4f %14.3e %18.3e\n", p, b.mesh.n_elems(), threads, s / steps,
                rate, rate / threads);
  }
  return 0;
}
