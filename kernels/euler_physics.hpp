#pragma once
// 2D compressible Euler equations for an ideal gas: point functions of the conserved state
// u = (rho, rho u, rho v, E), shared by every backend.
#include <cmath>
#include <limits>

#include "kernels/hd.hpp"

namespace tridg {

enum class EulerFlux : int { rusanov = 0, hllc = 1, roe = 2 };

template <class Real> struct EulerPhysics {
  static constexpr int M = 4;
  static constexpr bool has_source = false;
  Real gamma = Real(1.4);
  EulerFlux flux_kind = EulerFlux::hllc;

  // The same physics in another precision (the single-precision GPU path).
  template <class R> EulerPhysics<R> cast() const {
    EulerPhysics<R> r;
    r.gamma = R(gamma);
    r.flux_kind = flux_kind;
    return r;
  }

  TRIDG_HD Real pressure(const Real* u) const {
    return (gamma - Real(1)) * (u[3] - Real(0.5) * (u[1] * u[1] + u[2] * u[2]) / u[0]);
  }
  // Physical flux in x and y.
  TRIDG_HD void flux(const Real* u, Real* fx, Real* fy) const {
    const Real ir = Real(1) / u[0];
    const Real vx = u[1] * ir, vy = u[2] * ir;
    const Real p = (gamma - Real(1)) * (u[3] - Real(0.5) * (u[1] * vx + u[2] * vy));
    fx[0] = u[1];
    fx[1] = u[1] * vx + p;
    fx[2] = u[2] * vx;
    fx[3] = (u[3] + p) * vx;
    fy[0] = u[2];
    fy[1] = u[1] * vy;
    fy[2] = u[2] * vy + p;
    fy[3] = (u[3] + p) * vy;
  }
  // |v| + c: the largest wave speed in any direction (for the CFL condition).
  TRIDG_HD Real max_speed(const Real* u) const {
    const Real ir = Real(1) / u[0];
    const Real vx = u[1] * ir, vy = u[2] * ir;
    const Real p = pressure(u);
    return sqrt(vx * vx + vy * vy) + sqrt(gamma * tmax(p, Real(0)) * ir);
  }
  // True when the state is physical (used for diagnosing blow-up).
  TRIDG_HD bool admissible(const Real* u) const {
    const Real p = pressure(u);
    // comparisons with NaN are false, so NaN states are rejected too
    return u[0] > Real(0) && p > Real(0) && u[0] <= std::numeric_limits<Real>::max() &&
           p <= std::numeric_limits<Real>::max();
  }
  // Density and pressure, the quantities the positivity fix keeps above a floor.
  static constexpr int n_positive = 2;
  TRIDG_HD Real positive_quantity(int k, const Real* u) const {
    return k == 0 ? u[0] : pressure(u);
  }

  // Numerical flux F(uL, uR) . n for unit normal n.
  TRIDG_HD void numerical_flux(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
    switch (flux_kind) {
    case EulerFlux::rusanov:
      rusanov(uL, uR, nx, ny, f);
      break;
    case EulerFlux::roe:
      roe(uL, uR, nx, ny, f);
      break;
    default:
      hllc(uL, uR, nx, ny, f);
      break;
    }
  }

  TRIDG_HD void normal_flux(const Real* u, Real p, Real vn, Real nx, Real ny, Real* f) const {
    f[0] = u[0] * vn;
    f[1] = u[1] * vn + p * nx;
    f[2] = u[2] * vn + p * ny;
    f[3] = (u[3] + p) * vn;
  }

  TRIDG_HD void rusanov(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
    const Real pL = pressure(uL), pR = pressure(uR);
    const Real vnL = (uL[1] * nx + uL[2] * ny) / uL[0], vnR = (uR[1] * nx + uR[2] * ny) / uR[0];
    const Real cL = sqrt(gamma * tmax(pL, Real(0)) / uL[0]);
    const Real cR = sqrt(gamma * tmax(pR, Real(0)) / uR[0]);
    const Real s = tmax(tabs(vnL) + cL, tabs(vnR) + cR);
    Real fL[4], fR[4];
    normal_flux(uL, pL, vnL, nx, ny, fL);
    normal_flux(uR, pR, vnR, nx, ny, fR);
    for (int k = 0; k < 4; ++k)
      f[k] = Real(0.5) * (fL[k] + fR[k]) - Real(0.5) * s * (uR[k] - uL[k]);
  }

  // Toro's HLLC with Einfeldt/Davis wave-speed estimates (Roe averages).
  TRIDG_HD void hllc(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
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
      normal_flux(uL, pL, vnL, nx, ny, f);
      return;
    }
    if (SR <= Real(0)) {
      normal_flux(uR, pR, vnR, nx, ny, f);
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
    normal_flux(u, p, vn, nx, ny, fk);
    const Real iS = Real(1) / (S - vn);
    const Real fac = r * (S - vn) / (S - SM);
    Real us[4];
    us[0] = fac;
    us[1] = fac * (ux + (SM - vn) * nx);
    us[2] = fac * (uy + (SM - vn) * ny);
    us[3] = fac * (u[3] * ir + (SM - vn) * (SM + p * ir * iS));
    for (int k = 0; k < 4; ++k) f[k] = fk[k] + S * (us[k] - u[k]);
  }

  // Roe's flux with Harten's entropy fix on the acoustic waves.
  TRIDG_HD void roe(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
    const Real rL = uL[0], rR = uR[0];
    const Real uxL = uL[1] / rL, uyL = uL[2] / rL, uxR = uR[1] / rR, uyR = uR[2] / rR;
    const Real pL = pressure(uL), pR = pressure(uR);
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
    normal_flux(uL, pL, vnL, nx, ny, fL);
    normal_flux(uR, pR, vnR, nx, ny, fR);
    for (int k = 0; k < 4; ++k) f[k] = Real(0.5) * (fL[k] + fR[k] - d[k]);
  }

  // Slip wall: mirror the normal velocity about the wall normal (nx, ny).
  TRIDG_HD void wall_ghost(const Real* u, Real nx, Real ny, Real* g) const {
    const Real mn = u[1] * nx + u[2] * ny;
    g[0] = u[0];
    g[1] = u[1] - Real(2) * mn * nx;
    g[2] = u[2] - Real(2) * mn * ny;
    g[3] = u[3];
  }
};

// Primitive (rho, u, v, p) to conserved.
template <class Real> TRIDG_HD void euler_conserved(Real gamma, const Real* w, Real* u) {
  u[0] = w[0];
  u[1] = w[0] * w[1];
  u[2] = w[0] * w[2];
  u[3] = w[3] / (gamma - Real(1)) + Real(0.5) * w[0] * (w[1] * w[1] + w[2] * w[2]);
}

} // namespace tridg
