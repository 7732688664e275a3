#pragma once
// The shallow-water boundary conditions, one header each, acting on the hydrostatically
// reconstructed state at the edge point with the bed elevation b there:
//   wall       (BcKind::wall)      reflecting
//   level      (BcKind::inflow)    prescribed water level, constant or a time series
//   absorbing  (BcKind::absorbing) characteristic, non-reflecting about the still level `level`
//   outflow    (BcKind::outflow)   ghost = interior
//   initial    (BcKind::tabulated) the initial state at the edge point, held (the physics
//                                  reads the table: kernels/bc_tabulated.hpp)
#include <limits>

#include "kernels/boundary.hpp"
#include "physics/shallow_water/bc_absorbing.hpp"
#include "physics/shallow_water/bc_level.hpp"
#include "physics/shallow_water/bc_outflow.hpp"
#include "physics/shallow_water/bc_wall.hpp"

namespace tridg {

template <class Real>
TRIDG_HD void sw_boundary_ghost(const SwConstants<Real>& ph, const BoundaryParams<Real, 3>& bc,
                                const Real* u, Real b, Real nx, Real ny, Real t, Real* gs) {
  switch (bc.kind) {
  case BcKind::wall:
    sw_wall_ghost(ph, u, nx, ny, gs);
    return;
  case BcKind::inflow:
    sw_level_ghost(ph, bc, u, b, nx, ny, t, gs);
    return;
  case BcKind::absorbing:
    sw_absorbing_ghost(ph, u, b, bc.level, nx, ny, gs);
    return;
  case BcKind::outflow:
    sw_outflow_ghost(u, gs);
    return;
  default:
    // A kind shallow water has no condition for (its case reader sets none): a NaN ghost stops
    // the run as non-physical in its first step rather than passing for another condition.
    for (int v = 0; v < 3; ++v) gs[v] = std::numeric_limits<Real>::quiet_NaN();
    return;
  }
}

} // namespace tridg
