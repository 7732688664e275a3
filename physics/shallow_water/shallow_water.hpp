#pragma once
// 2D shallow-water equations over a fixed bed b(x, y): the hooks the generic DG kernels call
// (kernels/physics_interface.hpp). docs/shallow_water.md has the derivation.
//
//  * The bed b is a degree-p polynomial per element (L2 projection), not necessarily continuous.
//  * Momentum flux in the "pre-balanced" form g/2 (h^2 - b^2) with source -g (h + b) grad b
//    (Rhebergen et al. 2008): for a constant surface eta = h + b the volume, source and edge terms
//    cancel exactly at every order, because everything that does not cancel trivially is a
//    polynomial integrated exactly. The parts that involve b only (-g/2 b^2 in the volume and on
//    the element's own edge trace, -g b grad b) are computed once on the host (cell_source).
//  * Edges use the hydrostatic reconstruction of Audusse et al. (2004): b* = max(b_left,
//    b_right), h*_side = max(0, eta_side - b*) (reconstruct); the conservative flux F(u*_L, u*_R)
//    is stored once per edge point (so mass is conserved to round-off) and each element adds its
//    own side's correction g/2 (h_side^2 - h*_side^2) n (side_correction).
//  * Shore and dry cells are seen through their level (physics/shallow_water/cell.hpp).
//  * On a longitude-latitude mesh (geographic) the x-fluxes carry the metric wx = 1/(D cos(lat))
//    and the y-fluxes wy = 1/D (D: metres per degree), with the metric and Coriolis sources. The
//    pressure and bed terms in x take wx's linear Taylor polynomial w1 in the latitude instead,
//    so that the terms that must cancel for a lake at rest stay polynomials the rules integrate
//    exactly (one degree more than in the plane: still within the rules); the difference
//    (wx - w1) g h d(eta)/dx is a point source that vanishes at rest.
#include <cmath>
#include <limits>

#include "kernels/bc_tabulated.hpp"
#include "kernels/physics_interface.hpp"
#include "physics/shallow_water/boundary.hpp"
#include "physics/shallow_water/cell.hpp"
#include "physics/shallow_water/flux_hll.hpp"
#include "physics/shallow_water/flux_rusanov.hpp"
#include "physics/shallow_water/geo_normal.hpp"
#include "physics/shallow_water/limiter.hpp"
#include "physics/shallow_water/water_cell.hpp"

namespace tridg {

template <class Real, class Flux>
struct ShallowWaterPhysics : PhysicsDefaults<Real, 3>, SwSettings<Real> {
  static constexpr int M = 3;
  template <class R> using Boundary = SwBoundary<R>;
  using FluxType = Flux;
  using Cell = SwCell<Real>;
  static constexpr bool has_cell = true;
  static constexpr bool has_side_correction = true;
  static constexpr bool has_point_source = true;
  static constexpr bool has_cell_source = true;
  static constexpr bool custom_slopes = true;
  static constexpr bool custom_positivity = true;
  static constexpr bool has_limit_finish = true;
  static constexpr bool has_point_flux = true; // the metric of geographic coordinates
  static constexpr int point_gradient_var = 0; // d(depth)/dx for the metric's remainder
  static constexpr bool has_own_radius = true; // lengths in metres on geographic meshes
  using SwSettings<Real>::g;
  using SwSettings<Real>::dry_depth;
  using SwSettings<Real>::velocity;
  using SwSettings<Real>::manning;
  using SwSettings<Real>::friction_cap;
  using SwSettings<Real>::coriolis;
  using SwSettings<Real>::geographic;
  using SwSettings<Real>::wy;

  ShallowWaterPhysics() = default;
  explicit ShallowWaterPhysics(const SwSettings<Real>& s) : SwSettings<Real>(s) {}

  template <class R> ShallowWaterPhysics<R, Flux> cast() const {
    ShallowWaterPhysics<R, Flux> r;
    r.g = R(g);
    r.dry_depth = R(dry_depth);
    r.manning = R(manning);
    r.friction_cap = R(friction_cap);
    r.coriolis = coriolis;
    r.geographic = geographic;
    r.wy = R(wy);
    return r;
  }
  TRIDG_HD const SwConstants<Real>& constants() const { return *this; }

