#pragma once
// Rusanov (local Lax-Friedrichs) flux: central flux plus the largest wave speed's dissipation.
#include "physics/euler/state.hpp"

namespace tridg {

struct EulerRusanov {
  static constexpr const char* name = "rusanov";
  template <class Real>
  TRIDG_HD static void apply(const IdealGas<Real>& gas, const Real* uL, const Real* uR, Real nx,
                             Real ny, Real* f) {
    const Real gamma = gas.gamma;
    const Real pL = gas.pressure(uL), pR = gas.pressure(uR);
    const Real vnL = (uL[1] * nx + uL[2] * ny) / uL[0], vnR = (uR[1] * nx + uR[2] * ny) / uR[0];
    const Real cL = sqrt(gamma * tmax(pL, Real(0)) / uL[0]);
    const Real cR = sqrt(gamma * tmax(pR, Real(0)) / uR[0]);
    const Real s = tmax(tabs(vnL) + cL, tabs(vnR) + cR);
    Real fL[4], fR[4];
    gas.normal_flux(uL, pL, vnL, nx, ny, fL);
    gas.normal_flux(uR, pR, vnR, nx, ny, fR);
    for (int k = 0; k < 4; ++k)
      f[k] = Real(0.5) * (fL[k] + fR[k]) - Real(0.5) * s * (uR[k] - uL[k]);
  }
};

} // namespace tridg
