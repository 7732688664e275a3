#pragma once
// Surface integrals, one edge at a time: the numerical flux at the edge's Gauss points, stored
// already multiplied by length and weight so that the element kernel only lifts it. The physics
// enters through its hooks (kernels/physics_interface.hpp): the cell data, the reconstruction of
// the edge states, the boundary ghost state and the numerical flux.
#include <cstdint>

#include "core/dg_tables.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/flux_layout.hpp"
#include "kernels/physics_interface.hpp"

namespace tridg {

// Coefficient i = v NP + j of element k in the state (traces_of's reader).
template <class Real> struct StateCoefficients {
  StateView<Real> U;
  int k;
  TRIDG_HD Real operator()(int i) const { return ldg(&U.c[row_offset(i, U.n, k)]); }
};

// Traces at all Gauss points of side s of the element whose coefficient i = v NP + j `coef(i)`
// reads, each coefficient read once: holds NF x M values in registers rather than the NP x M
// coefficients (fewer at every p >= 1). A GPU backend's edges may read them from shared memory
// too, through `coef`.
template <int P, int M, class Real, class Coef>
TRIDG_HD void traces_of(const DGTables<P, Real>& T, int s, const Coef& coef,
                        Real (&u)[Order<P>::NF][M]) {
  constexpr int NP = Order<P>::NP, NF = Order<P>::NF;
#pragma unroll
  for (int v = 0; v < M; ++v) {
#pragma unroll
    for (int q = 0; q < NF; ++q) u[q][v] = 0;
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      const Real c = coef(v * NP + j);
#pragma unroll
      for (int q = 0; q < NF; ++q) u[q][v] += T.fphi[s][q][j] * c;
    }
  }
}

// The traces of element k's side s, from the state.
template <int P, int M, class Real>
TRIDG_HD void traces(const DGTables<P, Real>& T, const StateView<Real>& U, int k, int s,
                     Real (&u)[Order<P>::NF][M]) {
  traces_of<P, M>(T, s, StateCoefficients<Real>{U, k}, u);
}

// The physics' data of element k from its means (only read when the physics has any).
template <int P, class Phys, class Real>
TRIDG_HD typename Phys::Cell cell_of(const Phys& phys, const MeshView<Real>& m,
                                     const StateView<Real>& U, int k) {
  if constexpr (Phys::has_cell) {
    constexpr int NP = Order<P>::NP;
    Real mean[Phys::M];
    // Mode 0 of each variable at a running offset, as element_rhs reads the state and for the
    // same reason: the host's bits (bench/NOTES.md).
    std::int64_t at = k;
#pragma unroll
    for (int v = 0; v < Phys::M; ++v) {
      mean[v] = cell_mean(ldg(&U.c[at]));
      at += std::int64_t(NP) * U.n;
    }
    return phys.template cell<P>(m, k, mean);
  } else {
    return {};
  }
}

// The numerical flux at an interior edge point from the two sides' traces and cells. The
// residual's edges call it in the state's real type, the Jacobian (kernels/dg_jacobian.hpp) in
// dual numbers, whose mesh data stay double (core/mesh_real.hpp).
template <class Phys, class Real, class Cell>
TRIDG_HD void interior_point_flux(const Phys& phys, const EdgePoint<Real>& pt, const Cell& cl,
                                  const Cell& cr, const Real* uL, const Real* uR, Real* f) {
  Real a[Phys::M], b[Phys::M];
  phys.reconstruct(pt, false, cl, uL, a);
  phys.reconstruct(pt, true, cr, uR, b);
  if constexpr (Phys::has_point_flux) // fluxes that read the point's mesh data
    phys.point_numerical_flux(pt, a, b, f);
  else
    phys.numerical_flux(a, b, pt.nx, pt.ny, f);
}

// The same at a boundary edge point: the ghost state of boundary condition `bc` on the right.
template <class Phys, class Real, class Cell, class BC>
TRIDG_HD void boundary_point_flux(const Phys& phys, const BC& bc, const EdgePoint<Real>& pt,
                                  const Cell& cl, const Real* uL, Real* f) {
  Real a[Phys::M], g[Phys::M];
  phys.reconstruct(pt, false, cl, uL, a);
  phys.boundary_ghost(bc, pt, a, g);
  if constexpr (Phys::has_point_flux)
    phys.point_numerical_flux(pt, a, g, f);
  else
    phys.numerical_flux(a, g, pt.nx, pt.ny, f);
}

template <int P, class Phys, class Real>
TRIDG_HD void interior_edge(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, Real* F, int e) {
  constexpr int NF = Order<P>::NF, M = Phys::M;
  const int kl = ldg(&m.edge_elem[e]), kr = ldg(&m.edge_elem[row_offset(1, m.n_edges, e)]);
  const int sides = ldg(&m.edge_side[e]);
  const int sl = sides & 3, sr = (sides >> 2) & 3;
  Real nx, ny, len;
  edge_normal(m, e, nx, ny, len);
  const typename Phys::Cell cl = cell_of<P>(phys, m, U, kl), cr = cell_of<P>(phys, m, U, kr);
  Real uL[NF][M], uR[NF][M];
  traces<P, M>(T, U, kl, sl, uL);
  traces<P, M>(T, U, kr, sr, uR);
#pragma unroll
  for (int q = 0; q < NF; ++q) {
    const EdgePoint<Real> pt{&m, e, q, NF, Real(0), Real(0), Real(0), nx, ny};
    Real f[M];
    interior_point_flux(phys, pt, cl, cr, uL[q], uR[NF - 1 - q], f); // the right runs backwards
    store_point_flux<P, M>(F, m.n_edges, q, e, len * T.fw[q], f);
  }
}

template <int P, class Phys, class Real, class BC>
TRIDG_HD void boundary_edge(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, Real* F, const BC& bc, Real t, int e) {
  constexpr int NF = Order<P>::NF, M = Phys::M;
  const int kl = ldg(&m.edge_elem[e]);
  const int sl = ldg(&m.edge_side[e]) & 3;
  Real nx, ny, len;
  edge_normal(m, e, nx, ny, len);
  const int nb = m.n_bedges;
  const Real x0 = ldg(&m.bnd_xy[e]), y0 = ldg(&m.bnd_xy[row_offset(1, nb, e)]);
  const Real x1 = ldg(&m.bnd_xy[row_offset(2, nb, e)]), y1 = ldg(&m.bnd_xy[row_offset(3, nb, e)]);
  const typename Phys::Cell cl = cell_of<P>(phys, m, U, kl);
  Real uL[NF][M];
  traces<P, M>(T, U, kl, sl, uL);
#pragma unroll
  for (int q = 0; q < NF; ++q) {
    const Real x = x0 + T.ft[q] * (x1 - x0), y = y0 + T.ft[q] * (y1 - y0);
    const EdgePoint<Real> pt{&m, e, q, NF, x, y, t, nx, ny};
    Real f[M];
    boundary_point_flux(phys, bc, pt, cl, uL[q], f);
    store_point_flux<P, M>(F, m.n_edges, q, e, len * T.fw[q], f);
  }
}

} // namespace tridg