  // Physical flux in x and y (hydrostatic pressure g h^2 / 2; the bed terms are in the hooks).
  TRIDG_HD void flux(const Real* u, Real* fx, Real* fy) const {
    const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
    const Real p = Real(0.5) * g * u[0] * u[0];
    fx[0] = u[1];
    fx[1] = u[1] * vx + p;
    fx[2] = u[2] * vx;
    fy[0] = u[2];
    fy[1] = u[1] * vy;
    fy[2] = u[2] * vy + p;
  }
  TRIDG_HD void numerical_flux(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
    Flux::apply(constants(), uL, uR, nx, ny, f);
  }
  TRIDG_HD bool wants_point_gradient() const { return geographic; }

  // The volume flux: in the plane flux(); on the sphere with the metric (see the top).
  template <int P>
  TRIDG_HD void point_flux(const ElementPoint<Real>& ep, const Real* u, Real* fx, Real* fy) const {
    if (!geographic) return flux(u, fx, fy);
    constexpr SwAuxLayout L = sw_aux_layout<P>();
    const auto& m = *ep.m;
    const int E = m.n_elems;
    const Real wx = m.aux[row_offset(L.geo_wx() + ep.q, E, ep.k)];
    const Real w1 = m.aux[row_offset(L.geo_w1() + ep.q, E, ep.k)];
    const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
    const Real p = Real(0.5) * g * u[0] * u[0];
    fx[0] = wx * u[1];
    fx[1] = wx * (u[1] * vx) + w1 * p;
    fx[2] = wx * (u[2] * vx);
    fy[0] = wy * u[2];
    fy[1] = wy * (u[1] * vy);
    fy[2] = wy * (u[2] * vy + p);
  }
  // The edge flux: on the sphere the flux through the direction (wx nx, wy ny), which is the
  // physical normal scaled by the metric, as |n~| times the flux along the unit normal.
  TRIDG_HD void point_numerical_flux(const EdgePoint<Real>& pt, const Real* uL, const Real* uR,
                                     Real* f) const {
    if (!geographic) return numerical_flux(uL, uR, pt.nx, pt.ny, f);
    Real nx, ny;
    const Real len = metric_normal(pt, nx, ny);
    numerical_flux(uL, uR, nx, ny, f);
    for (int v = 0; v < M; ++v) f[v] *= len;
  }
  // Speed over inscribed radius, both in metres on a geographic mesh.
  // |v| + sqrt(g h): the largest wave speed in any direction (for the CFL condition).
  TRIDG_HD Real max_speed(const Real* u) const {
    const Real h = tmax(u[0], Real(0));
    const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
    return sqrt(vx * vx + vy * vy) + sqrt(g * h);
  }
  // Finite, and a depth that is not negative beyond round-off: a drained cell may end a step a
  // few ulps of its neighbours' depths below zero (every use of the depth clips it at zero), so
  // the tolerance is 1e6 epsilon times dry_depth (2e-14 m in double, 1e-5 m in single precision
  // for the default dry_depth).
  TRIDG_HD bool admissible(const Real* u) const {
    constexpr Real big = std::numeric_limits<Real>::max();
    constexpr Real tol = Real(1e6) * std::numeric_limits<Real>::epsilon();
    return u[0] >= -tol * dry_depth && u[0] <= big && tabs(u[1]) <= big && tabs(u[2]) <= big;
  }
  static constexpr int n_positive = 1;
  TRIDG_HD Real positive_quantity(int, const Real* u) const { return u[0]; }
  static const char* positive_name(int) { return "depth"; }

  template <int P>
  TRIDG_HD Cell cell(const MeshView<MeshReal<Real>>& m, int k, const Real* mean) const {
    return sw_cell(constants(), sw_aux_layout<P>(), m.aux, m.n_elems, k, mean);
  }
  // What gauges and the maxima see of a cell (physics/shallow_water/water_cell.hpp).
  static constexpr bool has_water_cell = true;
  template <int P>
  TRIDG_HD WaterCell<Real> water_cell(const MeshView<MeshReal<Real>>& m, int k, Real h) const {
    return sw_water_cell(constants(), sw_aux_layout<P>(), m.aux, m.n_elems, k, h);
  }
  // A film thinner than dry_depth carries no momentum (the limiter removes it).
  TRIDG_HD void limited_mean(Real* mean) const {
    if (mean[0] < dry_depth) mean[1] = mean[2] = 0;
  }

