#pragma once
// Shared by the run-based tests: scratch folders, quiet CPU runs of a case, L1 errors, bitwise
// comparison.
#include <omp.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "compiled_orders.hpp"
#include "core/quadrature.hpp"
#include "differing_bits.hpp"
#include "io/mesh.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/projection.hpp"
#include "solver/run.hpp"

namespace tridg::test {

// A fresh folder under the system's temporary directory, removed with everything in it at scope
// exit (unique per process and object, so tests run in parallel do not collide).
class ScratchDir {
public:
  explicit ScratchDir(const std::string& tag) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("tridg_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string path() const { return path_.string(); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
  std::filesystem::path path_;
};

// Whether this build compiled order p in (tests/compiled_orders.hpp); tests of other orders skip.
using tridg_test::order_compiled;

using tridg_test::differing_bits;

// The whole of a text file a run wrote.
inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string source_path(const std::string& rel) {
  return std::string(TRIDG_SOURCE_DIR) + "/" + rel;
}

// run_case sets OpenMP's thread count for the run (RunOptions::threads) and leaves it set: a
// caller that runs one keeps its own count with this guard, also when the run throws.
struct KeepThreadCount {
  int n = omp_get_max_threads();
  ~KeepThreadCount() { omp_set_num_threads(n); }
};

// Runs `opt` with `--set` overrides, writing no snapshots; progress and info lines silenced.
inline RunResult run_quiet(RunOptions opt, std::vector<std::string> overrides) {
  spdlog::set_level(spdlog::level::warn);
  opt.quiet = true;
  overrides.push_back("output.hdf5=false");
  overrides.push_back("output.gmsh=false");
  opt.overrides = std::move(overrides);
  const KeepThreadCount keep;
  return run_case(opt);
}

// A case on `device` at order p (refine < 0: the case's own) into `out_dir`, as run_quiet, on
// `threads` OpenMP threads (0: run_case's own choice).
inline RunResult run_quiet_on(const std::string& device, const std::string& case_path, int p,
                              int refine, std::vector<std::string> overrides,
                              const std::string& out_dir, const std::string& mesh_path = "",
                              int threads = 0) {
  RunOptions opt;
  opt.threads = threads;
  opt.case_path = case_path;
  opt.mesh_path = mesh_path;
  opt.output_dir = out_dir;
  opt.device = device;
  opt.order = p;
  opt.refine = refine;
  return run_quiet(opt, std::move(overrides));
}

// The same on the CPU.
inline RunResult run_cpu_quiet(const std::string& case_path, int p, int refine,
                               std::vector<std::string> overrides, const std::string& out_dir,
                               const std::string& mesh_path = "", int threads = 0) {
  return run_quiet_on("cpu", case_path, p, refine, std::move(overrides), out_dir, mesh_path,
                      threads);
}

// Integral over the mesh of |u_v - exact(x, y)| with a rule of degree 10 per element: exact
// solutions with kinks or jumps inside elements are not integrated exactly, but that error
// shrinks with h faster than the scheme's.
inline double l1_error(const Mesh& mesh, const std::vector<double>& c, int p, int nvar, int v,
                       const std::function<double(double, double)>& exact) {
  const TriangleRule rule = triangle_rule(10);
  const int E = mesh.n_elems();
  std::vector<double> u(nvar);
  double sum = 0;
  for (int k = 0; k < E; ++k) {
    const ElementMap g = element_map(mesh, k);
    double sk = 0;
    for (std::size_t q = 0; q < rule.w.size(); ++q) {
      evaluate(p, nvar, E, c, k, rule.r[q], rule.s[q], u.data());
      sk +=
          rule.w[q] * std::abs(u[v] - exact(g.x(rule.r[q], rule.s[q]), g.y(rule.r[q], rule.s[q])));
    }
    sum += sk * g.det();
  }
  return sum;
}

} // namespace tridg::test
