#pragma once
// Characteristic absorbing condition. Along the outward normal the characteristic variables are
// w+ = qn + c eta (leaving, speed +c) and w- = qn - c eta (entering, speed -c), c = sqrt(g H).
// The ghost keeps the interior's w+ and has the incoming w- of still water at `level`
// (w- = -c level): the upwind flux then lets every outgoing wave pass without reflection.
#include <cmath>
#include <tuple>

#include "physics/linear_shallow_water/state.hpp"

namespace tridg {

template <class Real> struct LswAbsorbingBc {
  Real level = 0; // still level
  template <class S> static auto fields(S& s) { return std::tie(s.level); }
};

template <class Real>
TRIDG_HD void lsw_absorbing_ghost(Real g, Real H, const Real* u, Real level, Real nx, Real ny,
                                  Real* gs) {
  const Real c = sqrt(g * H);
  const LswEdgeState<Real> e = lsw_edge_state(u, nx, ny);
  const Real wp = e.qn + c * e.eta, wm = -c * level;
  lsw_from_edge((wp - wm) / (Real(2) * c), Real(0.5) * (wp + wm), e.qt, nx, ny, gs);
}

} // namespace tridg
