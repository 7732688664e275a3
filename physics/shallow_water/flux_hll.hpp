#pragma once
// HLL flux for shallow water with Davis' wave speeds; next to a dry side the front moves at
// v -/+ 2c (Toro). The states are the hydrostatically reconstructed ones.
#include "physics/shallow_water/state.hpp"

namespace tridg {

struct SwHll {
  static constexpr const char* name = "hll";
  template <class Real>
  TRIDG_HD static void apply(const SwConstants<Real>& st, const Real* uL, const Real* uR, Real nx,
                             Real ny, Real* f) {
    const SwRiemannSides<Real> r = sw_riemann_sides(st, uL, uR, nx, ny);
    if (r.both_dry()) {
      f[0] = f[1] = f[2] = 0;
      return;
    }
    Real SL, SR;
    if (!(r.hL > Real(0))) {
      SL = r.vnR - Real(2) * r.cR;
      SR = r.vnR + r.cR;
    } else if (!(r.hR > Real(0))) {
      SL = r.vnL - r.cL;
      SR = r.vnL + Real(2) * r.cL;
    } else {
      SL = tmin(r.vnL - r.cL, r.vnR - r.cR);
      SR = tmax(r.vnL + r.cL, r.vnR + r.cR);
    }
    if (SL >= Real(0)) {
      for (int k = 0; k < 3; ++k) f[k] = r.fL[k];
    } else if (SR <= Real(0)) {
      for (int k = 0; k < 3; ++k) f[k] = r.fR[k];
    } else {
      const Real inv = Real(1) / (SR - SL);
      for (int k = 0; k < 3; ++k)
        f[k] = (SR * r.fL[k] - SL * r.fR[k] + SL * SR * (r.qR[k] - r.qL[k])) * inv;
    }
  }
};

} // namespace tridg
