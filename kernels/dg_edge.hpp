#pragma once
// Surface integrals, one edge at a time: the numerical flux at the edge's Gauss points, stored
// already multiplied by length and weight so that the element kernel only lifts it.
#include "kernels/dg_tables.hpp"
#include "kernels/dg_views.hpp"

namespace tridg {

// Flux storage F[var][q][edge], q in the left element's direction along the edge.
template <int P, int M, class Real>
TRIDG_HD Real& flux_at(Real* F, int n_edges, int v, int q, int e) {
  return F[(v * Order<P>::NF + q) * n_edges + e];
}

// Element k's coefficients, loaded once into registers (the traces at every edge point reuse
// them; re-reading after the flux stores would not be allowed to the compiler).
template <int P, int M, class Real>
TRIDG_HD void load_modes(const StateView<Real>& U, int k, Real (&c)[M][Order<P>::NP]) {
  constexpr int NP = Order<P>::NP;
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) c[v][j] = ldg(&U.c[(v * NP + j) * U.n + k]);
}

// Traces of element k at all Gauss points of its side s, each coefficient loaded once: holds
// NF x M values in registers rather than the NP x M coefficients (fewer at every p >= 1).
template <int P, int M, class Real>
TRIDG_HD void traces(const DGTables<P, Real>& T, const StateView<Real>& U, int k, int s,
                     Real (&u)[Order<P>::NF][M]) {
  constexpr int NP = Order<P>::NP, NF = Order<P>::NF;
#pragma unroll
  for (int v = 0; v < M; ++v) {
#pragma unroll
    for (int q = 0; q < NF; ++q) u[q][v] = 0;
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      const Real c = ldg(&U.c[(v * NP + j) * U.n + k]);
#pragma unroll
      for (int q = 0; q < NF; ++q) u[q][v] += T.fphi[s][q][j] * c;
    }
  }
}

// Trace at Gauss point q of local side s from an element's coefficients.
template <int P, int M, class Real>
TRIDG_HD void trace(const DGTables<P, Real>& T, const Real (&c)[M][Order<P>::NP], int s, int q,
                    Real* u) {
  constexpr int NP = Order<P>::NP;
#pragma unroll
  for (int v = 0; v < M; ++v) {
    Real acc = 0;
#pragma unroll
    for (int j = 0; j < NP; ++j) acc += T.fphi[s][q][j] * c[v][j];
    u[v] = acc;
  }
}

template <int P, class Phys, class Real>
TRIDG_HD void interior_edge(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, Real* F, int e) {
  if constexpr (Phys::has_source) {
    // Shallow water: hydrostatic reconstruction with both cells' bed (kernels/sw_dg.hpp).
    phys.template interior_edge<P>(T, m, U, F, e);
  } else {
    constexpr int NF = Order<P>::NF, M = Phys::M;
    const int kl = ldg(&m.edge_elem[e]), kr = ldg(&m.edge_elem[m.n_edges + e]);
    const int sides = ldg(&m.edge_side[e]);
    const int sl = sides & 3, sr = (sides >> 2) & 3;
    Real nx, ny, len;
    edge_normal(m, e, nx, ny, len);
    Real uL[NF][M], uR[NF][M];
    traces<P, M>(T, U, kl, sl, uL);
    traces<P, M>(T, U, kr, sr, uR);
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      Real f[M];
      // the right element runs the edge backwards
      phys.numerical_flux(uL[q], uR[NF - 1 - q], nx, ny, f);
      const Real s = len * T.fw[q];
#pragma unroll
      for (int v = 0; v < M; ++v) flux_at<P, M>(F, m.n_edges, v, q, e) = s * f[v];
    }
  }
}

template <int P, class Phys, class Real, class BC>
TRIDG_HD void boundary_edge(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, Real* F, const BC& bc, Real t, int e) {
  if constexpr (Phys::has_source) {
    // Shallow water: ghost states of the reconstructed state (kernels/sw_dg.hpp).
    phys.template boundary_edge<P>(T, m, U, F, bc, t, e);
  } else {
    constexpr int NF = Order<P>::NF, M = Phys::M;
    const int kl = ldg(&m.edge_elem[e]);
    const int sl = ldg(&m.edge_side[e]) & 3;
    Real nx, ny, len;
    edge_normal(m, e, nx, ny, len);
    const int nb = m.n_bedges;
    const Real x0 = ldg(&m.bnd_xy[e]), y0 = ldg(&m.bnd_xy[nb + e]);
    const Real x1 = ldg(&m.bnd_xy[2 * nb + e]), y1 = ldg(&m.bnd_xy[3 * nb + e]);
    Real uL[NF][M];
    traces<P, M>(T, U, kl, sl, uL);
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      Real g[M], f[M];
      const Real x = x0 + T.ft[q] * (x1 - x0), y = y0 + T.ft[q] * (y1 - y0);
      boundary_ghost(phys, bc, uL[q], x, y, nx, ny, t, NF, q, e, g);
      phys.numerical_flux(uL[q], g, nx, ny, f);
      const Real s = len * T.fw[q];
#pragma unroll
      for (int v = 0; v < M; ++v) flux_at<P, M>(F, m.n_edges, v, q, e) = s * f[v];
    }
  }
}

} // namespace tridg
