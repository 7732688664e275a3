#pragma once
// Shared by the Euler verification tests: whole runs of a case into a scratch folder, convergence
// rates, meshes modified in code, a CPU backend for unit-level checks and the solution's values
// at the points the kernels use.
#include <doctest/doctest.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "backends/cpu/cpu_backend.hpp"
#include "core/basis.hpp"
#include "core/dg_basis_tables.hpp"
#include "core/quadrature.hpp"
#include "io/connectivity.hpp"
#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"
#include "io/raw_mesh.hpp"
#include "physics/euler/euler.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/projection.hpp"
#include "solver/run.hpp"
#include "test_support.hpp"

namespace tridg::test {

// Runs a case on the CPU at order p (refine < 0: the case's own) with `--set` overrides, writing
// only summary.json into a scratch folder, on `threads` threads (0: run_case's choice). The
// progress and info lines are silenced.
inline RunResult run_quiet(const std::string& case_path, int p, int refine,
                           std::vector<std::string> overrides, const std::string& mesh_path = "",
                           int threads = 0) {
  ScratchDir out("run");
  return run_cpu_quiet(case_path, p, refine, std::move(overrides), out.path(), mesh_path, threads);
}

// Root mean square difference of two coefficient vectors.
inline double rms_diff(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(s / double(a.size()));
}

// Observed order between two meshes of which the second is one uniform 1 -> 4 refinement of the
// first (h halves).
inline double rate(double e_coarse, double e_fine) {
  return std::log2(e_coarse / e_fine);
}

// The RawMesh a Mesh was built from (boundary groups and arcs kept; not for periodic meshes),
// so that a modified copy can go through build_connectivity again.
inline RawMesh to_raw(const Mesh& m, const std::string& source) {
  REQUIRE(m.n_periodic_edges == 0);
  RawMesh r;
  r.source = source;
  r.x = m.x;
  r.y = m.y;
  r.tri = m.tri;
  for (const BoundaryGroup& g : m.groups) {
    auto& segs = r.boundary[g.name];
    for (std::int32_t e = g.first; e < g.first + g.count; ++e)
      segs.push_back({m.edges[e].n0, m.edges[e].n1});
    if (g.arc) r.arcs[g.name] = *g.arc;
  }
  return r;
}

// Moves every node that is not on the boundary by a random vector of length up to `fraction`
// times the node's shortest edge (edges stay straight: the elements are still triangles), and
// rebuilds the connectivity, so normals, lengths and Jacobians are those of the new mesh. The
// random numbers are drawn from mt19937 directly, whose sequence the standard fixes.
inline Mesh perturb_interior(const Mesh& m, double fraction, std::uint32_t seed) {
  RawMesh r = to_raw(m, "perturbed mesh");
  const int n = m.n_nodes();
  std::vector<double> shortest(n, HUGE_VAL);
  std::vector<char> on_boundary(n, 0);
  for (std::int32_t e = 0; e < m.n_edges(); ++e) {
    const Edge& ed = m.edges[e];
    const double len = std::hypot(m.x[ed.n1] - m.x[ed.n0], m.y[ed.n1] - m.y[ed.n0]);
    for (const int v : {ed.n0, ed.n1}) shortest[v] = std::min(shortest[v], len);
    if (e < m.n_boundary_edges) on_boundary[ed.n0] = on_boundary[ed.n1] = 1;
  }
  std::mt19937 gen(seed);
  const auto uniform = [&gen] { return double(gen()) / 4294967296.0; }; // [0, 1)
  for (int v = 0; v < n; ++v) {
    const double radius = fraction * shortest[v] * uniform();
    const double angle = 6.283185307179586 * uniform();
    if (on_boundary[v]) continue;
    r.x[v] += radius * std::cos(angle);
    r.y[v] += radius * std::sin(angle);
  }
  return build_connectivity(r);
}

// A CPU backend for the Euler equations on `mesh` at order p (forward-Euler stages are never
// run by the tests that use it: they call limit() and the state accessors).
inline std::unique_ptr<Backend<EulerBoundary<double>>>
make_euler_backend(const Mesh& mesh, int p, const LimiterParams<double>& limiter) {
  BackendConfig<EulerBoundary<double>> cfg;
  cfg.order = p;
  cfg.limiter = limiter;
  return make_cpu_backend(EulerPhysics<double, EulerHllc>{}, make_basis_tables(p),
                          make_mesh_arrays(mesh), cfg);
}

// A point in the reference triangle.
struct RefPoint {
  double r, s;
};

// The p+1 Gauss points of each of the three sides (the points the limiter and the edge fluxes
// use).
inline std::vector<RefPoint> edge_points(int p) {
  const LineRule lr = gauss_legendre(p + 1);
  std::vector<RefPoint> pts;
  for (int side = 0; side < 3; ++side)
    for (const double t : lr.t) {
      RefPoint q{};
      side_point(side, t, q.r, q.s);
      pts.push_back(q);
    }
  return pts;
}

// The volume points of the degree-2p rule (those of the kernels and the positivity fix).
inline std::vector<RefPoint> volume_points(int p) {
  const TriangleRule tr = triangle_rule(2 * p);
  std::vector<RefPoint> pts;
  for (std::size_t q = 0; q < tr.w.size(); ++q) pts.push_back({tr.r[q], tr.s[q]});
  return pts;
}

// The four conserved variables of element k at a reference point.
inline std::array<double, 4> state_at(const std::vector<double>& c, int p, int n_elems, int k,
                                      const RefPoint& q) {
  std::array<double, 4> u{};
  evaluate(p, 4, n_elems, c, k, q.r, q.s, u.data());
  return u;
}

// Cell average of variable v in element k (the constant mode is sqrt(2) on the reference
// triangle of area 1/2).
inline double cell_average(const std::vector<double>& c, int p, int n_elems, int v, int k) {
  return std::sqrt(2.0) * c[std::size_t(v) * n_modes(p) * n_elems + k];
}

} // namespace tridg::test
