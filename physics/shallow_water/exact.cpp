#include "physics/shallow_water/exact.hpp"

#include <cmath>

namespace tridg {

double DamBreak::h_middle() const {
  if (h_right <= 0) return 0;
  const double cl = std::sqrt(g * h_left);
  // Left rarefaction meets right bore: 2 (cl - cm) = (hm - hr) sqrt(g (hm + hr) / (2 hm hr)).
  auto f = [&](double hm) {
    return 2 * (cl - std::sqrt(g * hm)) -
           (hm - h_right) * std::sqrt(g * (hm + h_right) / (2 * hm * h_right));
  };
  double lo = h_right, hi = h_left;
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

std::array<double, 2> DamBreak::at(double x, double t) const {
  if (t <= 0) return {x < x0 ? h_left : h_right, 0.0};
  const double xi = (x - x0) / t, cl = std::sqrt(g * h_left);
  if (xi <= -cl) return {h_left, 0.0};
  auto fan = [&](double s) {
    const double c = (2 * cl - s) / 3;
    return std::array<double, 2>{c * c / g, 2 * (s + cl) / 3};
  };
  if (h_right <= 0) return xi < 2 * cl ? fan(xi) : std::array<double, 2>{0.0, 0.0};
  const double hm = h_middle(), cm = std::sqrt(g * hm), um = 2 * (cl - cm);
  const double shock = hm * um / (hm - h_right);
  if (xi <= um - cm) return fan(xi);
  if (xi <= shock) return {hm, um};
  return {h_right, 0.0};
}

double Thacker::omega() const {
  return std::sqrt(2 * g * h0) / a;
}

double Thacker::bed(double x, double y) const {
  const double dx = x - xc, dy = y - yc;
  return h0 * (dx * dx + dy * dy) / (a * a) - h0;
}

std::array<double, 2> Thacker::centre(double t) const {
  const double w = omega();
  return {xc + eta * std::cos(w * t), yc + eta * std::sin(w * t)};
}

std::array<double, 3> Thacker::at(double x, double y, double t) const {
  const double w = omega();
  const auto c = centre(t);
  const double dx = x - c[0], dy = y - c[1];
  const double h = std::max(0.0, h0 * (1 - (dx * dx + dy * dy) / (a * a)));
  if (h <= 0) return {0.0, 0.0, 0.0};
  return {h, -eta * w * std::sin(w * t), eta * w * std::cos(w * t)};
}

} // namespace tridg
