#pragma once
// The ideal gas of the Euler equations: conserved state u = (rho, rho u, rho v, E) and the
// point functions every flux and boundary condition shares.
#include <cmath>
#include <limits>

#include "core/hd.hpp"

namespace tridg {

template <class Real> struct IdealGas {
  Real gamma = Real(1.4);

  TRIDG_HD Real pressure(const Real* u) const {
    return (gamma - Real(1)) * (u[3] - Real(0.5) * (u[1] * u[1] + u[2] * u[2]) / u[0]);
  }
  // F(u) . n from the state, its pressure and its normal velocity.
  TRIDG_HD void normal_flux(const Real* u, Real p, Real vn, Real nx, Real ny, Real* f) const {
    f[0] = u[0] * vn;
    f[1] = u[1] * vn + p * nx;
    f[2] = u[2] * vn + p * ny;
    f[3] = (u[3] + p) * vn;
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
