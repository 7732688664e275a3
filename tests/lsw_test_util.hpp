#pragma once
// Shared by the linearised shallow-water tests: runs, the discrete energy, the standing wave's
// mode amplitude and cases written on the fly.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "core/quadrature.hpp"
#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/projection.hpp"
#include "test_support.hpp"

namespace tridg::lswtest {

using test::source_path;
using Scratch = test::ScratchDir;

inline RunResult run_case(const std::string& case_path, int p, int refine,
                          std::vector<std::string> overrides, const std::string& out) {
  return test::run_cpu_quiet(case_path, p, refine, std::move(overrides), out);
}

// meshes/unit_square.geo with its sizes times `size` (cases/standing_wave.toml: 4), refined.
inline Mesh square_mesh(int refine, double size = 4.0) {
  MeshOptions mo;
  mo.size_factor = size;
  mo.refine = refine;
  return load_mesh(source_path("meshes/unit_square.geo"), mo);
}

// Integral over the mesh of f(x, y, u) with a rule of degree 2p + 2 (exact for the energy over
// a depth of degree <= 2 when H is constant).
inline double integrate(const Mesh& mesh, const std::vector<double>& c, int p,
                        const std::function<double(double, double, const double*)>& f) {
  const TriangleRule rule = triangle_rule(2 * p + 2);
  const int E = mesh.n_elems();
  double u[3], sum = 0;
  for (int k = 0; k < E; ++k) {
    const ElementMap g = element_map(mesh, k);
    double sk = 0;
    for (std::size_t q = 0; q < rule.w.size(); ++q) {
      evaluate(p, 3, E, c, k, rule.r[q], rule.s[q], u);
      sk += rule.w[q] * f(g.x(rule.r[q], rule.s[q]), g.y(rule.r[q], rule.s[q]), u);
    }
    sum += sk * g.det();
  }
  return sum;
}

// The energy sum (g eta^2 + |q|^2 / H) / 2 of a state over depth H(x, y).
inline double energy(const Mesh& mesh, const std::vector<double>& c, int p, double g,
                     const std::function<double(double, double)>& H) {
  return integrate(mesh, c, p, [&](double x, double y, const double* u) {
    return 0.5 * (g * u[0] * u[0] + (u[1] * u[1] + u[2] * u[2]) / H(x, y));
  });
}

// Projection of eta onto the (1, 1) mode cos(pi x) cos(pi y) of the unit square, divided by the
// mode's squared norm 1/4: the amplitude A cos(w t) of that mode.
inline double mode_amplitude(const Mesh& mesh, const std::vector<double>& c, int p) {
  const double pi = std::numbers::pi;
  return 4 * integrate(mesh, c, p, [&](double x, double y, const double* u) {
           return u[0] * std::cos(pi * x) * std::cos(pi * y);
         });
}

inline std::string write_case(const Scratch& dir, const std::string& name,
                              const std::string& text) {
  const std::string path = dir.file(name);
  std::ofstream(path) << text;
  return path;
}

} // namespace tridg::lswtest
