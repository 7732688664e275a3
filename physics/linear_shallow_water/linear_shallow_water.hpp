#pragma once
// Shallow-water equations linearised about still water of depth H(x, y) > 0:
//   eta_t + div q = 0,   q_t + g H grad eta = 0,   q = (hu, hv),
// the hooks the generic DG kernels call (kernels/physics_interface.hpp).
// docs/linear_shallow_water.md has the derivation.
//
// The variable-depth term is written in flux form with a source,
//   q_t + div(g H eta I) = g eta grad H,
// with H the degree-p L2 projection of the still depth per element (MeshView::aux: H and
// w_q det(J) grad H at the volume points) and, on an edge, the average of both sides' traces
// (MeshView::edge_aux), so that both elements see one flux (conservative for eta). The fluxes
// need H at the point, hence has_point_flux. Each element adds g eta (H_own - H_edge) n on its
// own side of an edge (side_correction), so that the volume and edge terms of a still surface
// cancel where the projected depth jumps between elements. Why this form:
//  * The rest state is eta = 0, q = 0 whatever H: every term is linear in the state, so a lake
//    at rest stays exactly at rest (no well-balancing construction is needed, unlike the
//    nonlinear equations where the rest state has a non-zero depth). A still surface at another
//    level eta0 stays at rest to round-off (side_correction).
//  * Over constant H the source vanishes and the scheme is the standard DG scheme of the linear
//    acoustic system: exact for the standing wave up to its O(h^(p+1)) discretisation error,
//    and with the central flux the semi-discrete energy sum (g eta^2 + |q|^2 / H) / 2 is
//    conserved exactly (test with g eta and q / H, both in the polynomial space; the volume
//    terms form g div(eta q), the edge terms cancel between the two sides).
//  * Over variable H the energy's weight 1 / H makes q / H leave the polynomial space, so no
//    form of the standard DG scheme conserves it exactly; this form keeps the error at the
//    level of the projection of H (it is conserved to O(h^(p+1)) per unit time).
// On a longitude-latitude mesh (geographic) the fluxes carry the sphere's metric as in
// nonlinear shallow water (physics/shallow_water/shallow_water.hpp, docs/shallow_water.md): wx
// on the x fluxes, its Taylor polynomial w1 on the pressure g H eta in x and its source, the
// remainder (wx - w1) g H d(eta)/dx at the volume points, wy on the y fluxes, the metric source
// tan(lat) / R hv of the surface, and Coriolis from the latitude.
#include <cmath>
#include <limits>

#include "kernels/physics_interface.hpp"
#include "physics/linear_shallow_water/boundary.hpp"
#include "physics/linear_shallow_water/depth_layout.hpp"
#include "physics/linear_shallow_water/flux_central.hpp"
#include "physics/linear_shallow_water/flux_upwind.hpp"
#include "physics/linear_shallow_water/state.hpp"
#include "physics/linear_shallow_water/water_cell.hpp"
#include "physics/shallow_water/geo_normal.hpp"

namespace tridg {

template <class Real, class Flux>
struct LinearShallowWaterPhysics : PhysicsDefaults<Real, 3>, LswState<Real> {
  static constexpr int M = 3;
  template <class R> using Boundary = LswBoundary<R>;
  using FluxType = Flux;
  static constexpr bool has_point_flux = true;
  static constexpr bool has_point_source = true;
  static constexpr bool has_side_correction = true;
  static constexpr int point_gradient_var = 0; // d(eta)/dx for the metric's remainder
  static constexpr bool has_own_radius = true; // lengths in metres on geographic meshes
  using LswState<Real>::g;
  using LswState<Real>::h_max;
  using LswState<Real>::geographic;
  using LswState<Real>::wy;

  LinearShallowWaterPhysics() = default;
  explicit LinearShallowWaterPhysics(const LswState<Real>& s) : LswState<Real>(s) {}

