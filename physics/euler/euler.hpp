#pragma once
// 2D compressible Euler equations for an ideal gas: the point functions the generic DG kernels
// call (kernels/physics_interface.hpp). The numerical flux is part of the type, so a kernel holds
// only the flux it runs: EulerPhysics<double, EulerHllc>.
#include <cmath>
#include <limits>

#include "kernels/physics_interface.hpp"
#include "physics/euler/boundary.hpp"
#include "physics/euler/flux_hllc.hpp"
#include "physics/euler/flux_roe.hpp"
#include "physics/euler/flux_rusanov.hpp"
#include "physics/euler/state.hpp"

namespace tridg {

template <class Real, class Flux> struct EulerPhysics : PhysicsDefaults<Real, 4>, IdealGas<Real> {
  static constexpr int M = 4;
  template <class R> using Boundary = EulerBoundary<R>;
  using FluxType = Flux;
  using IdealGas<Real>::gamma;
  using IdealGas<Real>::pressure;

  EulerPhysics() = default;
  explicit EulerPhysics(const IdealGas<Real>& gas) : IdealGas<Real>(gas) {}

  template <class R> EulerPhysics<R, Flux> cast() const {
    EulerPhysics<R, Flux> r;
    r.gamma = R(gamma);
    return r;
  }

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
  TRIDG_HD void numerical_flux(const Real* uL, const Real* uR, Real nx, Real ny, Real* f) const {
    Flux::apply(static_cast<const IdealGas<Real>&>(*this), uL, uR, nx, ny, f);
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
  static const char* positive_name(int k) { return k == 0 ? "density" : "pressure"; }
  // At most what positive_quantity computes at any state lo <= u <= hi: the density is lo[0];
  // the pressure takes the least energy and the largest momenta over the least density, less a
  // margin for the rounding of this evaluation and of positive_quantity's.
  static constexpr bool has_positive_bound = true;
  TRIDG_HD Real positive_lower_bound(int k, const Real* lo, const Real* hi) const {
    if (k == 0) return lo[0];
    if (!(lo[0] > Real(0))) return -std::numeric_limits<Real>::infinity();
    const Real mx = tmax(tabs(lo[1]), tabs(hi[1])), my = tmax(tabs(lo[2]), tabs(hi[2]));
    const Real ke = Real(0.5) * (mx * mx + my * my) / lo[0];
    const Real g1 = gamma - Real(1);
    const Real slack = Real(32) * std::numeric_limits<Real>::epsilon() * g1 *
                       (tmax(tabs(lo[3]), tabs(hi[3])) + ke);
    return g1 * (lo[3] - ke) - slack;
  }
  // Where positive quantity k reaches eps on the segment mean + t (uq - mean), the mean passing
  // and uq failing: the density is linear in t, and rho times (pressure - eps) / (gamma - 1) is
  // the quadratic a t^2 + b t + c, positive at t = 0 and negative at t = 1, so with one root in
  // (0, 1): the smaller non-negative one, taken in the form that avoids cancellation. -1 where
  // the mean does not clearly pass (c not above 0) or rounding leaves no root in [0, 1].
  static constexpr bool has_positive_segment = true;
  TRIDG_HD Real positive_segment(int k, const Real* mean, const Real* uq, Real eps) const {
    const Real dr = uq[0] - mean[0];
    if (k == 0) return (mean[0] - eps) / -dr;
    const Real e = eps / (gamma - Real(1));
    const Real dmx = uq[1] - mean[1], dmy = uq[2] - mean[2], de = uq[3] - mean[3];
    const Real c =
        mean[3] * mean[0] - Real(0.5) * (mean[1] * mean[1] + mean[2] * mean[2]) - mean[0] * e;
    const Real b = mean[3] * dr + de * mean[0] - (mean[1] * dmx + mean[2] * dmy) - dr * e;
    const Real a = de * dr - Real(0.5) * (dmx * dmx + dmy * dmy);
    const Real disc = b * b - Real(4) * a * c;
    if (!(c > Real(0)) || !(disc >= Real(0))) return Real(-1);
    const Real s = sqrt(disc);
    const Real q = Real(-0.5) * (b >= Real(0) ? b + s : b - s);
    const Real r1 = q / a, r2 = c / q; // r1 is +-inf where the quadratic is linear
    Real t = Real(2);
    if (r1 >= Real(0)) t = r1;
    if (r2 >= Real(0) && r2 < t) t = r2;
    return t <= Real(1) ? t : Real(-1);
  }
  // admissible over the box: the pressure's positive_lower_bound above zero (it allows for the
  // rounding, and is -inf unless the least density is above zero and the momenta's squares are
  // finite), and room below the largest number for the density and for the pressure, which is at
  // most (gamma - 1) E. A NaN in the box fails every comparison.
  static constexpr bool has_admissible_bound = true;
  TRIDG_HD bool admissible_bound(const Real* lo, const Real* hi) const {
    const Real big = std::numeric_limits<Real>::max() / Real(8);
    return hi[0] <= big && (gamma - Real(1)) * tmax(tabs(lo[3]), tabs(hi[3])) <= big &&
           positive_lower_bound(1, lo, hi) > Real(0);
  }
  TRIDG_HD void boundary_ghost(const Boundary<Real>& bc, const EdgePoint<Real>& pt, const Real* u,
                               Real* g) const {
    euler_boundary_ghost(bc, pt, u, g);
  }
};

} // namespace tridg
