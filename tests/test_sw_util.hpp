#pragma once
// Shared by the shallow-water tests: whole runs of a case into a scratch folder, the case's mesh,
// cell means and the L1 error of the depth against an exact solution.
#include <doctest/doctest.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"
#include "scratch_dir.hpp"
#include "solver/basis.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/quadrature.hpp"
#include "solver/run.hpp"

namespace tridg::swtest {

inline std::string source_path(const std::string& rel) {
  return std::string(TRIDG_SOURCE_DIR) + "/" + rel;
}

using Scratch = tridg::test::ScratchDir;

// Runs a case on the CPU (order p, refine levels; < 0: the case's own) into `out`, quietly.
inline RunResult run_sw(const std::string& case_rel, int p, int refine,
                        std::vector<std::string> overrides, const std::string& out) {
  spdlog::set_level(spdlog::level::warn);
  RunOptions opt;
  opt.case_path = source_path(case_rel);
  opt.output_dir = out;
  opt.device = "cpu";
  opt.order = p;
  opt.refine = refine;
  opt.quiet = true;
  overrides.push_back("output.hdf5=false");
  overrides.push_back("output.gmsh=false");
  opt.overrides = std::move(overrides);
  return run_case(opt);
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

// Integral of |h - exact(x, y)| over the mesh (a rule of degree 10 per element: the exact
// solutions have kinks inside elements, whose quadrature error shrinks faster than the scheme's).
inline double l1_depth_error(const Mesh& mesh, const std::vector<double>& c, int p,
                             const std::function<double(double, double)>& exact) {
  const TriangleRule rule = triangle_rule(10);
  const int E = mesh.n_elems();
  double sum = 0;
  for (int k = 0; k < E; ++k) {
    const ElementMap g = element_map(mesh, k);
    double sk = 0;
    for (std::size_t q = 0; q < rule.w.size(); ++q) {
      const double h = value(c, p, E, 0, k, rule.r[q], rule.s[q]);
      sk += rule.w[q] * std::abs(h - exact(g.x(rule.r[q], rule.s[q]), g.y(rule.r[q], rule.s[q])));
    }
    sum += sk * g.det();
  }
  return sum;
}

inline double relative_change(const RunResult& r, int v) {
  return std::abs(r.conserved_final[v] - r.conserved_initial[v]) / std::abs(r.conserved_initial[v]);
}

} // namespace tridg::swtest
