#include "solver/projection.hpp"

#include <algorithm>
#include <cmath>

#include "core/basis.hpp"
#include "core/quadrature.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/parallel_for.hpp"

namespace tridg {

namespace {

struct Tabulated {
  TriangleRule rule;
  std::vector<std::vector<BasisValue>> phi; // [q][mode]
};

Tabulated tabulate(int p, int degree) {
  Tabulated t{triangle_rule(degree), {}};
  for (std::size_t q = 0; q < t.rule.w.size(); ++q)
    t.phi.push_back(dubiner(p, t.rule.r[q], t.rule.s[q]));
  return t;
}

} // namespace

std::vector<double> project(const Mesh& mesh, int p, int nvar, const PointFunction& f,
                            bool thread_safe) {
  const int np = n_modes(p), E = mesh.n_elems();
  const Tabulated t = tabulate(p, 2 * p + 2);
  std::vector<double> c(std::size_t(nvar) * np * E, 0.0);
  // Each element's coefficients are its own sums, in the same order on any number of threads.
  auto element = [&](int k) {
    const ElementMap g = element_map(mesh, k);
    std::vector<double> val(nvar);
    for (std::size_t q = 0; q < t.rule.w.size(); ++q) {
      f(g.x(t.rule.r[q], t.rule.s[q]), g.y(t.rule.r[q], t.rule.s[q]), val.data());
      for (int v = 0; v < nvar; ++v)
        for (int j = 0; j < np; ++j)
          c[(std::size_t(v) * np + j) * E + k] += t.rule.w[q] * val[v] * t.phi[q][j].phi;
    }
  };
  if (thread_safe) {
    parallel_for_rethrow(E, element);
  } else {
    for (int k = 0; k < E; ++k) element(k);
  }
  return c;
}

std::vector<double> integrals(const Mesh& mesh, int p, int nvar, const std::vector<double>& c,
                              const std::function<double(double, double)>& area) {
  const int np = n_modes(p), E = mesh.n_elems(), own = mesh.n_owned();
  std::vector<double> out(nvar, 0.0);
  if (area) {
    const Tabulated t = tabulate(p, 2 * p + 2);
    const std::size_t nq = t.rule.w.size();
    // The points' weights (the area element's trigonometry, most of the work) on all threads, a
    // block of elements at a time; the sums in element order on one, as the bits require.
    constexpr int block = 1 << 14;
    std::vector<double> weights(std::size_t(std::min(own, block)) * nq);
    for (int k0 = 0; k0 < own; k0 += block) {
      const int k1 = std::min(own, k0 + block);
#pragma omp parallel for schedule(static)
      for (int k = k0; k < k1; ++k) {
        const ElementMap g = element_map(mesh, k);
        for (std::size_t q = 0; q < nq; ++q)
          weights[std::size_t(k - k0) * nq + q] =
              t.rule.w[q] * g.det() *
              area(g.x(t.rule.r[q], t.rule.s[q]), g.y(t.rule.r[q], t.rule.s[q]));
      }
      for (int k = k0; k < k1; ++k)
        for (std::size_t q = 0; q < nq; ++q) {
          const double w = weights[std::size_t(k - k0) * nq + q];
          for (int v = 0; v < nvar; ++v) {
            double u = 0;
            for (int j = 0; j < np; ++j)
              u += c[(std::size_t(v) * np + j) * E + k] * t.phi[q][j].phi;
            out[v] += w * u;
          }
        }
    }
    return out;
  }
  // Only the constant mode has a nonzero integral: its value is sqrt(2), its integral det/sqrt(2).
  for (int v = 0; v < nvar; ++v) {
    const double s = ordered_sum(
        own, [&](int k) { return element_map(mesh, k).det() * c[std::size_t(v) * np * E + k]; });
    out[v] = s / std::sqrt(2.0);
  }
  return out;
}

std::vector<double> l2_error_squares(const Mesh& mesh, int p, int nvar,
                                     const std::vector<double>& c, const PointFunction& exact) {
  const int np = n_modes(p), E = mesh.n_elems(), own = mesh.n_owned();
  const Tabulated t = tabulate(p, 2 * p + 4);
  // One evaluation of the exact solution per point serves all variables.
  return ordered_sums(own, nvar, [&](int k, double* sk) {
    const ElementMap g = element_map(mesh, k);
    std::vector<double> ex(nvar);
    for (int v = 0; v < nvar; ++v) sk[v] = 0;
    for (std::size_t q = 0; q < t.rule.w.size(); ++q) {
      exact(g.x(t.rule.r[q], t.rule.s[q]), g.y(t.rule.r[q], t.rule.s[q]), ex.data());
      for (int v = 0; v < nvar; ++v) {
        double uh = 0;
        for (int j = 0; j < np; ++j) uh += c[(std::size_t(v) * np + j) * E + k] * t.phi[q][j].phi;
        sk[v] += t.rule.w[q] * (uh - ex[v]) * (uh - ex[v]);
      }
    }
    for (int v = 0; v < nvar; ++v) sk[v] *= g.det();
  });
}

std::vector<double> l2_errors(const Mesh& mesh, int p, int nvar, const std::vector<double>& c,
                              const PointFunction& exact) {
  std::vector<double> err = l2_error_squares(mesh, p, nvar, c, exact);
  for (double& e : err) e = std::sqrt(e);
  return err;
}

void evaluate(int p, int nvar, int n_elems, const std::vector<double>& c, int k, double r, double s,
              double* values) {
  const int np = n_modes(p);
  const auto phi = dubiner(p, r, s);
  for (int v = 0; v < nvar; ++v) {
    double a = 0;
    for (int j = 0; j < np; ++j) a += c[(std::size_t(v) * np + j) * n_elems + k] * phi[j].phi;
    values[v] = a;
  }
}

} // namespace tridg
