// Source terms of the shallow-water policy on a flat bed in a periodic square, where the exact
// solutions are spatially uniform: the f-plane inertial oscillation (u, v) = u0 (cos ft, -sin ft),
// Manning friction u(t) = u0 / (1 + k u0 t) with k = g n^2 / h^(4/3), friction in water so thin
// that explicit friction would be unstable (dt times the rate is about 20: the cap keeps the
// velocity between 0 and u0), and the beta-plane parameter at the quadrature points.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>

#include "core/dg_basis_tables.hpp"
#include "physics/shallow_water/bed.hpp"
#include "solver/mesh_arrays.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

// A periodic 10 x 10 square (about 150 elements), flat bed at -depth, uniform flow u0 along x.
RunResult run_uniform(const Scratch& dir, double depth, double u0, const std::string& physics,
                      double t_end) {
  const std::string case_path = dir.file("case.toml");
  std::ofstream(case_path) << "[physics]\ntype = \"shallow_water\"\n"
                           << physics << "\n[mesh]\nfile = \""
                           << source_path("meshes/isentropic_vortex.geo")
                           << "\"\n[time]\nend = " << t_end
                           << "\n[bathymetry]\nelevation = " << -depth
                           << "\n[initial]\ntype = \"level\"\nu = " << u0
                           << "\n[boundary.all]\ntype = \"periodic\"\n";
  spdlog::set_level(spdlog::level::warn);
  RunOptions opt;
  opt.case_path = case_path;
  opt.output_dir = dir.file("out");
  opt.device = "cpu";
  opt.quiet = true;
  opt.overrides = {"output.hdf5=false", "output.gmsh=false"};
  return run_case(opt);
}

} // namespace

TEST_CASE("f-plane: a uniform current turns at the inertial frequency") {
  Scratch dir("coriolis");
  const double f = 0.5, u0 = 0.1, t = 2.0;
  const RunResult r = run_uniform(dir, 1.0, u0, "coriolis = { f0 = " + std::to_string(f) + " }", t);
  const double area = 100, vol = r.conserved_final[0];
  CHECK(vol == doctest::Approx(area).epsilon(1e-14));
  // Mean momentum over the mean depth 1: the exact velocity within RK2's phase error.
  CHECK(r.conserved_final[1] / vol == doctest::Approx(u0 * std::cos(f * t)).epsilon(1e-4));
  CHECK(r.conserved_final[2] / vol == doctest::Approx(-u0 * std::sin(f * t)).epsilon(1e-4));
}

TEST_CASE("Manning friction slows a uniform current as 1 / (1 + k u0 t)") {
  Scratch dir("manning");
  const double n = 0.03, h = 0.5, u0 = 1, t = 10;
  const RunResult r = run_uniform(dir, h, u0, "manning = " + std::to_string(n), t);
  const double k = 9.81 * n * n / std::pow(h, 4.0 / 3.0);
  const double u = r.conserved_final[1] / r.conserved_final[0];
  MESSAGE("u(10) = " << u << ", exact " << u0 / (1 + k * u0 * t));
  CHECK(u == doctest::Approx(u0 / (1 + k * u0 * t)).epsilon(1e-3));
}

TEST_CASE("friction in very thin water stays stable: the flow stops, never reverses") {
  Scratch dir("thin");
  const RunResult r = run_uniform(dir, 1e-3, 1.0, "manning = 0.05\ndry_depth = 1e-6", 2.0);
  const int E = int(r.final_state.size() / 9);
  for (int k = 0; k < E; ++k) {
    const double h = mean(r.final_state, 1, E, 0, k), u = mean(r.final_state, 1, E, 1, k) / h;
    CHECK(u >= -1e-12);
    CHECK(u <= 0.05); // the exact u(2) is 0.002; rate times dt is about 20
  }
}

TEST_CASE("beta plane: f = f0 + beta (y - y0) at the volume points") {
  MeshOptions mo;
  const Mesh mesh = load_mesh(source_path("meshes/lake.geo"), mo);
  const int p = 2;
  Coriolis cor;
  cor.f0 = 1e-4;
  cor.beta = 2e-3;
  cor.y0 = 0.5;
  const SwBed bed(mesh, p, Bathymetry(-1.0), 9.81, cor);
  MeshArrays a;
  bed.fill(a);
  const SwAuxLayout& L = bed.layout();
  const TriangleRule vr = triangle_rule(2 * p);
  const int E = mesh.n_elems();
  for (int k = 0; k < E; k += 17)
    for (int q = 0; q < L.nq; ++q) {
      const double y = element_map(mesh, k).y(vr.r[q], vr.s[q]);
      CHECK(a.aux[std::size_t(L.coriolis() + q) * E + k] ==
            doctest::Approx(cor.f0 + cor.beta * (y - cor.y0)));
    }
}
