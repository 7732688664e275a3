#pragma once
// The linearised shallow-water boundary conditions, one header each with its parameters, with
// the still depth H at the edge point.
#include <limits>
#include <tuple>

#include "core/fields.hpp"
#include "kernels/boundary.hpp"
#include "physics/linear_shallow_water/bc_absorbing.hpp"
#include "physics/linear_shallow_water/bc_level.hpp"
#include "physics/linear_shallow_water/bc_outflow.hpp"
#include "physics/linear_shallow_water/bc_wall.hpp"

namespace tridg {

enum class LswBcKind : int {
  wall,      // reflecting
  level,     // prescribed surface level, constant or a time series
  absorbing, // characteristic, non-reflecting about a still level
  outflow,   // ghost = interior
};

// A group's condition: its kind and the parameters of the conditions that have some.
template <class Real> struct LswBc {
  LswBcKind kind = LswBcKind::wall;
  LswLevelBc<Real> level;
  LswAbsorbingBc<Real> absorbing;
  template <class S> static auto fields(S& s) { return std::tie(s.kind, s.level, s.absorbing); }
};
static_assert(fields_cover<LswBc>(), "LswBc: a field is missing from fields()");

template <class Real> using LswBoundary = BoundaryParams<Real, LswBc>;

template <class Real>
TRIDG_HD void lsw_boundary_ghost(Real g, Real H, const LswBoundary<Real>& bc, const Real* u,
                                 Real nx, Real ny, Real t, Real* gs) {
  switch (bc.kind) {
  case LswBcKind::wall:
    lsw_wall_ghost(u, nx, ny, gs);
    return;
  case LswBcKind::level:
    lsw_level_ghost(g, H, bc.level, bc.table, u, nx, ny, t, gs);
    return;
  case LswBcKind::absorbing:
    lsw_absorbing_ghost(g, H, u, bc.absorbing.level, nx, ny, gs);
    return;
  case LswBcKind::outflow:
    lsw_outflow_ghost(u, gs);
    return;
  }
  // No condition of this physics: a NaN ghost stops the run as non-physical in its first step
  // rather than passing for another condition.
  for (int v = 0; v < 3; ++v) gs[v] = std::numeric_limits<Real>::quiet_NaN();
}

} // namespace tridg
