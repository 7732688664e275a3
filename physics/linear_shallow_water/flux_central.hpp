#pragma once
// Central flux: the average of both sides' fluxes, F = ({qn}, g H {eta} n). No dissipation: the
// semi-discrete energy sum (g eta^2 + |q|^2 / H) / 2 is conserved over constant depth (and over
// walls), so only the time scheme changes it.
#include "core/hd.hpp"

namespace tridg {

struct LswCentral {
  static constexpr const char* name = "central";
  template <class Real>
  TRIDG_HD static void apply(Real g, Real H, const Real* uL, const Real* uR, Real nx, Real ny,
                             Real* f) {
    f[0] = Real(0.5) * ((uL[1] + uR[1]) * nx + (uL[2] + uR[2]) * ny);
    const Real p = Real(0.5) * g * H * (uL[0] + uR[0]);
    f[1] = p * nx;
    f[2] = p * ny;
  }
};

} // namespace tridg
