#pragma once
// Shallow water on the generic DG kernels: the bed data the kernels read, the wet/dry state of a
// cell, hydrostatic reconstruction at edges, bed and friction sources, and the limiter.
//
// Scheme (docs/shallow_water.md has the derivation):
//  * The bed b is a degree-p polynomial per element (L2 projection), not necessarily continuous.
//  * Momentum flux in the "pre-balanced" form g/2 (h^2 - b^2) with source -g (h + b) grad b
//    (Rhebergen et al. 2008): for a constant surface eta = h + b the volume, source and edge terms
//    cancel exactly at every order, because everything that does not cancel trivially is a
//    polynomial integrated exactly. The parts that involve b only (-g/2 b^2 in the volume and on
//    the element's own edge trace, -g b grad b) are computed once on the host ("rest" rows).
//  * Edges use the hydrostatic reconstruction of Audusse et al. (2004): b* = max(b_left, b_right),
//    h*_side = max(0, eta_side - b*); the conservative flux F(u*_L, u*_R) is stored once per edge
//    point (so mass is conserved to round-off) and each element adds its own side's correction
//    g/2 (h_side^2 - h*_side^2) n (element_terms).
//  * A cell is wet when a flat surface holding its water would cover every quadrature point
//    (mean depth >= max b - mean b). Otherwise it is a shore cell: kept at p = 0 by the limiter
//    and seen by the edges as a flat surface at the level C where the cell's water volume lies,
//    sum_s w_s max(0, C - b_s) = mean depth over the cell's sample points s (the edge and volume
//    points, with the positive weights of the positivity decomposition). A lake at rest then has
//    the same level on both sides of every edge, wet or shore, and stays at rest; a dry cell
//    (mean depth <= 0) is a shore cell without water.
#include "kernels/dg_edge.hpp"
#include "kernels/dg_limiter.hpp"
#include "kernels/sw_boundary.hpp"
#include "kernels/sw_physics.hpp"

