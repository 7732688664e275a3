#pragma once
// Boundary conditions as parameters of one launch over one boundary group: the ghost state at an
// edge point is computed from the interior state, the point, the normal and the time.
#include "core/hd.hpp"
#include "core/mesh_real.hpp"

namespace tridg {

enum class BcKind : int {
  wall = 0,         // slip wall / reflecting wall (straight normal)
  curved_wall = 1,  // Krivodonova-Berger: reflect about the exact normal of a circle arc
  inflow = 2,       // prescribed state (supersonic inflow, or a water level for shallow water)
  outflow = 3,      // ghost = interior state
  farfield = 4,     // prescribed state, upwinded by the Riemann solver
  moving_shock = 5, // state `a` where x < x0 + sx*y + st*t, else state `b` (double Mach top)
  absorbing = 6,    // characteristic non-reflecting (shallow water); Euler: as outflow
  tabulated = 7,    // ghost state given per edge point (exact solutions, expressions of x, y)
};

template <class Real, int M> struct BoundaryParams {
  BcKind kind = BcKind::wall;
  int first = 0, count = 0;    // edge range of the group
  Real a[M] = {};              // prescribed (conserved) state
  Real b[M] = {};              // second state (moving shock)
  Real cx = 0, cy = 0;         // circle centre (curved wall)
  Real x0 = 0, sx = 0, st = 0; // moving shock front
  // Shallow water: the prescribed level, or the still level of an absorbing boundary; with a
  // time series in `table` (interpolated at the stage time by the kernel), the still level the
  // boundary absorbs about after the series ends.
  Real level = 0;
  // tabulated: [M][NF][count]; a water level's time series: [n, t..., eta...]. Set by the
  // backend; fixed data, so plain doubles under dual numbers (the Jacobian's copies share the
  // residual's table)
  const MeshReal<Real>* table = nullptr;
};

} // namespace tridg
