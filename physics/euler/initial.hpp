#pragma once
// Built-in Euler states of the reference problems (see CASES.md in the documentation): initial
// conditions and, where one is known, the exact solution.
#include <array>

namespace tridg {

struct IsentropicVortex {
  double gamma = 1.4, beta = 5, x0 = 5, y0 = 5, u_inf = 1, v_inf = 1, rho_inf = 1, p_inf = 1;
  double period_x = 0, period_y = 0; // > 0: the domain is periodic with these lengths
  // Primitive (rho, u, v, p) at (x, y, t): the initial vortex advected with the free stream.
  std::array<double, 4> primitive(double x, double y, double t) const;
};

struct SupersonicVortex {
  double gamma = 1.4, r_inner = 1, mach_inner = 2.25, rho_inner = 1;
  std::array<double, 4> primitive(double x, double y) const;
};

struct DoubleMach {
  double gamma = 1.4, x0 = 1.0 / 6.0;
  std::array<double, 4> pre{1.4, 0, 0, 1};
  std::array<double, 4> post{8, 8.25 * 0.86602540378443864676, -8.25 * 0.5, 116.5};
  double slope() const { return 0.57735026918962576451; }      // 1/sqrt(3): front x0 + y/sqrt(3)
  double speed() const { return 20 * 0.57735026918962576451; } // its x-speed along a line y = const
  std::array<double, 4> primitive(double x, double y, double t) const {
    return x < x0 + slope() * y + speed() * t ? post : pre;
  }
};

} // namespace tridg
