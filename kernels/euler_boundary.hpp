#pragma once
// Ghost states of the Euler boundary conditions.
#include <cmath>

#include "kernels/boundary.hpp"
#include "kernels/euler_physics.hpp"

namespace tridg {

template <class Real>
TRIDG_HD void boundary_ghost(const EulerPhysics<Real>& phys, const BoundaryParams<Real, 4>& bc,
                             const Real* u, Real x, Real y, Real nx, Real ny, Real t, int nf, int q,
                             int e, Real* g) {
  switch (bc.kind) {
  case BcKind::tabulated:
    for (int k = 0; k < 4; ++k) g[k] = bc.table[(k * nf + q) * bc.count + (e - bc.first)];
    return;
  case BcKind::wall:
    phys.wall_ghost(u, nx, ny, g);
    return;
  case BcKind::curved_wall: {
    // The exact normal of the arc at the point, oriented like the straight edge's outward normal.
    Real ex = x - bc.cx, ey = y - bc.cy;
    const Real il = Real(1) / sqrt(ex * ex + ey * ey);
    ex *= il;
    ey *= il;
    if (ex * nx + ey * ny < Real(0)) {
      ex = -ex;
      ey = -ey;
    }
    phys.wall_ghost(u, ex, ey, g);
    return;
  }
  case BcKind::inflow:
  case BcKind::farfield:
    for (int k = 0; k < 4; ++k) g[k] = bc.a[k];
    return;
  case BcKind::moving_shock: {
    const bool behind = x < bc.x0 + bc.sx * y + bc.st * t;
    for (int k = 0; k < 4; ++k) g[k] = behind ? bc.a[k] : bc.b[k];
    return;
  }
  default:
    for (int k = 0; k < 4; ++k) g[k] = u[k];
    return;
  }
}

} // namespace tridg
