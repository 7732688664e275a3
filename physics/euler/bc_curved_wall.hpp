#pragma once
// Krivodonova-Berger curved wall: a slip wall about the exact normal of a circle arc at each
// edge point, so straight-sided elements still converge at high order.
#include <cmath>
#include <tuple>

#include "physics/euler/bc_wall.hpp"

namespace tridg {

template <class Real> struct EulerCurvedWallBc {
  Real cx = 0, cy = 0; // circle centre
  template <class S> static auto fields(S& s) { return std::tie(s.cx, s.cy); }
};

template <class Real>
TRIDG_HD void euler_curved_wall_ghost(const EulerCurvedWallBc<Real>& bc, const Real* u, Real x,
                                      Real y, Real nx, Real ny, Real* g) {
  // The exact normal of the arc at the point, oriented like the straight edge's outward normal.
  Real ex = x - bc.cx, ey = y - bc.cy;
  const Real il = Real(1) / sqrt(ex * ex + ey * ey);
  ex *= il;
  ey *= il;
  if (ex * nx + ey * ny < Real(0)) {
    ex = -ex;
    ey = -ey;
  }
  euler_wall_ghost(u, ex, ey, g);
}

} // namespace tridg