  template <class R> LinearShallowWaterPhysics<R, Flux> cast() const {
    LinearShallowWaterPhysics<R, Flux> r;
    r.g = R(g);
    r.h_max = R(h_max);
    r.geographic = geographic;
    r.wy = R(wy);
    return r;
  }
  TRIDG_HD bool wants_point_gradient() const { return geographic; }

  // Volume flux at a volume point: (q, g H eta I), H from the depth data.
  template <int P>
  TRIDG_HD void point_flux(const ElementPoint<Real>& ep, const Real* u, Real* fx, Real* fy) const {
    constexpr LswAuxLayout L = lsw_aux_layout<P>();
    const auto& m = *ep.m;
    const Real H = ldg(&m.aux[row_offset(L.h_points() + ep.q, m.n_elems, ep.k)]);
    const Real p = g * H * u[0];
    Real wx = 1, w1 = 1, wyy = 1;
    if (geographic) {
      wx = ldg(&m.aux[row_offset(L.geo_wx() + ep.q, m.n_elems, ep.k)]);
      w1 = ldg(&m.aux[row_offset(L.geo_w1() + ep.q, m.n_elems, ep.k)]);
      wyy = wy;
    }
    fx[0] = wx * u[1];
    fx[1] = w1 * p;
    fx[2] = 0;
    fy[0] = wyy * u[2];
    fy[1] = 0;
    fy[2] = wyy * p;
  }
  TRIDG_HD void point_numerical_flux(const EdgePoint<Real>& pt, const Real* uL, const Real* uR,
                                     Real* f) const {
    const Real H = lsw_edge_depth(pt.m->edge_aux, pt.m->n_edges, pt.e, pt.q);
    if (!geographic) return Flux::apply(g, H, uL, uR, pt.nx, pt.ny, f);
    Real nx, ny;
    const Real len = metric_normal(pt, nx, ny);
    Flux::apply(g, H, uL, uR, nx, ny, f);
    for (int v = 0; v < M; ++v) f[v] *= len;
  }
  // 1 / the inscribed radius in metres (kernels/dg_element.hpp's inv_length).
  template <int P> TRIDG_HD Real inv_radius(const MeshView<Real>& m, int k) const {
    if (!geographic) return inv_inradius(m, k);
    return ldg(&m.aux[row_offset(lsw_aux_layout<P>().geo_inv_r(), m.n_elems, k)]);
  }
  // What gauges and the maxima see of a cell (physics/linear_shallow_water/water_cell.hpp).
  static constexpr bool has_water_cell = true;
  template <int P>
  TRIDG_HD WaterCell<Real> water_cell(const MeshView<MeshReal<Real>>& m, int k, Real eta) const {
    return lsw_water_cell(lsw_aux_layout<P>(), m.aux, m.n_elems, k, eta);
  }
  // g eta grad H, times w_q det J (which the depth data hold).
  template <int P>
  TRIDG_HD void point_source(const ElementPoint<Real>& ep, const NoCell&, const Real* u,
                             Real* s) const {
    constexpr LswAuxLayout L = lsw_aux_layout<P>();
    const auto& m = *ep.m;
    const int E = m.n_elems;
    s[0] = 0;
    const Real gx = ldg(&m.aux[row_offset(L.grad_x() + ep.q, E, ep.k)]);
    const Real gy = ldg(&m.aux[row_offset(L.grad_y() + ep.q, E, ep.k)]);
    if (!geographic) {
      s[1] = g * u[0] * gx;
      s[2] = g * u[0] * gy;
      return;
    }
    const Real wx = ldg(&m.aux[row_offset(L.geo_wx() + ep.q, E, ep.k)]),
               w1 = ldg(&m.aux[row_offset(L.geo_w1() + ep.q, E, ep.k)]);
    const Real H = ldg(&m.aux[row_offset(L.h_points() + ep.q, E, ep.k)]);
    const Real t = ldg(&m.aux[row_offset(L.geo_tan() + ep.q, E, ep.k)]) * ep.wdet;
    const Real f = ldg(&m.aux[row_offset(L.geo_coriolis() + ep.q, E, ep.k)]) * ep.wdet;
    s[0] = t * u[2];
    s[1] = g * (w1 * u[0] * gx - (wx - w1) * H * ep.wdx) + f * u[2];
    s[2] = g * (wy * u[0] * gy) - f * u[1];
  }
  // The element's own side of an edge: g eta (H_own - H_edge) n. The volume terms integrate
  // div(g H eta w) exactly to the element's own trace g H_own eta, the edge flux has the edge's
  // g H_edge eta*: this makes up the difference, so a still surface eta = eta0 (q = 0) gets no
  // force to round-off over any depth (for eta0 = 0 every term is zero anyway). It vanishes
  // where the two traces of H agree (constant depth: the energy argument is untouched).
  TRIDG_HD void side_correction(const EdgePoint<Real>& pt, bool right, const NoCell&, const Real* u,
                                Real lw, Real* out) const {
    const auto& m = *pt.m;
    const Real dh = lsw_trace_depth(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q, right) -
                    lsw_edge_depth(m.edge_aux, m.n_edges, pt.e, pt.q);
    const Real sgn = right ? Real(-1) : Real(1); // the normal points out of this element
    out[0] = 0;
    if (!geographic) {
      const Real corr = g * u[0] * dh * lw;
      out[1] = corr * (sgn * pt.nx);
      out[2] = corr * (sgn * pt.ny);
      return;
    }
    // The edge's flux holds wx g H_edge eta; the element's own side takes w1 g H_own eta.
    const Real h_own = lsw_trace_depth(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q, right);
    const Real h_edge = lsw_edge_depth(m.edge_aux, m.n_edges, pt.e, pt.q);
    const Real wx = lsw_edge_wx(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q);
    const Real w1 = lsw_edge_w1(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q, right);
    out[1] = g * u[0] * (w1 * h_own - wx * h_edge) * lw * (sgn * pt.nx);
    out[2] = g * u[0] * wy * dh * lw * (sgn * pt.ny);
  }
  // The gravity-wave speed of the deepest water: the waves do not depend on the state.
  TRIDG_HD Real max_speed(const Real*) const { return sqrt(g * h_max); }
  TRIDG_HD bool admissible(const Real* u) const {
    constexpr Real big = std::numeric_limits<Real>::max();
    return tabs(u[0]) <= big && tabs(u[1]) <= big && tabs(u[2]) <= big; // NaN fails
  }
  static constexpr int n_positive = 0; // no positive quantity (no limiter)
  TRIDG_HD Real positive_quantity(int, const Real* u) const { return u[0]; }
  static const char* positive_name(int) { return "none"; }
  TRIDG_HD void boundary_ghost(const Boundary<Real>& bc, const EdgePoint<Real>& pt, const Real* u,
                               Real* gs) const {
    const Real H = lsw_edge_depth(pt.m->edge_aux, pt.m->n_edges, pt.e, pt.q);
    Real nx = pt.nx, ny = pt.ny;
    if (geographic) metric_normal(pt, nx, ny); // the wall's normal in metres
    lsw_boundary_ghost(g, H, bc, u, nx, ny, pt.t, gs);
  }

private:
  // The unit normal in metres at a geographic edge point, and the length of (wx nx, wy ny).
  TRIDG_HD Real metric_normal(const EdgePoint<Real>& pt, Real& nx, Real& ny) const {
    const auto& m = *pt.m;
    nx = pt.nx;
    ny = pt.ny;
    return geo_metric_normal(Real(lsw_edge_wx(m.edge_aux, m.n_edges, pt.nf, pt.e, pt.q)), wy, nx,
                             ny);
  }
};

} // namespace tridg
