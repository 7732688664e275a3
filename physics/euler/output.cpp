#include "physics/euler/output.hpp"

#include <algorithm>
#include <cmath>

namespace tridg {

DerivedFields euler_output_fields(double gamma) {
  DerivedFields d;
  d.names = {"u", "v", "p", "mach"};
  d.eval = [gamma](int, double, double, const double* u, double* out) {
    // Velocity is set to zero where the density is not positive (only in last_good.h5).
    const double ir = u[0] > 0 ? 1 / u[0] : 0;
    const double vx = u[1] * ir, vy = u[2] * ir;
    const double p = (gamma - 1) * (u[3] - 0.5 * (u[1] * vx + u[2] * vy));
    const double c = std::sqrt(gamma * std::max(p, 0.0) * ir);
    out[0] = vx;
    out[1] = vy;
    out[2] = p;
    out[3] = c > 0 ? std::sqrt(vx * vx + vy * vy) / c : 0;
  };
  return d;
}

} // namespace tridg
