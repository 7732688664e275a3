#pragma once
// Volume integral, lifting of the three edges' fluxes, division by det J and the Runge-Kutta
// update, fused in one pass over an element so the right-hand side never goes to memory.
#include <limits>

#include "kernels/dg_edge.hpp"

namespace tridg {

template <int P, class Phys, class Real>
TRIDG_HD void element_rhs(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                          const StateView<Real>& U, const Real* F, int k,
                          Real (&u)[Phys::M][Order<P>::NP], Real (&rhs)[Phys::M][Order<P>::NP]) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, M = Phys::M;
  const int E = m.n_elems;
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      u[v][j] = ldg(&U.c[(v * NP + j) * U.n + k]);
      rhs[v][j] = 0;
    }
  const Real g0 = ldg(&m.geom[k]), g1 = ldg(&m.geom[E + k]);
  const Real g2 = ldg(&m.geom[2 * E + k]), g3 = ldg(&m.geom[3 * E + k]);
  const Real inv_det = Real(1) / (g3 * g0 - g1 * g2);
  if constexpr (P > 0) {
#pragma unroll
    for (int q = 0; q < NQ; ++q) {
      Real uq[M], fx[M], fy[M];
#pragma unroll
      for (int v = 0; v < M; ++v) {
        Real a = 0;
#pragma unroll
        for (int j = 0; j < NP; ++j) a += T.vphi[q][j] * u[v][j];
        uq[v] = a;
      }
      phys.flux(uq, fx, fy);
#pragma unroll
      for (int v = 0; v < M; ++v) {
        // contravariant fluxes (det J times the reference-space flux)
        const Real G = g0 * fx[v] + g1 * fy[v], H = g2 * fx[v] + g3 * fy[v];
#pragma unroll
        for (int j = 1; j < NP; ++j) rhs[v][j] += G * T.vdr[q][j] + H * T.vds[q][j];
      }
    }
  }
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    const int face = ldg(&m.elem_face[s * E + k]);
    const int e = face >> 1;
    const bool right = face & 1;
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      const int eq = right ? NF - 1 - q : q;
#pragma unroll
      for (int v = 0; v < M; ++v) {
        Real f = ldg(&F[(v * NF + eq) * m.n_edges + e]);
        f = right ? -f : f; // the flux is stored along the left element's outward normal
#pragma unroll
        for (int j = 0; j < NP; ++j) rhs[v][j] -= T.fphi[s][q][j] * f;
      }
    }
  }
  // Shallow water: bed source, friction, Coriolis and the hydrostatic-reconstruction
  // corrections of the element's own edge traces (kernels/sw_dg.hpp).
  if constexpr (Phys::has_source) phys.template element_terms<P>(T, m, k, u, rhs);
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) rhs[v][j] *= inv_det;
}

// One Runge-Kutta stage for element k: out = A u0 + B u + C dt L(u) + D acc', with
// acc' = E acc + F dt L(u). Returns the element's CFL rate (max wave speed / inscribed radius)
// of the new cell average when `want_rate` is set (the limiter leaves averages unchanged).
template <int P, class Phys, class Real>
TRIDG_HD Real element_stage(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, const StateView<Real>& U0,
                            const StateView<Real>& ACC, const StateView<Real>& OUT, const Real* F,
                            const StageCoeffs<Real>& c, Real dt, bool want_rate, int k) {
  constexpr int NP = Order<P>::NP, M = Phys::M;
  Real u[M][NP], rhs[M][NP];
  element_rhs<P>(T, phys, m, U, F, k, u, rhs);
  Real mean[M];
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      const int i = (v * NP + j) * U.n + k;
      const Real l = dt * rhs[v][j];
      Real o = c.B * u[v][j] + c.C * l;
      if (c.use_u0) o += c.A * ldg(&U0.c[i]);
      if (c.use_acc || c.write_acc) {
        const Real a = (c.use_acc ? c.E * ACC.c[i] : Real(0)) + c.F * l;
        if (c.write_acc) ACC.c[i] = a;
        o += c.D * a;
      }
      OUT.c[i] = o;
      if (j == 0) mean[v] = o;
    }
  if (!want_rate) return 0;
  // mode 0 times sqrt(2) is the cell average (the constant mode is sqrt(2) on the reference)
  constexpr Real sqrt2 = Real(1.4142135623730951);
#pragma unroll
  for (int v = 0; v < M; ++v) mean[v] *= sqrt2;
  if (!phys.admissible(mean)) return std::numeric_limits<Real>::infinity(); // blow-up
  return phys.max_speed(mean) * inv_inradius(m, k);
}

} // namespace tridg
