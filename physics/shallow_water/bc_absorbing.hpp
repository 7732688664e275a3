#pragma once
// Characteristic absorbing condition: the incoming invariant is that of water at rest at
// `level`, the outgoing one the interior's.
#include <tuple>

#include "physics/shallow_water/bc_characteristic.hpp"

namespace tridg {

template <class Real> struct SwAbsorbingBc {
  Real level = 0; // still level
  template <class S> static auto fields(S& s) { return std::tie(s.level); }
};

template <class Real>
TRIDG_HD void sw_absorbing_ghost(const SwConstants<Real>& ph, const Real* u, Real b, Real level,
                                 Real nx, Real ny, Real* gs) {
  const SwEdgeState<Real> e = sw_edge_state(ph, u, nx, ny);
  if (e.outflowing()) {
    for (int k = 0; k < 3; ++k) gs[k] = u[k];
    return;
  }
  const Real rout = e.vn + Real(2) * e.c;
  const Real rin = -Real(2) * sqrt(ph.g * tmax(level - b, Real(0)));
  const Real cg = tmax(Real(0.25) * (rout - rin), Real(0));
  sw_ghost_state(cg * cg / ph.g, Real(0.5) * (rout + rin), e.vt, nx, ny, gs);
}

} // namespace tridg
