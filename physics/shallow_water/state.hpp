#pragma once
// Shallow water over a fixed bed: the point functions of the conserved state u = (h, hu, hv)
// that the fluxes and boundary conditions share.
//
// Sign convention: b is the bed elevation, positive up, with the same datum as the water surface
// eta = h + b (the still-water level is usually 0, so b = -depth under still water).
#include <cmath>

#include "core/hd.hpp"

namespace tridg {

// The constants of the equations (gravity, the dry depth) and the point functions that need
// them; the state itself is the caller's u = (h, hu, hv).
template <class Real> struct SwConstants {
  Real g = Real(9.81);
  // Below this depth velocities are desingularised and a cell's momentum is removed.
  Real dry_depth = Real(1e-4);

  // q / h, desingularised for h < dry_depth (tends to 0 with h; Kurganov-Petrova style), so that
  // a thin film with round-off momentum gets no large velocity.
  TRIDG_HD Real velocity(Real h, Real q) const {
    if (!(h > Real(0))) return Real(0);
    const Real h2 = h * h, d2 = dry_depth * dry_depth;
    return h2 >= d2 ? q / h : Real(2) * h * q / (h2 + d2);
  }
  // Normal flux F(u) . n from depth and velocity.
  TRIDG_HD void normal_flux(Real h, Real vx, Real vy, Real nx, Real ny, Real* f) const {
    const Real vn = vx * nx + vy * ny, p = Real(0.5) * g * h * h;
    f[0] = h * vn;
    f[1] = h * vx * vn + p * nx;
    f[2] = h * vy * vn + p * ny;
  }
  // Reflecting wall: mirror the normal velocity about the wall normal (nx, ny).
  TRIDG_HD void wall_ghost(const Real* u, Real nx, Real ny, Real* gs) const {
    const Real mn = u[1] * nx + u[2] * ny;
    gs[0] = u[0];
    gs[1] = u[1] - Real(2) * mn * nx;
    gs[2] = u[2] - Real(2) * mn * ny;
  }
};

// The physics' parameters beyond the state's: what the case file sets and the host code reads.
template <class Real> struct SwSettings : SwConstants<Real> {
  Real manning = 0; // Manning's n (s m^(-1/3)); 0: no bottom friction
  // 1 / cfl factor: caps the friction rate at the cell's CFL rate over the cfl factor, so that
  // dt times the rate stays <= 1 and friction can at most stop the flow in one step.
  Real friction_cap = 0;
  bool coriolis = false; // f at the volume points is in the bed data
  // Longitude-latitude mesh (degrees): the metric rows of the bed data are present, and wy is
  // the metric of latitude, 1 / (metres per degree).
  bool geographic = false;
  Real wy = 1;
};

// Both sides of an edge point as the fluxes use them: clipped depths, velocities, normal
// velocities, wave speeds, normal fluxes and the states rebuilt from depth and velocity.
template <class Real> struct SwRiemannSides {
  Real hL, hR, vnL, vnR, cL, cR;
  Real fL[3], fR[3], qL[3], qR[3];
  TRIDG_HD bool both_dry() const { return !(hL > Real(0)) && !(hR > Real(0)); }
};

template <class Real>
TRIDG_HD SwRiemannSides<Real> sw_riemann_sides(const SwConstants<Real>& s, const Real* uL,
                                               const Real* uR, Real nx, Real ny) {
  SwRiemannSides<Real> r;
  r.hL = tmax(uL[0], Real(0));
  r.hR = tmax(uR[0], Real(0));
  const Real uxL = s.velocity(r.hL, uL[1]), uyL = s.velocity(r.hL, uL[2]);
  const Real uxR = s.velocity(r.hR, uR[1]), uyR = s.velocity(r.hR, uR[2]);
  r.vnL = uxL * nx + uyL * ny;
  r.vnR = uxR * nx + uyR * ny;
  r.cL = sqrt(s.g * r.hL);
  r.cR = sqrt(s.g * r.hR);
  s.normal_flux(r.hL, uxL, uyL, nx, ny, r.fL);
  s.normal_flux(r.hR, uxR, uyR, nx, ny, r.fR);
  r.qL[0] = r.hL;
  r.qL[1] = r.hL * uxL;
  r.qL[2] = r.hL * uyL;
  r.qR[0] = r.hR;
  r.qR[1] = r.hR * uxR;
  r.qR[2] = r.hR * uyR;
  return r;
}

} // namespace tridg
