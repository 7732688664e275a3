#pragma once
// The linearised shallow-water boundary conditions, one header each, with the still depth H at
// the edge point:
//   wall       (BcKind::wall)      reflecting
//   level      (BcKind::inflow)    prescribed surface level, constant or a time series
//   absorbing  (BcKind::absorbing) characteristic, non-reflecting about the still level `level`
//   outflow    (BcKind::outflow)   ghost = interior
#include <limits>

#include "kernels/boundary.hpp"
#include "physics/linear_shallow_water/bc_absorbing.hpp"
#include "physics/linear_shallow_water/bc_level.hpp"
#include "physics/linear_shallow_water/bc_outflow.hpp"
#include "physics/linear_shallow_water/bc_wall.hpp"

namespace tridg {

template <class Real>
TRIDG_HD void lsw_boundary_ghost(Real g, Real H, const BoundaryParams<Real, 3>& bc, const Real* u,
                                 Real nx, Real ny, Real t, Real* gs) {
  switch (bc.kind) {
  case BcKind::wall:
    lsw_wall_ghost(u, nx, ny, gs);
    return;
  case BcKind::inflow:
    lsw_level_ghost(g, H, bc, u, nx, ny, t, gs);
    return;
  case BcKind::absorbing:
    lsw_absorbing_ghost(g, H, u, bc.level, nx, ny, gs);
    return;
  case BcKind::outflow:
    lsw_outflow_ghost(u, gs);
    return;
  default:
    // A kind this physics has no condition for (its case reader sets none): a NaN ghost stops
    // the run as non-physical in its first step rather than passing for another condition.
    for (int v = 0; v < 3; ++v) gs[v] = std::numeric_limits<Real>::quiet_NaN();
    return;
  }
}

} // namespace tridg