namespace tridg {

// Rows of MeshView::aux (one value per element each) for shallow water.
struct SwAuxLayout {
  int np, nq, nf, ns; // modes, volume points, edge points per side, sample points (nq + 3 nf)
  TRIDG_HD constexpr int b_modes() const { return 0; }      // np: the bed's modal coefficients
  TRIDG_HD constexpr int grad_x() const { return np; }      // nq: w_q det(J) db/dx at volume points
  TRIDG_HD constexpr int grad_y() const { return np + nq; } // nq: w_q det(J) db/dy
  // 2 np: the bed-only terms of a wet cell's momentum right-hand side (x then y), unscaled
  TRIDG_HD constexpr int rest() const { return np + 2 * nq; }
  TRIDG_HD constexpr int wet_depth() const { return 3 * np + 2 * nq; } // 1: max b - mean b
  TRIDG_HD constexpr int sorted_b() const { return wet_depth() + 1; }  // ns: samples, ascending
  TRIDG_HD constexpr int cum_w() const { return sorted_b() + ns; }     // ns: prefix sums of w
  TRIDG_HD constexpr int cum_wb() const { return cum_w() + ns; }       // ns: prefix sums of w b
  TRIDG_HD constexpr int coriolis() const { return cum_wb() + ns; }    // nq: f at volume points
  TRIDG_HD constexpr int rows() const { return coriolis() + nq; }
};
TRIDG_HD constexpr SwAuxLayout sw_aux_layout(int np, int nq, int nf) {
  return {np, nq, nf, nq + 3 * nf};
}
template <int P> TRIDG_HD constexpr SwAuxLayout sw_aux_layout() {
  return sw_aux_layout(Order<P>::NP, Order<P>::NQ, Order<P>::NF);
}
// Rows of MeshView::edge_aux (one value per edge each), edge points in the left element's
// direction: the left trace of b (nf), the right trace (nf; the left one on the boundary), and
// b* = max of the two (nf).
TRIDG_HD constexpr int sw_edge_aux_rows(int nf) {
  return 3 * nf;
}

enum SwCellKind : int { sw_dry = 0, sw_shore = 1, sw_wet = 2 };

template <class Real> struct SwCell {
  int kind = sw_dry;
  Real h = 0;     // mean depth
  Real level = 0; // the flat water level of a shore cell; mean surface of a wet cell
  Real u = 0, v = 0;
};

// The level C of a shore cell with mean depth h: solves sum_s w_s max(0, C - b_s) = h on the
// sorted samples (piecewise linear and increasing in C, so one pass finds the piece).
template <class Real>
TRIDG_HD Real sw_shore_level(const SwAuxLayout& L, const Real* aux, int E, int k, Real h) {
  Real wi = 0, wbi = 0;
  for (int i = 0; i < L.ns; ++i) {
    const Real w = aux[(L.cum_w() + i) * E + k];
    if (!(w > Real(0))) continue; // leading samples of zero weight hold no water
    const Real wb = aux[(L.cum_wb() + i) * E + k];
    // The level lies below sample i (never before the first piece: rounding of w b_i - wb).
    if (wi > Real(0) && w * aux[(L.sorted_b() + i) * E + k] - wb > h) break;
    wi = w;
    wbi = wb;
  }
  return (h + wbi) / wi;
}

// The wet/dry state of element k from its mean values (the mode-0 coefficients times sqrt 2).
template <class Real>
TRIDG_HD SwCell<Real> sw_cell(const ShallowWaterPhysics<Real>& ph, const SwAuxLayout& L,
                              const Real* aux, int E, int k, Real h, Real hu, Real hv) {
  SwCell<Real> c;
  c.h = h;
  if (!(h > Real(0))) return c;
  c.u = ph.velocity(h, hu);
  c.v = ph.velocity(h, hv);
  if (h >= aux[L.wet_depth() * E + k]) {
    c.kind = sw_wet;
    c.level = h + Real(1.4142135623730951) * aux[L.b_modes() * E + k];
  } else {
    c.kind = sw_shore;
    c.level = sw_shore_level(L, aux, E, k, h);
  }
  return c;
}

template <int P, class Real>
TRIDG_HD SwCell<Real> sw_cell(const ShallowWaterPhysics<Real>& ph, const MeshView<Real>& m,
                              const StateView<Real>& U, int k) {
  constexpr int NP = Order<P>::NP;
  constexpr Real s2 = Real(1.4142135623730951);
  return sw_cell(ph, sw_aux_layout<P>(), m.aux, m.n_elems, k, s2 * U.c[k], s2 * U.c[NP * U.n + k],
                 s2 * U.c[2 * NP * U.n + k]);
}

// The hydrostatically reconstructed state of a cell (coefficients cf) at point q of its side s,
// where its own bed trace is b_own and the reconstruction's bed b*.
template <int P, class Real>
TRIDG_HD void sw_star(const ShallowWaterPhysics<Real>& ph, const DGTables<P, Real>& T,
                      const Real (&cf)[3][Order<P>::NP], const SwCell<Real>& c, int s, int q,
                      Real b_own, Real bs, Real* us) {
  if (c.kind == sw_wet) {
    Real u[3];
    trace<P, 3>(T, cf, s, q, u);
    const Real hs = tmax(Real(0), u[0] + b_own - bs);
    us[0] = hs;
    us[1] = hs * ph.velocity(u[0], u[1]);
    us[2] = hs * ph.velocity(u[0], u[2]);
  } else {
    const Real hs = c.kind == sw_shore ? tmax(Real(0), c.level - bs) : Real(0);
    us[0] = hs;
    us[1] = hs * c.u;
    us[2] = hs * c.v;
  }
}

template <class Real>
template <int P>
TRIDG_HD void
ShallowWaterPhysics<Real>::interior_edge(const DGTables<P, Real>& T, const MeshView<Real>& m,
                                         const StateView<Real>& U, Real* F, int e) const {
  constexpr int NF = Order<P>::NF, NP = Order<P>::NP;
  const int Ed = m.n_edges;
  const int kl = ldg(&m.edge_elem[e]), kr = ldg(&m.edge_elem[Ed + e]);
  const int sides = ldg(&m.edge_side[e]);
  const int sl = sides & 3, sr = (sides >> 2) & 3;
  Real nx, ny, len;
  edge_normal(m, e, nx, ny, len);
  Real fl[3][NP], fr[3][NP];
  load_modes<P>(U, kl, fl);
  load_modes<P>(U, kr, fr);
  constexpr SwAuxLayout L = sw_aux_layout<P>();
  constexpr Real s2 = Real(1.4142135623730951);
  const int E = m.n_elems;
  const SwCell<Real> cl =
      sw_cell(*this, L, m.aux, E, kl, s2 * fl[0][0], s2 * fl[1][0], s2 * fl[2][0]);
  const SwCell<Real> cr =
      sw_cell(*this, L, m.aux, E, kr, s2 * fr[0][0], s2 * fr[1][0], s2 * fr[2][0]);
#pragma unroll
  for (int q = 0; q < NF; ++q) {
    const Real bs = ldg(&m.edge_aux[(2 * NF + q) * Ed + e]);
    Real uL[3], uR[3], f[3];
    sw_star<P>(*this, T, fl, cl, sl, q, ldg(&m.edge_aux[q * Ed + e]), bs, uL);
    sw_star<P>(*this, T, fr, cr, sr, NF - 1 - q, ldg(&m.edge_aux[(NF + q) * Ed + e]), bs, uR);
    numerical_flux(uL, uR, nx, ny, f);
    const Real w = len * T.fw[q];
#pragma unroll
    for (int v = 0; v < 3; ++v) flux_at<P, 3>(F, Ed, v, q, e) = w * f[v];
  }
}

template <class Real>
template <int P, class BC>
TRIDG_HD void ShallowWaterPhysics<Real>::boundary_edge(const DGTables<P, Real>& T,
                                                       const MeshView<Real>& m,
                                                       const StateView<Real>& U, Real* F,
                                                       const BC& bc, Real t, int e) const {
  constexpr int NF = Order<P>::NF, NP = Order<P>::NP;
  const int Ed = m.n_edges;
  const int kl = ldg(&m.edge_elem[e]), sl = ldg(&m.edge_side[e]) & 3;
  Real nx, ny, len;
  edge_normal(m, e, nx, ny, len);
  Real fl[3][NP];
  load_modes<P>(U, kl, fl);
  constexpr Real s2 = Real(1.4142135623730951);
  const SwCell<Real> c = sw_cell(*this, sw_aux_layout<P>(), m.aux, m.n_elems, kl, s2 * fl[0][0],
                                 s2 * fl[1][0], s2 * fl[2][0]);
#pragma unroll
  for (int q = 0; q < NF; ++q) {
    const Real bs = ldg(&m.edge_aux[(2 * NF + q) * Ed + e]);
    Real us[3], gs[3], f[3];
    sw_star<P>(*this, T, fl, c, sl, q, ldg(&m.edge_aux[q * Ed + e]), bs, us);
    sw_boundary_ghost(*this, bc, us, bs, nx, ny, t, gs);
    numerical_flux(us, gs, nx, ny, f);
    const Real w = len * T.fw[q];
#pragma unroll
    for (int v = 0; v < 3; ++v) flux_at<P, 3>(F, Ed, v, q, e) = w * f[v];
  }
}

template <class Real>
template <int P>
TRIDG_HD void ShallowWaterPhysics<Real>::element_terms(const DGTables<P, Real>& T,
                                                       const MeshView<Real>& m, int k,
                                                       const Real (&u)[M][Order<P>::NP],
                                                       Real (&rhs)[M][Order<P>::NP]) const {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF;
  constexpr SwAuxLayout L = sw_aux_layout<P>();
  constexpr Real s2 = Real(1.4142135623730951);
  const int E = m.n_elems, Ed = m.n_edges;
  const Real* aux = m.aux;
  const SwCell<Real> c = sw_cell(*this, L, aux, E, k, s2 * u[0][0], s2 * u[1][0], s2 * u[2][0]);
  const bool wet = c.kind == sw_wet;
  // Each side's hydrostatic-reconstruction correction g/2 (h^2 - h*^2) n, lifted like the flux.
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    const int face = m.elem_face[s * E + k];
    const int e = face >> 1;
    const bool right = face & 1;
    const Real sgn = right ? Real(-1) : Real(1);
    Real nx, ny, len;
    edge_normal(m, e, nx, ny, len);
    nx *= sgn;
    ny *= sgn;
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      const int eq = right ? NF - 1 - q : q;
      const Real bs = m.edge_aux[(2 * NF + eq) * Ed + e];
      Real h = c.h, hs = 0;
      if (wet) {
        h = 0;
#pragma unroll
        for (int j = 0; j < NP; ++j) h += T.fphi[s][q][j] * u[0][j];
        hs = tmax(Real(0), h + m.edge_aux[((right ? NF : 0) + eq) * Ed + e] - bs);
      } else if (c.kind == sw_shore) {
        hs = tmax(Real(0), c.level - bs);
      }
      const Real corr = Real(0.5) * g * (h * h - hs * hs) * len * T.fw[q];
#pragma unroll
      for (int j = 0; j < NP; ++j) {
        rhs[1][j] -= T.fphi[s][q][j] * corr * nx;
        rhs[2][j] -= T.fphi[s][q][j] * corr * ny;
      }
    }
  }
  if (wet) {
    // Bed slope -g h grad b (the depth part; -g b grad b is in the rest rows with the other
    // bed-only terms).
#pragma unroll
    for (int q = 0; q < NQ; ++q) {
      Real hq = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) hq += T.vphi[q][j] * u[0][j];
      const Real sx = -g * hq * aux[(L.grad_x() + q) * E + k];
      const Real sy = -g * hq * aux[(L.grad_y() + q) * E + k];
#pragma unroll
      for (int j = 0; j < NP; ++j) {
        rhs[1][j] += T.vphi[q][j] * sx;
        rhs[2][j] += T.vphi[q][j] * sy;
      }
    }
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      rhs[1][j] += aux[(L.rest() + j) * E + k];
      rhs[2][j] += aux[(L.rest() + NP + j) * E + k];
    }
  }
  if (manning > Real(0) || coriolis) {
    const Real det = det_jacobian(m, k);
    // Friction rate cap: the cell's CFL rate over the cfl factor (see friction_cap).
    const Real cap = friction_cap * (sqrt(c.u * c.u + c.v * c.v) + sqrt(g * tmax(c.h, Real(0)))) *
                     inv_inradius(m, k);
#pragma unroll
    for (int q = 0; q < NQ; ++q) {
      Real hq = 0, qx = 0, qy = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) {
        hq += T.vphi[q][j] * u[0][j];
        qx += T.vphi[q][j] * u[1][j];
        qy += T.vphi[q][j] * u[2][j];
      }
      Real sx = 0, sy = 0;
      if (manning > Real(0) && hq > Real(0)) {
        const Real vx = velocity(hq, qx), vy = velocity(hq, qy);
        Real rate = g * manning * manning * sqrt(vx * vx + vy * vy) / (hq * cbrt(hq));
        if (friction_cap > Real(0)) rate = tmin(rate, cap);
        sx -= rate * qx;
        sy -= rate * qy;
      }
      if (coriolis) {
        const Real f = aux[(L.coriolis() + q) * E + k];
        sx += f * qy;
        sy -= f * qx;
      }
      const Real w = det * T.vw[q];
#pragma unroll
      for (int j = 0; j < NP; ++j) {
        rhs[1][j] += w * T.vphi[q][j] * sx;
        rhs[2][j] += w * T.vphi[q][j] * sy;
      }
    }
  }
}

