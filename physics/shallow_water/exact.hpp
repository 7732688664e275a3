#pragma once
// Exact solutions of the shallow-water equations used for verification.
#include <array>

namespace tridg {

// The dam break on a flat bed (along x, at rest on both sides): Stoker's solution (rarefaction,
// plateau, bore) for h_right > 0, Ritter's (rarefaction onto the dry bed) for h_right = 0.
struct DamBreak {
  double g = 9.81, x0 = 0, h_left = 1, h_right = 0;
  // Depth and velocity at (x, t).
  std::array<double, 2> at(double x, double t) const;
  // The plateau (depth, velocity) and the bore speed of Stoker's solution.
  double h_middle() const;
};

// Thacker's planar surface oscillating in a paraboloid bowl b = h0 ((x-xc)^2 + (y-yc)^2) / a^2
// - h0: the water is a disc of radius a whose centre circles (xc, yc) at radius `eta` with
// omega = sqrt(2 g h0) / a, at uniform velocity (Thacker 1981; SWASHES 4.2.2).
struct Thacker {
  double g = 9.81, h0 = 0.1, a = 1, eta = 0.5, xc = 0, yc = 0;
  double omega() const;
  double bed(double x, double y) const;
  // Depth and velocity at (x, t).
  std::array<double, 3> at(double x, double y, double t) const;
  // Centre of the wet disc at time t.
  std::array<double, 2> centre(double t) const;
};

} // namespace tridg
