#pragma once
// Supersonic inflow and characteristic far field: a prescribed state, upwinded by the numerical
// flux.
#include <tuple>

#include "core/hd.hpp"

namespace tridg {

template <class Real> struct EulerStateBc {
  Real u[4] = {}; // conserved state
  template <class S> static auto fields(S& s) { return std::tie(s.u); }
};

template <class Real> TRIDG_HD void euler_state_ghost(const EulerStateBc<Real>& bc, Real* g) {
  for (int k = 0; k < 4; ++k) g[k] = bc.u[k];
}

} // namespace tridg
