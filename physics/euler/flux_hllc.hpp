#pragma once
// Toro's HLLC flux with Einfeldt/Davis wave-speed estimates (Roe averages).
#include "physics/euler/state.hpp"

namespace tridg {

struct EulerHllc {
  static constexpr const char* name = "hllc";
  template <class Real>
  TRIDG_HD static void apply(const IdealGas<Real>& gas, const Real* uL, const Real* uR, Real nx,
                             Real ny, Real* f) {
    const Real gamma = gas.gamma;
    // Reciprocals once: divisions cost several times a multiplication on both backends.
    const Real rL = uL[0], rR = uR[0], irL = Real(1) / rL, irR = Real(1) / rR;
    const Real uxL = uL[1] * irL, uyL = uL[2] * irL, uxR = uR[1] * irR, uyR = uR[2] * irR;
    const Real g1 = gamma - Real(1);
    const Real pL = g1 * (uL[3] - Real(0.5) * (uL[1] * uxL + uL[2] * uyL));
    const Real pR = g1 * (uR[3] - Real(0.5) * (uR[1] * uxR + uR[2] * uyR));
    const Real vnL = uxL * nx + uyL * ny, vnR = uxR * nx + uyR * ny;
    const Real cL = sqrt(gamma * tmax(pL, Real(0)) * irL),
               cR = sqrt(gamma * tmax(pR, Real(0)) * irR);
    const Real sL_ = sqrt(rL), sR_ = sqrt(rR), iw = Real(1) / (sL_ + sR_);
    const Real wL = sL_ * iw, wR = sR_ * iw; // Roe-average weights
    const Real vnT = wL * vnL + wR * vnR;
    const Real HL = (uL[3] + pL) * irL, HR = (uR[3] + pR) * irR;
    const Real HT = wL * HL + wR * HR;
    const Real uxT = wL * uxL + wR * uxR, uyT = wL * uyL + wR * uyR;
    const Real cT = sqrt(tmax(g1 * (HT - Real(0.5) * (uxT * uxT + uyT * uyT)), Real(0)));
    const Real SL = tmin(vnL - cL, vnT - cT), SR = tmax(vnR + cR, vnT + cT);
    if (SL >= Real(0)) {
      gas.normal_flux(uL, pL, vnL, nx, ny, f);
      return;
    }
    if (SR <= Real(0)) {
      gas.normal_flux(uR, pR, vnR, nx, ny, f);
      return;
    }
    const Real SM = (pR - pL + rL * vnL * (SL - vnL) - rR * vnR * (SR - vnR)) /
                    (rL * (SL - vnL) - rR * (SR - vnR));
    const bool left = SM >= Real(0);
    // Select values, not an array pointer: a pointer chosen at run time would force both
    // arrays into local memory on the GPU.
    Real u[4];
    for (int k = 0; k < 4; ++k) u[k] = left ? uL[k] : uR[k];
    const Real S = left ? SL : SR, vn = left ? vnL : vnR, p = left ? pL : pR, r = u[0];
    const Real ir = left ? irL : irR, ux = left ? uxL : uxR, uy = left ? uyL : uyR;
    Real fk[4];
    gas.normal_flux(u, p, vn, nx, ny, fk);
    const Real iS = Real(1) / (S - vn);
    const Real fac = r * (S - vn) / (S - SM);
    Real us[4];
    us[0] = fac;
    us[1] = fac * (ux + (SM - vn) * nx);
    us[2] = fac * (uy + (SM - vn) * ny);
    us[3] = fac * (u[3] * ir + (SM - vn) * (SM + p * ir * iS));
    for (int k = 0; k < 4; ++k) f[k] = fk[k] + S * (us[k] - u[k]);
  }
};

} // namespace tridg
