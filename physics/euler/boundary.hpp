#pragma once
// The Euler boundary conditions, one header each with its parameters, chosen per boundary group
// at run time (only boundary edges pay for the choice).
#include <tuple>

#include "core/fields.hpp"
#include "kernels/bc_tabulated.hpp"
#include "kernels/boundary.hpp"
#include "kernels/physics_interface.hpp"
#include "physics/euler/bc_curved_wall.hpp"
#include "physics/euler/bc_moving_shock.hpp"
#include "physics/euler/bc_outflow.hpp"
#include "physics/euler/bc_state.hpp"
#include "physics/euler/bc_wall.hpp"

namespace tridg {

enum class EulerBcKind : int {
  wall,         // slip wall
  curved_wall,  // slip wall about the exact normal of a circle arc
  inflow,       // prescribed state (supersonic inflow)
  farfield,     // prescribed state, upwinded by the Riemann solver
  outflow,      // ghost = interior state
  moving_shock, // one state behind a moving front, another ahead (double Mach top)
  tabulated,    // ghost state given per edge point (exact solutions, initial states)
};

// A group's condition: its kind and the parameters of the conditions that have some.
template <class Real> struct EulerBc {
  EulerBcKind kind = EulerBcKind::wall;
  EulerStateBc<Real> state;
  EulerCurvedWallBc<Real> arc;
  EulerMovingShockBc<Real> shock;
  template <class S> static auto fields(S& s) { return std::tie(s.kind, s.state, s.arc, s.shock); }
};
static_assert(fields_cover<EulerBc>(), "EulerBc: a field is missing from fields()");

template <class Real> using EulerBoundary = BoundaryParams<Real, EulerBc>;

template <class Real>
TRIDG_HD void euler_boundary_ghost(const EulerBoundary<Real>& bc, const EdgePoint<Real>& pt,
                                   const Real* u, Real* g) {
  switch (bc.kind) {
  case EulerBcKind::tabulated:
    tabulated_ghost<4>(bc, bc.table, pt, g);
    return;
  case EulerBcKind::wall:
    euler_wall_ghost(u, pt.nx, pt.ny, g);
    return;
  case EulerBcKind::curved_wall:
    euler_curved_wall_ghost(bc.arc, u, pt.x, pt.y, pt.nx, pt.ny, g);
    return;
  case EulerBcKind::inflow:
  case EulerBcKind::farfield:
    euler_state_ghost(bc.state, g);
    return;
  case EulerBcKind::moving_shock:
    euler_moving_shock_ghost(bc.shock, pt.x, pt.y, pt.t, g);
    return;
  default:
    // outflow. Not a case of its own with a NaN ghost for the rest, as shallow water has: that
    // path changes how the compiler fuses the flux's multiply-adds (-march=x86-64-v3), and so
    // the last bits of the results.
    euler_outflow_ghost(u, g);
    return;
  }
}

} // namespace tridg
