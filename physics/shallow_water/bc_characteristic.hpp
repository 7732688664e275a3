#pragma once
// What the level and absorbing conditions share: the interior state in the edge's frame and
// ghost states built from Riemann invariants.
#include <cmath>

#include "physics/shallow_water/state.hpp"

namespace tridg {

// The interior state at a boundary point in the edge's frame: depth, normal and tangential
// velocity, wave speed.
template <class Real> struct SwEdgeState {
  Real h, vn, vt, c;
  // Supercritical outflow: everything leaves, the ghost is the interior state.
  TRIDG_HD bool outflowing() const { return vn >= c && h > Real(0); }
};

template <class Real>
TRIDG_HD SwEdgeState<Real> sw_edge_state(const SwConstants<Real>& ph, const Real* u, Real nx,
                                         Real ny) {
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

} // namespace tridg
