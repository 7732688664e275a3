#pragma once
// Linearised shallow water about still water of depth H(x, y) > 0: the point functions of the
// state u = (eta, hu, hv) that the fluxes and boundary conditions share.
#include <cmath>

#include "core/hd.hpp"

namespace tridg {

template <class Real> struct LswState {
  Real g = Real(9.81);
  // The largest still depth of the mesh: sqrt(g h_max) bounds every wave speed (CFL condition).
  Real h_max = Real(1);
  // Longitude-latitude mesh (degrees): the metric rows of the depth data are present, and wy is
  // 1 / (metres per degree).
  bool geographic = false;
  Real wy = 1;
};

// A state at an edge point in the edge's frame: surface, normal and tangential discharge.
template <class Real> struct LswEdgeState { Real eta, qn, qt; };
template <class Real> TRIDG_HD LswEdgeState<Real> lsw_edge_state(const Real* u, Real nx, Real ny) {
  return {u[0], u[1] * nx + u[2] * ny, -u[1] * ny + u[2] * nx};
}
template <class Real>
TRIDG_HD void lsw_from_edge(Real eta, Real qn, Real qt, Real nx, Real ny, Real* u) {
  u[0] = eta;
  u[1] = qn * nx - qt * ny;
  u[2] = qn * ny + qt * nx;
}

} // namespace tridg
