#pragma once
// Outflow: the ghost is the interior state.
#include "core/hd.hpp"

namespace tridg {

template <class Real> TRIDG_HD void lsw_outflow_ghost(const Real* u, Real* gs) {
  for (int k = 0; k < 3; ++k) gs[k] = u[k];
}

} // namespace tridg