// Barth-Jespersen on one variable's modes: leaves them alone when the full polynomial is within
// [lo, hi] at every edge point, else keeps the linear part scaled into the bounds and drops the
// rest. Returns whether it changed anything.
template <int P, class Real>
TRIDG_HD bool sw_barth_jespersen(const DGTables<P, Real>& T, Real (&c)[Order<P>::NP], Real lo,
                                 Real hi) {
  constexpr int NP = Order<P>::NP, NF = Order<P>::NF;
  const Real mean = Real(1.4142135623730951) * c[0];
  bool troubled = false;
  Real alpha = 1;
#pragma unroll
  for (int s = 0; s < 3; ++s)
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      Real full = 0, lin = 0;
#pragma unroll
      for (int j = 1; j < NP; ++j) {
        const Real d = T.fphi[s][q][j] * c[j];
        full += d;
        if (j < 3) lin += d;
      }
      if (mean + full > hi || mean + full < lo) troubled = true;
      if (lin > Real(0) && mean + lin > hi) alpha = tmin(alpha, (hi - mean) / lin);
      if (lin < Real(0) && mean + lin < lo) alpha = tmin(alpha, (lo - mean) / lin);
    }
  if (!troubled) return false;
#pragma unroll
  for (int j = 1; j < NP; ++j) c[j] = j < 3 ? alpha * c[j] : Real(0);
  return true;
}

