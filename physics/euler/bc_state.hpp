#pragma once
// Supersonic inflow and characteristic far field: a prescribed state, upwinded by the numerical
// flux.
#include "kernels/boundary.hpp"

namespace tridg {

template <class Real> TRIDG_HD void euler_state_ghost(const BoundaryParams<Real, 4>& bc, Real* g) {
  for (int k = 0; k < 4; ++k) g[k] = bc.a[k];
}

} // namespace tridg
