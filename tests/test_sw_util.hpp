#pragma once
// Shared by the shallow-water tests: whole runs of a case into a scratch folder, the case's mesh,
// cell means and the L1 error of the depth against an exact solution.
#include <doctest/doctest.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/basis.hpp"
#include "core/quadrature.hpp"
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/run.hpp"
#include "solver/run_settings.hpp"
#include "test_support.hpp"

namespace tridg::swtest {

using test::source_path;

using Scratch = tridg::test::ScratchDir;

// Runs a case on the CPU (order p, refine levels; < 0: the case's own) into `out`, quietly.
inline RunResult run_sw(const std::string& case_rel, int p, int refine,
                        std::vector<std::string> overrides, const std::string& out) {
  return test::run_cpu_quiet(source_path(case_rel), p, refine, std::move(overrides), out);
}

// The run settings of the case `cfg` (loaded from `case_path`), writing into `out_dir`.
inline RunSettings case_settings(const Config& cfg, const std::string& case_path,
                                 const std::string& out_dir) {
  RunOptions opt;
  opt.case_path = case_path;
  opt.output_dir = out_dir;
  return read_run_settings(cfg, opt);
}

inline Mesh case_mesh(const std::string& mesh_rel, int refine) {
  MeshOptions mo;
  mo.refine = refine;
  return load_mesh(source_path(mesh_rel), mo);
}

// Cell mean of variable v of element k.
inline double mean(const std::vector<double>& c, int p, int E, int v, int k) {
  return std::sqrt(2.0) * c[std::size_t(v) * n_modes(p) * E + k];
}

// Value of variable v of element k at reference point (r, s).
inline double value(const std::vector<double>& c, int p, int E, int v, int k, double r, double s) {
  const auto phi = dubiner(p, r, s);
  double a = 0;
  for (int j = 0; j < n_modes(p); ++j)
    a += c[(std::size_t(v) * n_modes(p) + j) * E + k] * phi[j].phi;
  return a;
}

// Integral of |h - exact(x, y)| over the mesh.
inline double l1_depth_error(const Mesh& mesh, const std::vector<double>& c, int p,
                             const std::function<double(double, double)>& exact) {
  return test::l1_error(mesh, c, p, 3, 0, exact);
}

// The kinds of cells of a state (the mean depth <= 0: dry; else flat, all higher depth modes
// zero: shore; else wet), for tests that must cover all three.
struct CellKinds {
  int dry = 0, shore = 0, wet = 0;
};
inline CellKinds cell_kinds(const std::vector<double>& c, int p, int E) {
  CellKinds n;
  for (int k = 0; k < E; ++k) {
    bool flat = true;
    for (int j = 1; j < n_modes(p); ++j) flat = flat && c[std::size_t(j) * E + k] == 0;
    if (mean(c, p, E, 0, k) <= 0)
      ++n.dry;
    else if (flat)
      ++n.shore;
    else
      ++n.wet;
  }
  return n;
}

// A lake case must really contain all three kinds of cells, or it tests less than it says.
inline void check_all_kinds(const CellKinds& n) {
  CHECK(n.dry > 0);
  CHECK(n.shore > 0);
  CHECK(n.wet > 0);
}

// The largest momentum coefficient (variables 1 and 2, every mode).
inline double max_momentum(const std::vector<double>& c, int p, int E) {
  double q = 0;
  for (std::size_t i = std::size_t(n_modes(p)) * E; i < c.size(); ++i)
    q = std::max(q, std::abs(c[i]));
  return q;
}

inline double relative_change(const RunResult& r, int v) {
  return std::abs(r.conserved_final[v] - r.conserved_initial[v]) / std::abs(r.conserved_initial[v]);
}

} // namespace tridg::swtest
