// Free-stream preservation: a uniform flow on a mesh of randomly distorted straight-sided
// triangles stays uniform to round-off at every order. The volume rule (degree 2p) and the edge
// rule (p+1 Gauss points) integrate the constant flux against the basis exactly, so any drift
// above round-off would point at inconsistent metrics, normals or tables.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>

#include "compiled_orders.hpp"
#include "euler_test_util.hpp"
#include "io/mesh_h5.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

// rho = 1.2, u = 0.3, v = -0.2, p = 1 everywhere and as the far-field state.
const char* const freestream_case = R"([physics]
type = "euler"
gamma = 1.4

[mesh]
file = "perturbed.h5"

[discretization]
order = 1

[time]
scheme = "ssprk3"
cfl = 0.9
steps = 20

[initial]
type = "constant"
rho = 1.2
u = 0.3
v = -0.2
p = 1.0

[boundary.boundary]
type = "farfield"
rho = 1.2
u = 0.3
v = -0.2
p = 1.0
)";

// Largest |C - C_exact| over all coefficients: the constant mode of a uniform state u is
// u / sqrt(2) (the constant basis function is sqrt(2)), every other mode is zero.
double deviation(const std::vector<double>& c, int p, int E) {
  const double gamma = 1.4, w[4] = {1.2, 0.3, -0.2, 1.0};
  double u[4];
  euler_conserved(gamma, w, u);
  const int np = n_modes(p);
  REQUIRE(c.size() == std::size_t(4) * np * E);
  double worst = 0;
  for (int v = 0; v < 4; ++v)
    for (int j = 0; j < np; ++j)
      for (int k = 0; k < E; ++k) {
        const double exact = j == 0 ? u[v] / std::sqrt(2.0) : 0.0;
        worst = std::max(worst, std::abs(c[(std::size_t(v) * np + j) * E + k] - exact));
      }
  return worst / u[3]; // relative to the largest component, the energy (about 2.58)
}

} // namespace

TEST_CASE("a uniform flow stays uniform on a randomly distorted mesh, p = 1..4") {
  ScratchDir dir("freestream");
  const Mesh base = load_mesh(source_path("meshes/unit_square.geo"));
  const Mesh mesh = perturb_interior(base, 0.2, 20240611u);
  const int E = mesh.n_elems();
  REQUIRE(E == base.n_elems());
  // The perturbation is real: most interior nodes moved by a good part of their shortest edge.
  double moved = 0;
  for (int v = 0; v < mesh.n_nodes(); ++v)
    moved = std::max(moved, std::hypot(mesh.x[v] - base.x[v], mesh.y[v] - base.y[v]));
  CHECK(moved > 0.01); // the finest edges are about 0.024 long
  for (int k = 0; k < E; ++k) REQUIRE(element_map(mesh, k).det() > 0);
  write_mesh_h5(mesh, dir.file("perturbed.h5"));
  {
    std::ofstream f(dir.file("freestream.toml"));
    f << freestream_case;
  }
  for (int p = 1; p <= 4; ++p)
    for (const char* flux : {"hllc", "roe", "rusanov"}) {
      CAPTURE(p);
      TRIDG_SKIP_ORDER(p, continue)
      CAPTURE(flux);
      const RunResult r = run_quiet(dir.file("freestream.toml"), p, -1,
                                    {std::string("discretization.flux=\"") + flux + "\""});
      CHECK(r.steps == 20);
      // 20 steps of three stages, each a sum of O(10) flux terms of size O(1) per coefficient:
      // round-off is a few 1e-15; 1e-12 leaves room for that and nothing else.
      CHECK(deviation(r.final_state, p, E) < 1e-12);
    }
  // The limiter must not disturb a uniform state either.
  const RunResult lim = run_quiet(dir.file("freestream.toml"), 2, -1,
                                  {"limiter.type=\"barth_jespersen\"", "limiter.positivity=true"});
  CHECK(deviation(lim.final_state, 2, E) < 1e-12);
}
