#pragma once
// A straight shock front moving along x: state `a` behind it (x < x0 + sx y + st t), state `b`
// ahead (the top boundary of the double Mach reflection).
#include "kernels/boundary.hpp"

namespace tridg {

template <class Real>
TRIDG_HD void euler_moving_shock_ghost(const BoundaryParams<Real, 4>& bc, Real x, Real y, Real t,
                                       Real* g) {
  const bool behind = x < bc.x0 + bc.sx * y + bc.st * t;
  for (int k = 0; k < 4; ++k) g[k] = behind ? bc.a[k] : bc.b[k];
}

} // namespace tridg
