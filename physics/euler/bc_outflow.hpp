#pragma once
// Supersonic outflow: the ghost is the interior state (everything leaves).
#include "core/hd.hpp"

namespace tridg {

template <class Real> TRIDG_HD void euler_outflow_ghost(const Real* u, Real* g) {
  for (int k = 0; k < 4; ++k) g[k] = u[k];
}

} // namespace tridg
