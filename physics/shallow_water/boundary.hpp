#pragma once
// The shallow-water boundary conditions, one header each with its parameters, acting on the
// hydrostatically reconstructed state at the edge point with the bed elevation b there. The
// `initial` condition (the initial state at the edge point, held) reads the group's table
// (kernels/bc_tabulated.hpp) before any reconstruction: ShallowWaterPhysics::boundary_ghost.
#include <limits>
#include <tuple>

#include "core/fields.hpp"
#include "kernels/boundary.hpp"
#include "physics/shallow_water/bc_absorbing.hpp"
#include "physics/shallow_water/bc_level.hpp"
#include "physics/shallow_water/bc_outflow.hpp"
#include "physics/shallow_water/bc_wall.hpp"

namespace tridg {

enum class SwBcKind : int {
  wall,      // reflecting
  level,     // prescribed water level, constant or a time series
  absorbing, // characteristic, non-reflecting about a still level
  outflow,   // ghost = interior
  initial,   // the initial state at the edge point, held
};

// A group's condition: its kind and the parameters of the conditions that have some.
template <class Real> struct SwBc {
  SwBcKind kind = SwBcKind::wall;
  SwLevelBc<Real> level;
  SwAbsorbingBc<Real> absorbing;
  template <class S> static auto fields(S& s) { return std::tie(s.kind, s.level, s.absorbing); }
};
static_assert(fields_cover<SwBc>(), "SwBc: a field is missing from fields()");

template <class Real> using SwBoundary = BoundaryParams<Real, SwBc>;

template <class Real>
TRIDG_HD void sw_boundary_ghost(const SwConstants<Real>& ph, const SwBoundary<Real>& bc,
                                const Real* u, Real b, Real nx, Real ny, Real t, Real* gs) {
  switch (bc.kind) {
  case SwBcKind::wall:
    sw_wall_ghost(ph, u, nx, ny, gs);
    return;
  case SwBcKind::level:
    sw_level_ghost(ph, bc.level, bc.table, u, b, nx, ny, t, gs);
    return;
  case SwBcKind::absorbing:
    sw_absorbing_ghost(ph, u, b, bc.absorbing.level, nx, ny, gs);
    return;
  case SwBcKind::outflow:
    sw_outflow_ghost(u, gs);
    return;
  case SwBcKind::initial: // read before the reconstruction, never here
    break;
  }
  // No condition of this physics: a NaN ghost stops the run as non-physical in its first step
  // rather than passing for another condition.
  for (int v = 0; v < 3; ++v) gs[v] = std::numeric_limits<Real>::quiet_NaN();
}

} // namespace tridg
