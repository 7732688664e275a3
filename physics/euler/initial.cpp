#include "physics/euler/initial.hpp"

#include <cmath>

namespace tridg {

std::array<double, 4> IsentropicVortex::primitive(double x, double y, double t) const {
  double dx = x - (x0 + u_inf * t), dy = y - (y0 + v_inf * t);
  // On a periodic domain the vortex seen at a point is its nearest periodic image.
  if (period_x > 0) dx -= period_x * std::round(dx / period_x);
  if (period_y > 0) dy -= period_y * std::round(dy / period_y);
  const double r2 = dx * dx + dy * dy;
  const double pi = 3.14159265358979323846;
  const double f = std::exp(0.5 * (1 - r2));
  const double du = -beta / (2 * pi) * f * dy, dv = beta / (2 * pi) * f * dx;
  const double T = 1 - (gamma - 1) * beta * beta / (8 * gamma * pi * pi) * f * f;
  // free stream with rho = p = 1 has T = p/rho = 1; scale to the chosen free stream
  const double rho = rho_inf * std::pow(T, 1 / (gamma - 1));
  const double p = p_inf * std::pow(T, gamma / (gamma - 1));
  return {rho, u_inf + du, v_inf + dv, p};
}

std::array<double, 4> SupersonicVortex::primitive(double x, double y) const {
  const double r2 = x * x + y * y, r = std::sqrt(r2);
  const double rho = rho_inner * std::pow(1 + 0.5 * (gamma - 1) * mach_inner * mach_inner *
                                                  (1 - r_inner * r_inner / r2),
                                          1 / (gamma - 1));
  const double p = std::pow(rho, gamma) / gamma;
  // Speed M_i r_i / r, clockwise (from the y axis towards the x axis).
  const double speed = mach_inner * r_inner / r;
  return {rho, speed * y / r, -speed * x / r, p};
}

} // namespace tridg
