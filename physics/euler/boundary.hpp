#pragma once
// The Euler boundary conditions, one header each, chosen per boundary group at run time (only
// boundary edges pay for the choice).
#include "kernels/bc_tabulated.hpp"
#include "kernels/physics_interface.hpp"
#include "physics/euler/bc_curved_wall.hpp"
#include "physics/euler/bc_moving_shock.hpp"
#include "physics/euler/bc_outflow.hpp"
#include "physics/euler/bc_state.hpp"
#include "physics/euler/bc_wall.hpp"

namespace tridg {

template <class Real>
TRIDG_HD void euler_boundary_ghost(const BoundaryParams<Real, 4>& bc, const EdgePoint<Real>& pt,
                                   const Real* u, Real* g) {
  switch (bc.kind) {
  case BcKind::tabulated:
    tabulated_ghost(bc, pt, g);
    return;
  case BcKind::wall:
    euler_wall_ghost(u, pt.nx, pt.ny, g);
    return;
  case BcKind::curved_wall:
    euler_curved_wall_ghost(bc, u, pt.x, pt.y, pt.nx, pt.ny, g);
    return;
  case BcKind::inflow:
  case BcKind::farfield:
    euler_state_ghost(bc, g);
    return;
  case BcKind::moving_shock:
    euler_moving_shock_ghost(bc, pt.x, pt.y, pt.t, g);
    return;
  default: // outflow, absorbing
    euler_outflow_ghost(u, g);
    return;
  }
}

} // namespace tridg
