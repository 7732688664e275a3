#pragma once
// Upwind flux: the exact Riemann solver of the linear system with wave speed c = sqrt(g H) at
// the edge point. Along the normal the system is eta_t + qn_x = 0, qn_t + c^2 eta_x = 0, whose
// matrix A satisfies A^2 = c^2 I, so |A| = c I and F = A {u} - c/2 [u]: the edge states are
// eta* = {eta} + (qnL - qnR) / (2c), qn* = {qn} + c (etaL - etaR) / 2, and F = (qn*, g H eta* n).
// Over constant depth it removes energy at the rate c/2 (g/c^2 [eta]^2 + [qn]^2 / H) per unit
// edge length: the energy decreases with the jumps.
#include <cmath>

#include "core/hd.hpp"

namespace tridg {

struct LswUpwind {
  static constexpr const char* name = "upwind";
  template <class Real>
  TRIDG_HD static void apply(Real g, Real H, const Real* uL, const Real* uR, Real nx, Real ny,
                             Real* f) {
    const Real c = sqrt(g * H);
    const Real qnL = uL[1] * nx + uL[2] * ny, qnR = uR[1] * nx + uR[2] * ny;
    const Real qn = Real(0.5) * (qnL + qnR + c * (uL[0] - uR[0]));
    const Real p = Real(0.5) * (g * H * (uL[0] + uR[0]) + c * (qnL - qnR)); // g H eta*
    f[0] = qn;
    f[1] = p * nx;
    f[2] = p * ny;
  }
};

} // namespace tridg
