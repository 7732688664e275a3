#include "physics/euler/ringleb.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace tridg {

namespace {

// The state at speed q that does not depend on the streamline.
struct Speed {
  double c, rho, J;
};

// 2/(gamma-1), which must be odd for J's closed form.
int exponent(double g) {
  const double n = 2 / (g - 1);
  const double r = std::round(n);
  if (!(g > 1) || std::abs(n - r) > 1e-9 * r || static_cast<long>(r) % 2 == 0 || r > 99)
    throw std::invalid_argument("Ringleb's flow needs 2/(gamma - 1) to be an odd integer "
                                "(gamma = 1.4, 5/3, 3, ...), not gamma = " +
                                std::to_string(g));
  return static_cast<int>(r);
}

Speed speed_state(double g, int n, double q) {
  const double a = 0.5 * (g - 1) * q * q;
  const double c = std::sqrt(1 - a);
  const double rho = std::pow(c, n);
  double J = 0, cj = c;
  for (int j = 1; j <= n; j += 2, cj *= c * c) J += 1 / (j * cj);
  // atanh(c) through 1 - c = a / (1 + c): c itself rounds away most of 1 - c at low speed.
  J -= 0.5 * std::log((1 + c) * (1 + c) / a);
  return {c, rho, J};
}

} // namespace

void Ringleb::point(double g, double k, double q, bool upper, double& x, double& y) {
  const int n = exponent(g);
  // q = k computed two ways may differ in the last bits: that is still the crossing of y = 0.
  if (q > k && q <= k * (1 + 1e-12)) q = k;
  if (!(q > 0 && k >= q && q * q < 2 / (g - 1)))
    throw std::invalid_argument("Ringleb::point needs 0 < q <= k and q below the maximum speed");
  const Speed s = speed_state(g, n, q);
  x = (1 / (q * q) - 2 / (k * k)) / (2 * s.rho) + 0.5 * s.J;
  const double t = q / k;
  const double h = std::sqrt((1 - t) * (1 + t)) / (k * s.rho * q);
  y = upper ? h : -h;
}

std::array<double, 4> Ringleb::primitive(double x, double y) const {
  const int n = exponent(gamma);
  // (x - J/2, y) lies on the circle of radius 1/(2 rho q^2): f(q) = 2 rho q^2 |(x - J/2, y)| - 1
  // rises from -1 at q = 0, crosses 0 once, and falls back towards 0 at the maximum speed
  // (c = 0); the first crossing is the flow's speed.
  auto f = [&](double q, double& df) {
    const Speed s = speed_state(gamma, n, q);
    const double dx = x - 0.5 * s.J, d = std::hypot(dx, y);
    const double drho = -s.rho * q / (s.c * s.c), dJ = 1 / (s.rho * s.c * s.c * q);
    const double dd = -0.5 * dx * dJ / d;
    df = 2 * (drho * q * q * d + 2 * s.rho * q * d + s.rho * q * q * dd);
    return 2 * s.rho * q * q * d - 1;
  };
  const double q_max = std::sqrt(2 / (gamma - 1));
  double lo = 0, hi = 0, df = 0;
  const int samples = 256;
  for (int i = 1; i < samples; ++i) {
    const double q = q_max * i / samples;
    if (f(q, df) > 0) {
      hi = q;
      break;
    }
    lo = q;
  }
  if (hi == 0)
    throw std::invalid_argument("Ringleb::primitive: (" + std::to_string(x) + ", " +
                                std::to_string(y) + ") is not in the flow field");
  // Newton inside the bracket, bisecting whenever a step leaves it, down to round-off.
  double q = 0.5 * (lo + hi);
  const double eps = std::numeric_limits<double>::epsilon();
  for (int it = 0; it < 200; ++it) {
    const double r = f(q, df);
    if (r < 0) lo = q;
    if (r > 0) hi = q;
    if (std::abs(r) <= 2 * eps || hi - lo <= 2 * eps * hi) break;
    double next = q - r / df;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (next == q) break;
    q = next;
  }
  const Speed s = speed_state(gamma, n, q);
  // The polar angle of (x - J/2, y) about the circle's centre is twice the flow angle theta
  // (sin(theta) = q/k > 0); theta runs from pi at the inlet side (y < 0) to 0 at the outlet side.
  double phi = std::atan2(y, x - 0.5 * s.J);
  if (phi < 0) phi += 2 * 3.14159265358979323846;
  const double theta = 0.5 * phi;
  const double p = s.rho * s.c * s.c / gamma;
  return {s.rho, q * std::cos(theta), q * std::sin(theta), p};
}

} // namespace tridg
