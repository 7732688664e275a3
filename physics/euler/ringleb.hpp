#pragma once
// Ringleb's flow: an exact smooth steady solution of the Euler equations, built in the hodograph
// plane, that turns around the end of a plate lying on the positive x axis. Quantities are
// scaled by their stagnation values (rho0 = c0 = 1, so p0 = 1/gamma): the total enthalpy is
// 1/(gamma - 1) and p/rho^gamma = 1/gamma everywhere. A point is named by its speed q and its
// streamline k (k = q where the streamline crosses y = 0, so k >= q): with
//   c = sqrt(1 - (gamma-1)/2 q^2), rho = c^(2/(gamma-1)), J = sum over odd j <= 2/(gamma-1) of
//   1/(j c^j) - atanh(c)   (for gamma = 1.4: 1/c + 1/(3c^3) + 1/(5c^5) - atanh(c)),
//   x = (1/q^2 - 2/k^2) / (2 rho) + J/2,   y = +-sqrt(1 - (q/k)^2) / (k rho q),
// the iso-speed lines are circles of centre (J/2, 0) and radius 1/(2 rho q^2). The flow enters
// at y < 0, moves towards -x, crosses y = 0 vertically (u = 0, v = q = k) and leaves at y > 0.
// J has that closed form only when 2/(gamma-1) is an odd integer (gamma = 1.4, 5/3, 3, ...);
// other gammas are refused.
#include <array>

namespace tridg {

struct Ringleb {
  double gamma = 1.4;
  // The reference domain (meshes/ringleb.geo, from scripts/ringleb_geo.py): between the walls
  // k = k_min (outer) and k = k_max (inner, along the plate), cut by the iso-speed arcs q = q0
  // (inlet at y < 0, outlet at y > 0). The fastest point is the inner wall's crossing of y = 0,
  // q = k_max: Mach 0.983 for gamma = 1.4 (sonic speed sqrt(2/(gamma+1)) = 0.9129), so the
  // whole domain is subsonic.
  static constexpr double k_min = 0.6, k_max = 0.9, q0 = 0.4;

  // Primitive (rho, u, v, p) at (x, y); the speed solves the iso-speed circle relation to
  // round-off. Holds over the whole subsonic field and beyond (the round trip through point() is
  // exact to 1e-15 up to k = q = 1.5, the transonic benchmark domain). On the plate itself
  // (y = 0, x > J/2) it gives the upper side's state. Throws std::invalid_argument for a point
  // that no speed reaches.
  std::array<double, 4> primitive(double x, double y) const;
  // (x, y) of the point with speed q on streamline k (0 < q <= k, q - k up to
  // 1e-12 k taken as q = k); the half y >= 0 when upper.
  static void point(double g, double k, double q, bool upper, double& x, double& y);
};

} // namespace tridg
