#pragma once
// Shared by the implicit-scheme tests: a case's operator inputs (mesh, boundary conditions, the
// physics' mesh data, the initial state) built the way a run builds them, for unit-level checks of
// the residual, the Jacobian and the linear solvers.
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "backends/implicit/dg_operator.hpp"
#include "core/dg_basis_tables.hpp"
#include "io/mesh_loader.hpp"
#include "physics/euler/case.hpp"
#include "physics/euler/euler.hpp"
#include "physics/linear_shallow_water/case.hpp"
#include "physics/shallow_water/case.hpp"
#include "solver/backend_factory.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/projection.hpp"
#include "solver/run_settings.hpp"
#include "test_support.hpp"

namespace tridg::test {

template <class Bc> struct ImplicitCase {
  Mesh mesh;
  Problem<Bc> problem;
  BackendConfig<Bc> config;
  MeshArrays arrays;
  std::vector<double> initial; // the run's initial state
};
using EulerCase = ImplicitCase<EulerBoundary<double>>;

// A case file's settings at order p, and its mesh.
inline std::pair<RunSettings, Mesh> case_setup(const Config& cfg, int p, int refine = 0) {
  RunOptions opt;
  opt.order = p;
  const RunSettings s = read_run_settings(cfg, opt);
  MeshOptions mo;
  mo.size_factor = s.mesh_size;
  mo.refine = refine;
  return {s, load_mesh(s.mesh_path, mo)};
}

// The rest from the problem, as the run driver does it. The problem's functions may refer to the
// mesh they were made on (a shallow-water initial state does): they are called here, before the
// mesh moves into the case, and not after.
template <class Bc>
ImplicitCase<Bc> implicit_case(Mesh& mesh, Problem<Bc> problem, const RunSettings& s, int p) {
  ImplicitCase<Bc> c;
  const int M = int(problem.var_names.size());
  c.config = make_backend_config(s, problem);
  c.arrays = make_mesh_arrays(mesh);
  if (problem.mesh_data) problem.mesh_data(c.arrays);
  c.initial =
      problem.initial_coeffs ? problem.initial_coeffs() : project(mesh, p, M, problem.initial);
  c.problem = std::move(problem);
  c.mesh = std::move(mesh);
  return c;
}

inline EulerCase euler_case(const std::string& case_path, int p, int refine = 0,
                            std::vector<std::string> overrides = {}) {
  const Config cfg = Config::load(case_path, overrides);
  auto [s, mesh] = case_setup(cfg, p, refine);
  Problem<EulerBoundary<double>> pb = make_euler_problem(cfg, mesh, p, read_euler_physics(cfg));
  return implicit_case(mesh, std::move(pb), s, p);
}

// A shallow-water case and its physics' settings.
struct SwTestCase {
  ImplicitCase<SwBoundary<double>> c;
  SwSettings<double> phys;
};
inline SwTestCase sw_case(const std::string& case_path, int p,
                          std::vector<std::string> overrides = {}) {
  const Config cfg = Config::load(case_path, overrides);
  auto [s, mesh] = case_setup(cfg, p);
  SwCase sc = make_sw_case(cfg, s, mesh);
  return {implicit_case(mesh, std::move(sc.problem), sc.settings, p), sc.phys};
}

// A linearised shallow-water case and its physics' settings.
struct LswTestCase {
  ImplicitCase<LswBoundary<double>> c;
  LswState<double> phys;
};
inline LswTestCase lsw_case(const std::string& case_path, int p,
                            std::vector<std::string> overrides = {}) {
  const Config cfg = Config::load(case_path, overrides);
  auto [s, mesh] = case_setup(cfg, p);
  LswCase lc = make_lsw_case(cfg, s, mesh);
  return {implicit_case(mesh, std::move(lc.problem), s, p), lc.phys};
}

// Uniform random numbers in [-1, 1) from mt19937's fixed sequence.
inline std::vector<double> random_vector(std::size_t n, std::uint32_t seed) {
  std::mt19937 gen(seed);
  std::vector<double> v(n);
  for (double& x : v) x = 2.0 * (double(gen()) / 4294967296.0) - 1.0;
  return v;
}

} // namespace tridg::test
