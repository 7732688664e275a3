#include "physics/euler/exact_riemann.hpp"

#include <algorithm>
#include <cmath>

namespace tridg {

namespace {

// Pressure function f_K(p) and its derivative for one side.
void side_function(double p, const Primitive1D& K, double g, double& f, double& df) {
  const double c = std::sqrt(g * K.p / K.rho);
  if (p > K.p) { // shock
    const double A = 2 / ((g + 1) * K.rho), B = (g - 1) / (g + 1) * K.p;
    const double s = std::sqrt(A / (p + B));
    f = (p - K.p) * s;
    df = s * (1 - 0.5 * (p - K.p) / (p + B));
  } else { // rarefaction
    const double r = p / K.p;
    f = 2 * c / (g - 1) * (std::pow(r, (g - 1) / (2 * g)) - 1);
    df = 1 / (K.rho * c) * std::pow(r, -(g + 1) / (2 * g));
  }
}

} // namespace

Primitive1D exact_riemann(const Primitive1D& L, const Primitive1D& R, double g, double xi) {
  const double cL = std::sqrt(g * L.p / L.rho), cR = std::sqrt(g * R.p / R.rho);
  // Newton iteration for the star pressure from the two-rarefaction guess.
  const double z = (g - 1) / (2 * g);
  double p = std::pow((cL + cR - 0.5 * (g - 1) * (R.u - L.u)) /
                          (cL / std::pow(L.p, z) + cR / std::pow(R.p, z)),
                      1 / z);
  p = std::max(p, 1e-12);
  for (int it = 0; it < 100; ++it) {
    double fL, dL, fR, dR;
    side_function(p, L, g, fL, dL);
    side_function(p, R, g, fR, dR);
    const double pn = std::max(p - (fL + fR + R.u - L.u) / (dL + dR), 1e-14);
    const bool done = std::abs(pn - p) < 1e-15 * (pn + p);
    p = pn;
    if (done) break;
  }
  double fL, dL, fR, dR;
  side_function(p, L, g, fL, dL);
  side_function(p, R, g, fR, dR);
  const double us = 0.5 * (L.u + R.u) + 0.5 * (fR - fL);
  const double gm = (g - 1) / (g + 1);
  if (xi <= us) {
    if (p > L.p) {
      const double S = L.u - cL * std::sqrt((g + 1) / (2 * g) * p / L.p + (g - 1) / (2 * g));
      if (xi <= S) return L;
      return {L.rho * (p / L.p + gm) / (gm * p / L.p + 1), us, p};
    }
    const double head = L.u - cL, cs = cL * std::pow(p / L.p, z), tail = us - cs;
    if (xi <= head) return L;
    if (xi >= tail) return {L.rho * std::pow(p / L.p, 1 / g), us, p};
    const double u = 2 / (g + 1) * (cL + 0.5 * (g - 1) * L.u + xi);
    const double c = 2 / (g + 1) * (cL + 0.5 * (g - 1) * (L.u - xi));
    const double rho = L.rho * std::pow(c / cL, 2 / (g - 1));
    return {rho, u, L.p * std::pow(c / cL, 2 * g / (g - 1))};
  }
  if (p > R.p) {
    const double S = R.u + cR * std::sqrt((g + 1) / (2 * g) * p / R.p + (g - 1) / (2 * g));
    if (xi >= S) return R;
    return {R.rho * (p / R.p + gm) / (gm * p / R.p + 1), us, p};
  }
  const double head = R.u + cR, cs = cR * std::pow(p / R.p, z), tail = us + cs;
  if (xi >= head) return R;
  if (xi <= tail) return {R.rho * std::pow(p / R.p, 1 / g), us, p};
  const double u = 2 / (g + 1) * (-cR + 0.5 * (g - 1) * R.u + xi);
  const double c = 2 / (g + 1) * (cR - 0.5 * (g - 1) * (R.u - xi));
  const double rho = R.rho * std::pow(c / cR, 2 / (g - 1));
  return {rho, u, R.p * std::pow(c / cR, 2 * g / (g - 1))};
}

} // namespace tridg
