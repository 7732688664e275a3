#pragma once
// Rusanov flux for shallow water on hydrostatically reconstructed states (either side may be
// dry).
#include "physics/shallow_water/state.hpp"

namespace tridg {

struct SwRusanov {
  static constexpr const char* name = "rusanov";
  template <class Real>
  TRIDG_HD static void apply(const SwConstants<Real>& st, const Real* uL, const Real* uR, Real nx,
                             Real ny, Real* f) {
    const SwRiemannSides<Real> r = sw_riemann_sides(st, uL, uR, nx, ny);
    if (r.both_dry()) {
      f[0] = f[1] = f[2] = 0;
      return;
    }
    const Real s = tmax(tabs(r.vnL) + r.cL, tabs(r.vnR) + r.cR);
    for (int k = 0; k < 3; ++k)
      f[k] = Real(0.5) * (r.fL[k] + r.fR[k]) - Real(0.5) * s * (r.qR[k] - r.qL[k]);
  }
};

} // namespace tridg
