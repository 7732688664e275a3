// GPU benchmark of whole Runge-Kutta steps on the double Mach reflection domain: time per step,
// element- and DOF-stages per second, memory per element, and each kernel's bandwidth against
// its compulsory bytes and a copy-bandwidth measurement made in the same run.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cuda_profiler_api.h>
#include <limits>
#include <map>

#include "backends/convert.hpp"
#include "backends/cuda/cuda_backend.hpp"
#include "bench/bench_common.hpp"
#include "core/basis.hpp"
#include "kernels/dg_limiter.hpp"

namespace {

struct Case {
  int refine, order;
  std::string scheme;
  bool limiter;
};

// Compulsory bytes per launch of each kernel kind (each input read once, each output written
// once), with real_bytes per floating-point value.
std::map<std::string, double> byte_model(const tridg::Mesh& m, int p, bool limiter,
                                         const std::string& scheme, int real_bytes) {
  const double E = m.n_elems(), Ed = m.n_edges(), NB = m.n_boundary_edges, Ei = Ed - NB;
  const double NP = (p + 1) * (p + 2) / 2, NF = p + 1, M = 4, R = real_bytes;
  const double state = E * M * NP * R;
  const double flux_b = NB * M * NF * R, flux_i = Ei * M * NF * R;
  std::map<std::string, double> b;
  // edges: traces read the state (once, if the cache serves the second element), edge data
  // (left/right, sides, normal, length; boundary endpoints), flux written
  b["edges"] = state + Ei * (2 * 4 + 1 + 3 * R) + NB * (4 + 1 + 3 * R + 4 * R) + flux_b + flux_i;
  const bool acc = scheme == "rk4";
  // elements: stage state in, step-start state in (all but the first stage), fluxes of the
  // three sides, geometry and faces, new state out (+ accumulator for RK4)
  b["elements"] = state * (acc ? 4.5 : 2.5) + flux_b + flux_i + E * (5 * R + 3 * 4);
  // limiter: own modes, neighbour averages (through faces and edges), inscribed radius; writes
  // only where it limits (data dependent, not counted)
  if (limiter) b["limiter"] = state + E * (3 * 4 + 3 * 4 + R);
  return b;
}

// Of the current state at p = 1: the share of cells whose slopes stay within half the limiter's
// rounding band (which skip the Barth-Jespersen patch: kernels/dg_limiter.hpp; the double Mach
// case sets no TVB slack), and of warps (32 consecutive elements) in which every cell does.
std::pair<double, double> within_band_shares(tridg::Backend<tridg::EulerBoundary<double>>& backend,
                                             int n_elems) {
  constexpr int NP = tridg::Order<1>::NP;
  const auto T = tridg::to_dg_tables<1, double>(tridg::make_basis_tables(1));
  std::vector<double> c;
  backend.get_state(c);
  long cells = 0, warps = 0, warp_all = 0;
  bool all = true;
  for (int k = 0; k < n_elems; ++k) {
    double u[4][NP];
    for (int v = 0; v < 4; ++v)
      for (int j = 0; j < NP; ++j) u[v][j] = c[(std::size_t(v) * NP + j) * n_elems + k];
    const bool within = tridg::largest_deviation<1>(T, u) <= 0.5 * tridg::rounding_band(u);
    cells += within;
    all = all && within;
    if (k % 32 == 31 || k == n_elems - 1) {
      ++warps;
      warp_all += all;
      all = true;
    }
  }
  return {double(cells) / n_elems, double(warp_all) / warps};
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"tridg GPU benchmark"};
  std::string root = ".", mesh = "bench/meshes/dmr_100k.h5";
  int steps = 50;
  bool small = false, shock_flow = false, positivity = false, no_overlap = false,
       separate_limiter = false;
  app.add_option("--root", root, "repository root");
  app.add_option("--mesh", mesh, "prepared double Mach mesh (relative to root)");
  app.add_option("--steps", steps, "steps to time");
  app.add_flag("--small", small, "also the 10k-triangle launch-overhead case");
  app.add_flag("--shock-flow", shock_flow,
               "p >= 2 on the double Mach flow (shocks; no slope limiter, the positivity fix on) "
               "instead of the smooth one");
  app.add_flag("--positivity", positivity,
               "p >= 2 with the positivity fix on (no slope limiter) on the smooth flow too: what "
               "the fix costs where it changes nothing, against --shock-flow");
  app.add_flag("--no-overlap", no_overlap,
               "launch the step's kernels without programmatic dependent launch (to compare)");
  bool profile_timed = false;
  app.add_flag("--profile-timed", profile_timed,
               "open the profiler's range (cudaProfilerStart) only around the timed steps: "
               "ncu --profile-from-start off then sees those launches alone");
  app.add_flag("--separate-limiter", separate_limiter,
               "run the positivity fix as a pass of its own even without a slope limiter");
  double develop = 0;
  app.add_option("--develop", develop,
                 "advance the double Mach flow untimed to this time first (the limited p = 1 "
                 "runs): times the developed flow's step instead of the first steps', where most "
                 "cells are still uniform");
  std::vector<int> orders = {1, 2, 3, 4}, refines = {0, 1, 2};
  std::vector<std::string> schemes = {"ssprk2", "rk4"};
  std::string precision = "double";
  app.add_option("--precision", precision, "double or single")
      ->check(CLI::IsMember({"double", "single"}));
  app.add_option("--orders", orders, "orders to run");
  app.add_option("--refines", refines, "refinement levels of the mesh to run");
  app.add_option("--schemes", schemes, "time schemes to run");
  CLI11_PARSE(app, argc, argv);
  const double copy_bw = tridg::cuda_copy_bandwidth(std::size_t(1) << 30);
  std::printf("GPU: %s\ncopy bandwidth (read+write): %.0f GB/s\nprecision: %s\nlaunches: %s\n\n",
              tridg::cuda_device_description(0).c_str(), copy_bw / 1e9, precision.c_str(),
              no_overlap ? "one after the other" : "overlapped (programmatic dependent launch)");
  std::vector<Case> cases;
  auto wanted = [&](int p, const std::string& sc) {
    return std::count(orders.begin(), orders.end(), p) &&
           std::count(schemes.begin(), schemes.end(), sc);
  };
  for (int r : refines) {
    // p = 1 with the limiter (SSP-RK2); p = 2, 3, 4 without, with SSP-RK2 and RK4
    if (wanted(1, "ssprk2")) cases.push_back({r, 1, "ssprk2", true});
    for (const std::string sc : {"ssprk2", "rk4"})
      for (int p : {2, 3, 4})
        if (wanted(p, sc)) cases.push_back({r, p, sc, false});
  }
  std::printf("%-9s %2s %-7s %3s %6s %9s %12s %12s %8s %9s %8s\n", "elements", "p", "scheme", "lim",
              "steps", "ms/step", "elem-st/s", "DOF-st/s", "B/elem", "stage GB/s", "of copy");
  std::vector<std::string> detail;
  for (const Case& c : cases) {
    // shocks need the limiter; the unlimited orders run a smooth flow on the same mesh, or with
    // --shock-flow the shocks themselves (what the edges' and elements' branches cost there)
    const std::string case_file =
        c.limiter || shock_flow ? "/cases/double_mach.toml" : "/bench/smooth_dmr_domain.toml";
    auto b = tridg::bench::make_euler_bench(
        root + case_file, root + "/" + mesh, c.refine, c.order, c.scheme, c.limiter, "cuda",
        precision == "single", shock_flow || positivity, !no_overlap, !separate_limiter);
    const int stages = int(tridg::make_scheme(c.scheme).size());
    if (c.limiter && develop > 0) {
      // advance() launches the steps the current dt needs; the flow's dt shrinks as it develops
      tridg::StepStatus d;
      do d = b.backend->advance(std::numeric_limits<std::int64_t>::max(), develop);
      while (d.t < develop && !d.blew_up);
      std::printf("(developed to t = %g in %lld steps first%s)\n", d.t, (long long)d.steps,
                  d.blew_up ? ", blew up" : "");
    }
    b.backend->advance(5, 1e30); // warm up, capture the graph
    if (profile_timed) cudaProfilerStart();
    const auto t0 = std::chrono::steady_clock::now();
    const auto st = b.backend->advance(steps, 1e30);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (profile_timed) cudaProfilerStop();
    if (st.blew_up) std::printf("(blew up)\n");
    if (c.limiter && c.order == 1) {
      const auto [cells, warps] = within_band_shares(*b.backend, b.mesh.n_elems());
      std::printf("(within the limiter's rounding band: %.1f%% of cells, %.1f%% of warps)\n",
                  100 * cells, 100 * warps);
    }
    const double E = b.mesh.n_elems(), ms = 1e3 * s / steps;
    const auto model =
        byte_model(b.mesh, c.order, c.limiter, c.scheme, precision == "single" ? 4 : 8);
    double stage_bytes = 0;
    for (const auto& [k, v] : model) stage_bytes += v;
    const double step_bytes = stage_bytes * stages;
    std::printf("%-9d %2d %-7s %3s %6d %9.3f %12.3e %12.3e %8.0f %9.0f %7.0f%%\n", int(E), c.order,
                c.scheme.c_str(), c.limiter ? "BJ" : "-", steps, ms, E * stages * steps / s,
                E * b.n_modes * stages * steps / s, double(b.backend->memory_bytes()) / E,
                step_bytes / (ms * 1e-3) / 1e9, 100 * step_bytes / (ms * 1e-3) / copy_bw);
    // per-kernel times from a profiled (uncaptured) run
    b.backend->enable_profiling(true);
    b.backend->advance(10, 1e30);
    for (const auto& [name, kms] : b.backend->kernel_times()) {
      const double per_launch = kms / 10 / (name == "dt reduction" ? 1 : stages);
      const auto it = model.find(name);
      const double bytes = it == model.end() ? 0 : it->second;
      char line[256];
      std::snprintf(line, sizeof line,
                    "  %-9d p=%d %-7s %-15s %8.4f ms/launch %8.0f GB/s %5.0f%% of copy", int(E),
                    c.order, c.scheme.c_str(), name.c_str(), per_launch,
                    bytes / (per_launch * 1e-3) / 1e9, 100 * bytes / (per_launch * 1e-3) / copy_bw);
      detail.push_back(line);
    }
  }
  std::printf("\nper kernel (profiled, uncaptured launches; bytes = compulsory model):\n");
  for (const auto& l : detail) std::printf("%s\n", l.c_str());
  if (small) {
    auto b = tridg::bench::make_euler_bench(root + "/cases/double_mach.toml",
                                            root + "/meshes/prepared/double_mach.h5", 0, 1,
                                            "ssprk2", true, "cuda", false, false, !no_overlap);
    b.backend->advance(5, 1e30);
    const auto t0 = std::chrono::steady_clock::now();
    b.backend->advance(500, 1e30);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("\nsmall mesh: %d elements, p=1 BJ ssprk2: %.4f ms/step (CUDA graph)\n",
                b.mesh.n_elems(), 1e3 * s / 500);
  }
  return 0;
}
