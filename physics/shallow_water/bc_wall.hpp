#pragma once
// Reflecting wall: the ghost mirrors the normal velocity.
#include "physics/shallow_water/state.hpp"

namespace tridg {

template <class Real>
TRIDG_HD void sw_wall_ghost(const SwConstants<Real>& ph, const Real* u, Real nx, Real ny,
                            Real* gs) {
  ph.wall_ghost(u, nx, ny, gs);
}

} // namespace tridg
