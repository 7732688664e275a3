#pragma once
// Slip wall: the ghost mirrors the normal velocity about the wall normal (nx, ny).
#include "core/hd.hpp"

namespace tridg {

template <class Real> TRIDG_HD void euler_wall_ghost(const Real* u, Real nx, Real ny, Real* g) {
  const Real mn = u[1] * nx + u[2] * ny;
  g[0] = u[0];
  g[1] = u[1] - Real(2) * mn * nx;
  g[2] = u[2] - Real(2) * mn * ny;
  g[3] = u[3];
}

} // namespace tridg