template <class Real>
template <int P>
TRIDG_HD void ShallowWaterPhysics<Real>::limit(const DGTables<P, Real>& T, const MeshView<Real>& m,
                                               const StateView<Real>& U,
                                               const LimiterParams<Real>& lp, int k) const {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF;
  constexpr SwAuxLayout L = sw_aux_layout<P>();
  constexpr Real s2 = Real(1.4142135623730951);
  const int E = m.n_elems;
  Real u[3][NP];
#pragma unroll
  for (int v = 0; v < 3; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) u[v][j] = U.c[(v * NP + j) * U.n + k];
  const SwCell<Real> c = sw_cell(*this, L, m.aux, E, k, s2 * u[0][0], s2 * u[1][0], s2 * u[2][0]);
  bool changed = false;
  if (c.kind != sw_wet) {
    // Shore and dry cells are kept at p = 0 (the kernels see them through their level only).
#pragma unroll
    for (int v = 0; v < 3; ++v)
#pragma unroll
      for (int j = 1; j < NP; ++j) {
        changed |= u[v][j] != Real(0);
        u[v][j] = 0;
      }
  } else if (P > 0) {
    // The neighbours' states: they bound the surface, and a wet cell next to a shore or dry one
    // is at the wet/dry interface.
    SwCell<Real> cn[3];
    bool interface = false;
#pragma unroll
    for (int s = 0; s < 3; ++s) {
      const int nb = neighbour(m, k, s);
      cn[s].kind = -1; // the boundary
      if (nb < 0) continue;
      cn[s] = sw_cell<P>(*this, m, U, nb);
      // The neighbour may already have been limited in this sweep, which zeroes the momentum
      // of a film thinner than dry_depth (below): read it as zeroed either way, so the result
      // does not depend on the order in which elements are visited.
      if (cn[s].h < dry_depth) cn[s].u = cn[s].v = 0;
      interface |= cn[s].kind != sw_wet;
    }
    if (lp.barth_jespersen) {
      const Real r = Real(1) / inv_inradius(m, k);
      const Real slack = lp.tvb_m * Real(4) * r * r;
      // The surface eta = h + b against the neighbours' levels (dry neighbours do not bound it).
      Real eta[NP];
#pragma unroll
      for (int j = 0; j < NP; ++j) eta[j] = u[0][j] + m.aux[(L.b_modes() + j) * E + k];
      Real lo = s2 * eta[0], hi = lo;
#pragma unroll
      for (int s = 0; s < 3; ++s)
        if (cn[s].kind == sw_wet || cn[s].kind == sw_shore) {
          lo = tmin(lo, cn[s].level);
          hi = tmax(hi, cn[s].level);
        }
      if (sw_barth_jespersen<P>(T, eta, lo - slack, hi + slack)) {
        changed = true;
#pragma unroll
        for (int j = 1; j < NP; ++j) u[0][j] = eta[j] - m.aux[(L.b_modes() + j) * E + k];
      }
#pragma unroll
      for (int v = 1; v < 3; ++v) {
        Real mlo = s2 * u[v][0], mhi = mlo;
#pragma unroll
        for (int s = 0; s < 3; ++s)
          if (cn[s].kind >= 0) {
            const Real a = cn[s].h * (v == 1 ? cn[s].u : cn[s].v);
            mlo = tmin(mlo, a);
            mhi = tmax(mhi, a);
          }
        changed |= sw_barth_jespersen<P>(T, u[v], mlo - slack, mhi + slack);
      }
    }
    // Zhang-Shu: scale the depth towards its mean until it is >= 0 at every volume and edge
    // point (the points of the decomposition behind the positivity time-step condition).
    Real theta = 1, hmin = c.h;
#pragma unroll
    for (int q = 0; q < NQ + 3 * NF; ++q) {
      const Real* phi = q < NQ ? T.vphi[q] : T.fphi[(q - NQ) / NF][(q - NQ) % NF];
      Real hq = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) hq += phi[j] * u[0][j];
      hmin = tmin(hmin, hq);
      if (hq < Real(0)) theta = tmin(theta, c.h / (c.h - hq));
    }
    if (theta < Real(1)) {
      changed = true;
#pragma unroll
      for (int j = 1; j < NP; ++j) u[0][j] *= theta;
      hmin = c.h + theta * (hmin - c.h);
    }
    // Velocity-based limiting at the wet/dry interface and where the depth nearly vanishes
    // inside the cell: momentum = mean velocity times depth (same mean), so that no point gets a
    // velocity q / h far beyond the cell's (thin films would otherwise be flung off).
    if (interface || hmin < Real(0.1) * c.h) {
#pragma unroll
      for (int j = 1; j < NP; ++j) {
        const Real qx = c.u * u[0][j], qy = c.v * u[0][j];
        changed |= qx != u[1][j] || qy != u[2][j];
        u[1][j] = qx;
        u[2][j] = qy;
      }
    }
  }
  if (c.h < dry_depth) {
    // Desingularisation: a film thinner than dry_depth carries no momentum.
#pragma unroll
    for (int v = 1; v < 3; ++v)
#pragma unroll
      for (int j = 0; j < NP; ++j) {
        changed |= u[v][j] != Real(0);
        u[v][j] = 0;
      }
  }
  if (changed) {
#pragma unroll
    for (int v = 0; v < 3; ++v)
#pragma unroll
      for (int j = 0; j < NP; ++j) U.c[(v * NP + j) * U.n + k] = u[v][j];
  }
}

} // namespace tridg
