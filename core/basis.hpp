#pragma once
// Orthonormal modal (Dubiner) basis on the reference triangle T = {(r,s): r,s >= 0, r+s <= 1}
// (area 1/2): the integral over T of phi_i * phi_j is delta_ij, so the physical mass matrix is
// 2|T_k| times the identity and nothing is ever inverted.
#include <array>
#include <vector>

namespace tridg {

constexpr int n_modes(int p) {
  return (p + 1) * (p + 2) / 2;
}
constexpr int max_order = 6;

// Modes are ordered by total degree: mode 0 is the constant, modes 1 and 2 the linear ones,
// modes n_modes(d-1)..n_modes(d)-1 those of degree d. A degree-d truncation is the first
// n_modes(d) modes, which is what the limiter relies on.
struct BasisValue {
  double phi, dr, ds; // value and derivatives with respect to r and s
};

// All n_modes(p) basis functions and their gradients at (r, s).
std::vector<BasisValue> dubiner(int p, double r, double s);

} // namespace tridg