  // The hydrostatically reconstructed state of a cell at an edge point.
  TRIDG_HD void reconstruct(const EdgePoint<Real>& pt, bool right, const Cell& c, const Real* u,
                            Real* us) const {
    const auto& m = *pt.m;
    const Real bs = sw_bed_star(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q);
    if (c.kind == sw_wet) {
      const Real b_own = sw_bed_trace(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q, right);
      const Real hs = tmax(Real(0), u[0] + b_own - bs);
      us[0] = hs;
      us[1] = hs * velocity(u[0], u[1]);
      us[2] = hs * velocity(u[0], u[2]);
    } else {
      const Real hs = c.kind == sw_shore ? tmax(Real(0), c.level - bs) : Real(0);
      us[0] = hs;
      us[1] = hs * c.u;
      us[2] = hs * c.v;
    }
  }
  TRIDG_HD void boundary_ghost(const Boundary<Real>& bc, const EdgePoint<Real>& pt, const Real* u,
                               Real* gs) const {
    if (bc.kind == SwBcKind::initial) return tabulated_ghost<3>(bc, bc.table, pt, gs);
    const auto& m = *pt.m;
    const Real bs = sw_bed_star(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q);
    Real nx = pt.nx, ny = pt.ny;
    if (geographic) metric_normal(pt, nx, ny); // the wall's normal in metres
    sw_boundary_ghost(constants(), bc, u, bs, nx, ny, pt.t, gs);
  }

  // The hydrostatic reconstruction's correction g/2 (h^2 - h*^2) n on the element's own side.
  TRIDG_HD void side_correction(const EdgePoint<Real>& pt, bool right, const Cell& c, const Real* u,
                                Real lw, Real* out) const {
    const auto& m = *pt.m;
    const Real bs = sw_bed_star(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q);
    Real h = c.h, hs = 0;
    if (c.kind == sw_wet) {
      h = u[0];
      hs = tmax(Real(0), h + sw_bed_trace(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q, right) - bs);
    } else if (c.kind == sw_shore) {
      hs = tmax(Real(0), c.level - bs);
    }
    const Real sgn = right ? Real(-1) : Real(1); // the normal points out of this element
    out[0] = 0;
    if (!geographic) {
      const Real corr = Real(0.5) * g * (h * h - hs * hs) * lw;
      out[1] = corr * (sgn * pt.nx);
      out[2] = corr * (sgn * pt.ny);
      return;
    }
    // The edge's flux holds wx's pressure of h*; the element's own side takes w1's of h.
    const Real wx = sw_edge_wx(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q);
    const Real w1 = sw_edge_w1(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q, right);
    out[1] = Real(0.5) * g * (w1 * (h * h) - wx * (hs * hs)) * lw * (sgn * pt.nx);
    out[2] = Real(0.5) * g * wy * (h * h - hs * hs) * lw * (sgn * pt.ny);
  }

  // Bed slope -g h grad b (the depth part, wet cells; -g b grad b is in cell_source), Manning
  // friction and Coriolis, times w_q det J.
  template <int P>
  TRIDG_HD void point_source(const ElementPoint<Real>& ep, const Cell& c, const Real* u,
                             Real* s) const {
    constexpr SwAuxLayout L = sw_aux_layout<P>();
    const auto& m = *ep.m;
    const int E = m.n_elems, k = ep.k, q = ep.q;
    const auto* aux = m.aux;
    s[0] = s[1] = s[2] = 0;
    if (c.kind == sw_wet) {
      const Real gx = aux[row_offset(L.grad_x() + q, E, k)]; // the weights are in the bed data
      const Real gy = aux[row_offset(L.grad_y() + q, E, k)];
      if (!geographic) {
        s[1] = -g * u[0] * gx;
        s[2] = -g * u[0] * gy;
      } else {
        // w1's bed slope and the remainder (wx - w1) g h d(eta)/dx (see the top).
        const Real wx = aux[row_offset(L.geo_wx() + q, E, k)],
                   w1 = aux[row_offset(L.geo_w1() + q, E, k)];
        s[1] = -g * u[0] * (w1 * gx + (wx - w1) * (ep.wdx + gx));
        s[2] = -g * u[0] * (wy * gy);
      }
    }
    if (geographic) {
      // The metric terms of the sphere: tan(lat) / R times (h v, 2 h u v, h v^2 - h u^2).
      const Real t = aux[row_offset(L.geo_tan() + q, E, k)] * ep.wdet;
      const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
      s[0] += t * u[2];
      s[1] += t * (Real(2) * u[1] * vy);
      s[2] += t * (u[2] * vy - u[1] * vx);
    }
    if (manning > Real(0) || coriolis) {
      Real sx = 0, sy = 0;
      if (manning > Real(0) && u[0] > Real(0)) {
        const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
        Real rate = g * manning * manning * sqrt(vx * vx + vy * vy) / (u[0] * cbrt(u[0]));
        if (friction_cap > Real(0)) {
          // The cell's CFL rate over the cfl factor (see friction_cap).
          const Real cap = friction_cap *
                           (sqrt(c.u * c.u + c.v * c.v) + sqrt(g * tmax(c.h, Real(0)))) *
                           inv_radius<P>(m, k);
          rate = tmin(rate, cap);
        }
        sx -= rate * u[1];
        sy -= rate * u[2];
      }
      if (coriolis) {
        const Real f = aux[row_offset(L.coriolis() + q, E, k)];
        sx += f * u[2];
        sy -= f * u[1];
      }
      s[1] += ep.wdet * sx;
      s[2] += ep.wdet * sy;
    }
  }
  // The bed-only terms of a wet cell's momentum right-hand side, computed once on the host.
  template <int P>
  TRIDG_HD void cell_source(const MeshView<MeshReal<Real>>& m, int k, const Cell& c,
                            Real (&rhs)[M][Order<P>::NP]) const {
    if (c.kind != sw_wet) return;
    constexpr int NP = Order<P>::NP;
    constexpr SwAuxLayout L = sw_aux_layout<P>();
    const int E = m.n_elems;
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      rhs[1][j] += m.aux[row_offset(L.rest() + j, E, k)];
      rhs[2][j] += m.aux[row_offset(L.rest() + NP + j, E, k)];
    }
  }

