#pragma once
// Reflecting wall: the ghost mirrors the normal discharge (the upwind flux then carries no mass
// through the wall).
#include "physics/linear_shallow_water/state.hpp"

namespace tridg {

template <class Real> TRIDG_HD void lsw_wall_ghost(const Real* u, Real nx, Real ny, Real* gs) {
  const Real qn = u[1] * nx + u[2] * ny;
  gs[0] = u[0];
  gs[1] = u[1] - Real(2) * qn * nx;
  gs[2] = u[2] - Real(2) * qn * ny;
}

} // namespace tridg
