#pragma once
// Exact solution of the 1D Riemann problem for the Euler equations (Toro, ch. 4), used to check
// shock-tube runs.
namespace tridg {

struct Primitive1D {
  double rho, u, p;
};

// The state at x/t = xi for left state L and right state R.
Primitive1D exact_riemann(const Primitive1D& L, const Primitive1D& R, double gamma, double xi);

} // namespace tridg
