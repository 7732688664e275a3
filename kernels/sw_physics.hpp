#pragma once
// 2D shallow-water equations over a fixed bed b(x, y): point functions of the conserved state
// u = (h, hu, hv), shared by every backend, and the declarations of the DG hooks that the generic
// kernels call for physics with a source term (defined in kernels/sw_dg.hpp).
//
// Sign convention: b is the bed elevation, positive up, with the same datum as the water surface
// eta = h + b (the still-water level is usually 0, so b = -depth under still water).
#include <cmath>
#include <limits>

#include "kernels/boundary.hpp"
#include "kernels/dg_limiter.hpp"
#include "kernels/dg_tables.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/hd.hpp"

namespace tridg {

enum class SwFlux : int { rusanov = 0, hll = 1 };

template <class Real> struct ShallowWaterPhysics {
  static constexpr int M = 3;
  // The generic DG kernels hand edges, element sources and limiting to the hooks below.
  static constexpr bool has_source = true;
  Real g = Real(9.81);
  SwFlux flux_kind = SwFlux::hll;
  // Below this depth velocities are desingularised and a cell's momentum is removed.
  Real dry_depth = Real(1e-4);
  Real manning = 0; // Manning's n (s m^(-1/3)); 0: no bottom friction
  // 1 / cfl factor: caps the friction rate at the cell's CFL rate over the cfl factor, so that
  // dt times the rate stays <= 1 and friction can at most stop the flow in one step.
  Real friction_cap = 0;
  bool coriolis = false; // f at the volume points is in the bed data

  // The same physics in another precision (the single-precision GPU path).
  template <class R> ShallowWaterPhysics<R> cast() const {
    ShallowWaterPhysics<R> r;
    r.g = R(g);
    r.flux_kind = flux_kind;
    r.dry_depth = R(dry_depth);
    r.manning = R(manning);
    r.friction_cap = R(friction_cap);
    r.coriolis = coriolis;
    return r;
  }

  // q / h, desingularised for h < dry_depth (tends to 0 with h; Kurganov-Petrova style), so that
  // a thin film with round-off momentum gets no large velocity.
  TRIDG_HD Real velocity(Real h, Real q) const {
    if (!(h > Real(0))) return Real(0);
    const Real h2 = h * h, d2 = dry_depth * dry_depth;
    return h2 >= d2 ? q / h : Real(2) * h * q / (h2 + d2);
  }

  // Physical flux in x and y (hydrostatic pressure g h^2 / 2; the bed terms are in the hooks).
  TRIDG_HD void flux(const Real* u, Real* fx, Real* fy) const {
    const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
    const Real p = Real(0.5) * g * u[0] * u[0];
    fx[0] = u[1];
    fx[1] = u[1] * vx + p;
    fx[2] = u[2] * vx;
    fy[0] = u[2];
    fy[1] = u[1] * vy;
    fy[2] = u[2] * vy + p;
  }
  // |v| + sqrt(g h): the largest wave speed in any direction (for the CFL condition).
  TRIDG_HD Real max_speed(const Real* u) const {
    const Real h = tmax(u[0], Real(0));
    const Real vx = velocity(u[0], u[1]), vy = velocity(u[0], u[2]);
    return sqrt(vx * vx + vy * vy) + sqrt(g * h);
  }
  // Finite, and a depth that is not negative beyond round-off: a drained cell may end a step a
  // few ulps of its neighbours' depths below zero (every use of the depth clips it at zero), so
  // the tolerance is 1e6 epsilon times dry_depth (2e-14 m in double, 1e-5 m in single precision
  // for the default dry_depth).
  TRIDG_HD bool admissible(const Real* u) const {
    constexpr Real big = std::numeric_limits<Real>::max();
    constexpr Real tol = Real(1e6) * std::numeric_limits<Real>::epsilon();
    return u[0] >= -tol * dry_depth && u[0] <= big && tabs(u[1]) <= big && tabs(u[2]) <= big;
  }
  static constexpr int n_positive = 1;
  TRIDG_HD Real positive_quantity(int, const Real* u) const { return u[0]; }

  // Normal flux F(u) . n from depth and velocity.
  TRIDG_HD void normal_flux(Real h, Real vx, Real vy, Real nx, Real ny, Real* f) const {
    const Real vn = vx * nx + vy * ny, p = Real(0.5) * g * h * h;
    f[0] = h * vn;
    f[1] = h * vx * vn + p * nx;
    f[2] = h * vy * vn + p * ny;
  }

  // Numerical flux F(uL, uR) . n for unit normal n. The states are the hydrostatically
  // reconstructed ones, so either side may be dry (h = 0).
  TRIDG_HD void numerical_flux(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
    const Real hL = tmax(uL[0], Real(0)), hR = tmax(uR[0], Real(0));
    if (!(hL > Real(0)) && !(hR > Real(0))) {
      f[0] = f[1] = f[2] = 0;
      return;
    }
    const Real uxL = velocity(hL, uL[1]), uyL = velocity(hL, uL[2]);
    const Real uxR = velocity(hR, uR[1]), uyR = velocity(hR, uR[2]);
    const Real vnL = uxL * nx + uyL * ny, vnR = uxR * nx + uyR * ny;
    const Real cL = sqrt(g * hL), cR = sqrt(g * hR);
    Real fL[3], fR[3];
    normal_flux(hL, uxL, uyL, nx, ny, fL);
    normal_flux(hR, uxR, uyR, nx, ny, fR);
    const Real qL[3] = {hL, hL * uxL, hL * uyL}, qR[3] = {hR, hR * uxR, hR * uyR};
    if (flux_kind == SwFlux::rusanov) {
      const Real s = tmax(tabs(vnL) + cL, tabs(vnR) + cR);
      for (int k = 0; k < 3; ++k)
        f[k] = Real(0.5) * (fL[k] + fR[k]) - Real(0.5) * s * (qR[k] - qL[k]);
      return;
    }
    // HLL with Davis' wave speeds; next to a dry side the front moves at v -/+ 2c (Toro).
    Real SL, SR;
    if (!(hL > Real(0))) {
      SL = vnR - Real(2) * cR;
      SR = vnR + cR;
    } else if (!(hR > Real(0))) {
      SL = vnL - cL;
      SR = vnL + Real(2) * cL;
    } else {
      SL = tmin(vnL - cL, vnR - cR);
      SR = tmax(vnL + cL, vnR + cR);
    }
    if (SL >= Real(0)) {
      for (int k = 0; k < 3; ++k) f[k] = fL[k];
    } else if (SR <= Real(0)) {
      for (int k = 0; k < 3; ++k) f[k] = fR[k];
    } else {
      const Real inv = Real(1) / (SR - SL);
      for (int k = 0; k < 3; ++k)
        f[k] = (SR * fL[k] - SL * fR[k] + SL * SR * (qR[k] - qL[k])) * inv;
    }
  }

  // Reflecting wall: mirror the normal velocity about the wall normal (nx, ny).
  TRIDG_HD void wall_ghost(const Real* u, Real nx, Real ny, Real* gs) const {
    const Real mn = u[1] * nx + u[2] * ny;
    gs[0] = u[0];
    gs[1] = u[1] - Real(2) * mn * nx;
    gs[2] = u[2] - Real(2) * mn * ny;
  }

  // Hooks called by the generic kernels (kernels/dg_edge.hpp, dg_element.hpp, dg_limiter.hpp);
  // defined in kernels/sw_dg.hpp, which the backends' shallow-water translation units include.
  template <int P>
  TRIDG_HD void interior_edge(const DGTables<P, Real>& T, const MeshView<Real>& m,
                              const StateView<Real>& U, Real* F, int e) const;
  template <int P, class BC>
  TRIDG_HD void boundary_edge(const DGTables<P, Real>& T, const MeshView<Real>& m,
                              const StateView<Real>& U, Real* F, const BC& bc, Real t, int e) const;
  template <int P>
  TRIDG_HD void element_terms(const DGTables<P, Real>& T, const MeshView<Real>& m, int k,
                              const Real (&u)[M][Order<P>::NP], Real (&rhs)[M][Order<P>::NP]) const;
  template <int P>
  TRIDG_HD void limit(const DGTables<P, Real>& T, const MeshView<Real>& m, const StateView<Real>& U,
                      const LimiterParams<Real>& lp, int k) const;
};

} // namespace tridg