  // ---- the limiter's steps (physics/shallow_water/limiter.hpp) ----
  template <int P>
  TRIDG_HD bool limit_slopes(const DGTables<P, Real>& T, const MeshView<Real>& m,
                             const StateView<Real>& U, const LimiterParams<Real>& lp, int k,
                             const Cell& c, Real (&u)[M][Order<P>::NP]) const {
    if (c.kind != sw_wet) return sw_flatten<P>(u);
    if constexpr (P == 0) {
      return false;
    } else {
      if (!lp.barth_jespersen) return false;
      constexpr int NP = Order<P>::NP;
      constexpr SwAuxLayout L = sw_aux_layout<P>();
      const int E = m.n_elems;
      Cell cn[3];
      bool has[3];
      neighbours<P>(m, U, k, cn, has);
      const Real r = Real(1) / inv_radius<P>(m, k);
      const Real slack = lp.tvb_m * Real(4) * r * r;
      bool changed = false;
      // The surface eta = h + b against the neighbours' levels (dry neighbours do not bound it).
      Real eta[NP];
#pragma unroll
      for (int j = 0; j < NP; ++j) eta[j] = u[0][j] + m.aux[row_offset(L.b_modes() + j, E, k)];
      Real lo = cell_mean(eta[0]), hi = lo;
#pragma unroll
      for (int s = 0; s < 3; ++s)
        if (has[s] && (cn[s].kind == sw_wet || cn[s].kind == sw_shore)) {
          lo = tmin(lo, cn[s].level);
          hi = tmax(hi, cn[s].level);
        }
      // Rounding must not make a flat surface or a uniform flow look troubled (it would drop the
      // higher modes on one backend and not on another): the bounds are widened by 64 ulps of
      // the cell's scales, the surface's and the bed's for eta, depth times wave speed for the
      // momentum.
      constexpr Real eps64 = Real(64) * std::numeric_limits<Real>::epsilon();
      const Real w_eta =
          slack + eps64 * tmax(tabs(cell_mean(eta[0])),
                               tmax(c.h, tabs(cell_mean(m.aux[row_offset(L.b_modes(), E, k)]))));
      // tvb_m bounds the surface's curvature (1/m), so slack = M h^2 is metres of surface; a long
      // wave's momentum is its surface times its speed, so the momentum's is slack sqrt(g h).
      const Real w_q =
          slack * sqrt(g * c.h) + eps64 * c.h * (sqrt(g * c.h) + sqrt(c.u * c.u + c.v * c.v));
      if (sw_barth_jespersen<P>(T, eta, lo - w_eta, hi + w_eta)) {
        changed = true;
#pragma unroll
        for (int j = 1; j < NP; ++j) u[0][j] = eta[j] - m.aux[row_offset(L.b_modes() + j, E, k)];
      }
#pragma unroll
      for (int v = 1; v < 3; ++v) {
        Real mlo = cell_mean(u[v][0]), mhi = mlo;
#pragma unroll
        for (int s = 0; s < 3; ++s)
          if (has[s]) {
            const Real a = cn[s].h * (v == 1 ? cn[s].u : cn[s].v);
            mlo = tmin(mlo, a);
            mhi = tmax(mhi, a);
          }
        changed |= sw_barth_jespersen<P>(T, u[v], mlo - w_q, mhi + w_q);
      }
      return changed;
    }
  }
  // Zhang-Shu on the depth alone (linear in the state: the scaling is exact, to >= 0).
  template <int P>
  TRIDG_HD bool limit_positivity(const DGTables<P, Real>& T, const LimiterParams<Real>&,
                                 const Cell& c, Real (&u)[M][Order<P>::NP]) const {
    if (c.kind != sw_wet || P == 0) return false;
    constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF;
    Real theta = 1;
#pragma unroll
    for (int q = 0; q < NQ + 3 * NF; ++q) {
      const Real* phi = q < NQ ? T.vphi[q] : T.fphi[(q - NQ) / NF][(q - NQ) % NF];
      Real hq = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) hq += phi[j] * u[0][j];
      if (hq < Real(0)) theta = tmin(theta, c.h / (c.h - hq));
    }
    if (!(theta < Real(1))) return false;
#pragma unroll
    for (int j = 1; j < NP; ++j) u[0][j] *= theta;
    return true;
  }
  // Velocity-based limiting at the wet/dry interface and in nearly drained cells, and no
  // momentum in films thinner than dry_depth (their means: limited_mean).
  template <int P>
  TRIDG_HD bool limit_finish(const DGTables<P, Real>& T, const MeshView<Real>& m,
                             const StateView<Real>& U, int k, const Cell& c,
                             Real (&u)[M][Order<P>::NP]) const {
    constexpr int NP = Order<P>::NP;
    bool changed = false;
    if constexpr (P > 0) {
      if (c.kind == sw_wet) {
        Cell cn[3];
        bool has[3];
        neighbours<P>(m, U, k, cn, has);
        bool interface = false;
#pragma unroll
        for (int s = 0; s < 3; ++s) interface |= has[s] && cn[s].kind != sw_wet;
        if (interface || sw_min_depth<P>(T, u[0]) < Real(0.1) * c.h) {
#pragma unroll
          for (int j = 1; j < NP; ++j) {
            const Real qx = c.u * u[0][j], qy = c.v * u[0][j];
            changed |= qx != u[1][j] || qy != u[2][j];
            u[1][j] = qx;
            u[2][j] = qy;
          }
        }
      }
    }
    if (c.h < dry_depth) {
#pragma unroll
      for (int v = 1; v < 3; ++v)
#pragma unroll
        for (int j = 1; j < NP; ++j) {
          changed |= u[v][j] != Real(0);
          u[v][j] = 0;
        }
    }
    return changed;
  }

  // 1 / the inscribed radius in metres (kernels/dg_element.hpp's inv_length).
  template <int P> TRIDG_HD Real inv_radius(const MeshView<MeshReal<Real>>& m, int k) const {
    if (!geographic) return inv_inradius(m, k);
    return m.aux[row_offset(sw_aux_layout<P>().geo_inv_r(), m.n_elems, k)];
  }

private:
  // The unit normal in metres at a geographic edge point, and the length of (wx nx, wy ny).
  TRIDG_HD Real metric_normal(const EdgePoint<Real>& pt, Real& nx, Real& ny) const {
    const auto& m = *pt.m;
    nx = pt.nx;
    ny = pt.ny;
    return geo_metric_normal(Real(sw_edge_wx(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q)), wy, nx,
                             ny);
  }
  // The edge neighbours' cells, from their means as their limiter leaves them.
  template <int P>
  TRIDG_HD void neighbours(const MeshView<Real>& m, const StateView<Real>& U, int k, Cell (&cn)[3],
                           bool (&has)[3]) const {
#pragma unroll
    for (int s = 0; s < 3; ++s) {
      const int nb = neighbour(m, k, s);
      has[s] = nb >= 0;
      if (!has[s]) continue;
      Real mean[M];
      limited_means<P>(*this, U, nb, mean);
      cn[s] = cell<P>(m, nb, mean);
    }
  }
};

} // namespace tridg
