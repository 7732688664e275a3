#pragma once
// Ghost states of the shallow-water boundary conditions. They act on the hydrostatically
// reconstructed state at the edge point and know the bed elevation there.
//
//   wall       (BcKind::wall)      reflecting: the normal velocity is mirrored
//   level      (BcKind::inflow)    prescribed water level: constant `level`, or a time series in
//                                  `table` ([n, t_0..t_n-1, eta_0..eta_n-1], linear in time);
//                                  after the series' last time the boundary is absorbing
//   absorbing  (BcKind::absorbing) characteristic, non-reflecting about the still level `level`
//   outflow    (BcKind::outflow)   ghost = interior
#include <cmath>

#include "kernels/boundary.hpp"
#include "kernels/sw_physics.hpp"

namespace tridg {

// The water level of a time series at time t; `past_end` tells whether t is after its last time.
template <class Real> TRIDG_HD Real sw_series_level(const Real* table, Real t, bool& past_end) {
  const int n = int(table[0] + Real(0.5));
  const Real* ts = table + 1;
  const Real* ls = table + 1 + n;
  past_end = t > ts[n - 1];
  if (t >= ts[n - 1]) return ls[n - 1];
  if (t <= ts[0]) return ls[0];
  int lo = 0, hi = n - 1; // ts[lo] <= t < ts[hi]
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (ts[mid] <= t)
      lo = mid;
    else
      hi = mid;
  }
  const Real w = (t - ts[lo]) / (ts[hi] - ts[lo]);
  return ls[lo] + w * (ls[hi] - ls[lo]);
}

// The interior state at a boundary point in the edge's frame: depth, normal and tangential
// velocity, wave speed.
template <class Real> struct SwEdgeState {
  Real h, vn, vt, c;
  // Supercritical outflow: everything leaves, the ghost is the interior state.
  TRIDG_HD bool outflowing() const { return vn >= c && h > Real(0); }
};

template <class Real>
TRIDG_HD SwEdgeState<Real> sw_edge_state(const ShallowWaterPhysics<Real>& ph, const Real* u,
                                         Real nx, Real ny) {
  const Real h = tmax(u[0], Real(0));
  const Real vx = ph.velocity(h, u[1]), vy = ph.velocity(h, u[2]);
  return {h, vx * nx + vy * ny, -vx * ny + vy * nx, sqrt(ph.g * h)};
}

// Conserved ghost state of depth hg moving with normal velocity vn and tangential vt.
template <class Real>
TRIDG_HD void sw_ghost_state(Real hg, Real vn, Real vt, Real nx, Real ny, Real* gs) {
  gs[0] = hg;
  gs[1] = hg * (vn * nx - vt * ny);
  gs[2] = hg * (vn * ny + vt * nx);
}

// Ghost state with depth `hg` from the interior state u: the tangential velocity is the
// interior's, the normal one follows from the interior's outgoing Riemann invariant
// v_n + 2c (subcritical flow; supercritical outflow takes the interior state).
template <class Real>
TRIDG_HD void sw_invariant_ghost(const ShallowWaterPhysics<Real>& ph, const Real* u, Real hg,
                                 Real nx, Real ny, Real* gs) {
  const SwEdgeState<Real> e = sw_edge_state(ph, u, nx, ny);
  if (e.outflowing()) {
    for (int k = 0; k < 3; ++k) gs[k] = u[k];
    return;
  }
  sw_ghost_state(hg, e.vn + Real(2) * (e.c - sqrt(ph.g * hg)), e.vt, nx, ny, gs);
}

// Characteristic absorbing condition: the incoming invariant is that of water at rest at
// `level`, the outgoing one the interior's.
template <class Real>
TRIDG_HD void sw_absorbing_ghost(const ShallowWaterPhysics<Real>& ph, const Real* u, Real b,
                                 Real level, Real nx, Real ny, Real* gs) {
  const SwEdgeState<Real> e = sw_edge_state(ph, u, nx, ny);
  if (e.outflowing()) {
    for (int k = 0; k < 3; ++k) gs[k] = u[k];
    return;
  }
  const Real rout = e.vn + Real(2) * e.c;
  const Real rin = -Real(2) * sqrt(ph.g * tmax(level - b, Real(0)));
  const Real cg = tmax(Real(0.25) * (rout - rin), Real(0));
  sw_ghost_state(cg * cg / ph.g, Real(0.5) * (rout + rin), e.vt, nx, ny, gs);
}

// Ghost state at an edge point with bed elevation b, outward normal (nx, ny), time t.
template <class Real>
TRIDG_HD void sw_boundary_ghost(const ShallowWaterPhysics<Real>& ph,
                                const BoundaryParams<Real, 3>& bc, const Real* u, Real b, Real nx,
                                Real ny, Real t, Real* gs) {
  switch (bc.kind) {
  case BcKind::wall:
    ph.wall_ghost(u, nx, ny, gs);
    return;
  case BcKind::inflow: {
    bool past_end = false;
    const Real level = bc.table ? sw_series_level(bc.table, t, past_end) : bc.level;
    if (past_end)
      sw_absorbing_ghost(ph, u, b, bc.level, nx, ny, gs);
    else
      sw_invariant_ghost(ph, u, tmax(level - b, Real(0)), nx, ny, gs);
    return;
  }
  case BcKind::absorbing:
    sw_absorbing_ghost(ph, u, b, bc.level, nx, ny, gs);
    return;
  default:
    for (int k = 0; k < 3; ++k) gs[k] = u[k];
    return;
  }
}

} // namespace tridg
