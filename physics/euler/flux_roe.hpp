#pragma once
// Roe's flux with Harten's entropy fix on the acoustic waves.
#include "physics/euler/state.hpp"

namespace tridg {

struct EulerRoe {
  static constexpr const char* name = "roe";
  template <class Real>
  TRIDG_HD static void apply(const IdealGas<Real>& gas, const Real* uL, const Real* uR, Real nx,
                             Real ny, Real* f) {
    const Real gamma = gas.gamma;
    const Real rL = uL[0], rR = uR[0];
    const Real uxL = uL[1] / rL, uyL = uL[2] / rL, uxR = uR[1] / rR, uyR = uR[2] / rR;
    const Real pL = gas.pressure(uL), pR = gas.pressure(uR);
    const Real vnL = uxL * nx + uyL * ny, vnR = uxR * nx + uyR * ny;
    const Real HL = (uL[3] + pL) / rL, HR = (uR[3] + pR) / rR;
    const Real sL_ = sqrt(rL), sR_ = sqrt(rR), iw = Real(1) / (sL_ + sR_);
    const Real r = sL_ * sR_;
    const Real ux = (sL_ * uxL + sR_ * uxR) * iw, uy = (sL_ * uyL + sR_ * uyR) * iw;
    const Real H = (sL_ * HL + sR_ * HR) * iw;
    const Real vn = ux * nx + uy * ny, vt = -ux * ny + uy * nx;
    const Real q2 = ux * ux + uy * uy;
    const Real c =
        sqrt(tmax((gamma - Real(1)) * (H - Real(0.5) * q2), std::numeric_limits<Real>::min()));
    const Real dr = rR - rL, dp = pR - pL, dvn = vnR - vnL;
    const Real dvt = (-uxR * ny + uyR * nx) - (-uxL * ny + uyL * nx);
    Real l1 = tabs(vn - c), l2 = tabs(vn), l3 = tabs(vn + c);
    const Real eps = Real(0.1) * c; // Harten's fix keeps expansion shocks out
    if (l1 < eps) l1 = (l1 * l1 + eps * eps) / (Real(2) * eps);
    if (l3 < eps) l3 = (l3 * l3 + eps * eps) / (Real(2) * eps);
    const Real a1 = (dp - r * c * dvn) / (Real(2) * c * c);
    const Real a2 = dr - dp / (c * c);
    const Real a3 = (dp + r * c * dvn) / (Real(2) * c * c);
    const Real a4 = r * dvt;
    Real d[4];
    d[0] = l1 * a1 + l2 * a2 + l3 * a3;
    d[1] = l1 * a1 * (ux - c * nx) + l2 * (a2 * ux - a4 * ny) + l3 * a3 * (ux + c * nx);
    d[2] = l1 * a1 * (uy - c * ny) + l2 * (a2 * uy + a4 * nx) + l3 * a3 * (uy + c * ny);
    d[3] = l1 * a1 * (H - c * vn) + l2 * (a2 * Real(0.5) * q2 + a4 * vt) + l3 * a3 * (H + c * vn);
    Real fL[4], fR[4];
    gas.normal_flux(uL, pL, vnL, nx, ny, fL);
    gas.normal_flux(uR, pR, vnR, nx, ny, fR);
    for (int k = 0; k < 4; ++k) f[k] = Real(0.5) * (fL[k] + fR[k] - d[k]);
  }
};

} // namespace tridg
