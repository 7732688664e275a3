#pragma once
// Shared by the implicit-scheme tests: a case's Euler operator (mesh, boundary conditions, the
// projected initial state) built the way a run builds it, for unit-level checks of the residual,
// the Jacobian and the linear solvers.
#include <random>
#include <string>
#include <vector>

#include "backends/implicit/dg_operator.hpp"
#include "core/dg_basis_tables.hpp"
#include "io/mesh_loader.hpp"
#include "physics/euler/case.hpp"
#include "physics/euler/euler.hpp"
#include "solver/backend_factory.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/projection.hpp"
#include "solver/run_settings.hpp"
#include "test_support.hpp"

namespace tridg::test {

struct EulerCase {
  Mesh mesh;
  Problem<4> problem;
  BackendConfig<4> config;
  MeshArrays arrays;
  std::vector<double> initial; // projected initial state
};

inline EulerCase euler_case(const std::string& case_path, int p, int refine = 0,
                            std::vector<std::string> overrides = {}) {
  const Config cfg = Config::load(case_path, overrides);
  RunOptions opt;
  opt.order = p;
  const RunSettings s = read_run_settings(cfg, opt);
  MeshOptions mo;
  mo.size_factor = s.mesh_size;
  mo.refine = refine;
  EulerCase c{load_mesh(s.mesh_path, mo), {}, {}, {}, {}};
  c.problem = make_euler_problem(cfg, c.mesh, p, read_euler_physics(cfg));
  c.config = make_backend_config(s, c.problem);
  c.arrays = make_mesh_arrays(c.mesh);
  c.initial = project(c.mesh, p, 4, c.problem.initial);
  return c;
}

// Uniform random numbers in [-1, 1) from mt19937's fixed sequence.
inline std::vector<double> random_vector(std::size_t n, std::uint32_t seed) {
  std::mt19937 gen(seed);
  std::vector<double> v(n);
  for (double& x : v) x = 2.0 * (double(gen()) / 4294967296.0) - 1.0;
  return v;
}

} // namespace tridg::test
