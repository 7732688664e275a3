#pragma once
// A straight shock front moving along x: state `behind` where x < x0 + sx y + st t, state `ahead`
// elsewhere (the top boundary of the double Mach reflection).
#include <tuple>

#include "core/hd.hpp"

namespace tridg {

template <class Real> struct EulerMovingShockBc {
  Real behind[4] = {}, ahead[4] = {}; // conserved states
  Real x0 = 0, sx = 0, st = 0;        // the front
  template <class S> static auto fields(S& s) {
    return std::tie(s.behind, s.ahead, s.x0, s.sx, s.st);
  }
};

template <class Real>
TRIDG_HD void euler_moving_shock_ghost(const EulerMovingShockBc<Real>& bc, Real x, Real y, Real t,
                                       Real* g) {
  const bool behind = x < bc.x0 + bc.sx * y + bc.st * t;
  for (int k = 0; k < 4; ++k) g[k] = behind ? bc.behind[k] : bc.ahead[k];
}

} // namespace tridg
