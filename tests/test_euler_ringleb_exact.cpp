// Ringleb's flow (physics/euler/ringleb.hpp): the inverse map (x, y) -> state against the
// hodograph parametrisation, the steady Euler equations by finite differences, and the constant
// total enthalpy and entropy of the scaling.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "physics/euler/ringleb.hpp"

using namespace tridg;

namespace {

struct Sample {
  double k, q;
  bool upper;
};

// A grid of (k, q) over the reference domain, walls and ends included.
std::vector<Sample> domain_samples(int nk, int nq, bool interior) {
  std::vector<Sample> out;
  for (int i = 0; i <= nk; ++i) {
    if (interior && (i == 0 || i == nk)) continue;
    const double k = Ringleb::k_min + (Ringleb::k_max - Ringleb::k_min) * i / nk;
    for (int j = 0; j <= nq; ++j) {
      if (interior && (j == 0 || j == nq)) continue;
      const double q = Ringleb::q0 + (k - Ringleb::q0) * j / nq;
      for (const bool upper : {false, true}) out.push_back({k, q, upper});
    }
  }
  return out;
}

// Flux of the steady Euler equations, (F, G) at (x, y), from the exact state.
void fluxes(const Ringleb& r, double x, double y, std::array<double, 4>& F,
            std::array<double, 4>& G) {
  const auto [rho, u, v, p] = r.primitive(x, y);
  const double E = p / (r.gamma - 1) + 0.5 * rho * (u * u + v * v);
  F = {rho * u, rho * u * u + p, rho * u * v, (E + p) * u};
  G = {rho * v, rho * u * v, rho * v * v + p, (E + p) * v};
}

} // namespace

TEST_CASE("Ringleb: the inverse map returns the speed and streamline of each point") {
  const Ringleb r;
  double worst_speed = 0, worst_angle = 0, worst_tangent = 0;
  for (const Sample& s : domain_samples(8, 12, false)) {
    double x, y;
    Ringleb::point(r.gamma, s.k, s.q, s.upper, x, y);
    CHECK((s.upper ? y >= 0 : y <= 0)); // y = 0 where q = k
    const auto [rho, u, v, p] = r.primitive(x, y);
    const double q = std::hypot(u, v);
    worst_speed = std::max(worst_speed, std::abs(q - s.q) / s.q);
    // Flow angle theta with sin(theta) = q/k, cos(theta) of the sign of y: the velocity names k.
    const double t = s.q / s.k, cos_t = std::sqrt((1 - t) * (1 + t));
    worst_angle = std::max(worst_angle, std::abs(v / q - t));
    worst_angle = std::max(worst_angle, std::abs(u / q - (s.upper ? cos_t : -cos_t)));
    // The velocity is tangent to the streamline and points downstream: from the inlet (y < 0)
    // the speed rises along the streamline up to q = k at y = 0, then falls towards the outlet.
    if (s.q < s.k * (1 - 1e-3)) {
      const double dq = 1e-6;
      double xa, ya, xb, yb;
      Ringleb::point(r.gamma, s.k, s.q - dq, s.upper, xa, ya);
      Ringleb::point(r.gamma, s.k, s.q + dq, s.upper, xb, yb);
      const double downstream = s.upper ? -1 : 1; // direction of increasing q along the flow
      const double tx = downstream * (xb - xa), ty = downstream * (yb - ya);
      const double tn = std::hypot(tx, ty);
      worst_tangent = std::max(worst_tangent, std::abs(tx / tn * v - ty / tn * u) / q);
      CHECK(tx * u + ty * v > 0);
    }
  }
  CAPTURE(worst_speed);
  CAPTURE(worst_angle);
  CAPTURE(worst_tangent);
  CHECK(worst_speed < 1e-12);
  CHECK(worst_angle < 1e-12);
  // Central difference of the parametrisation in q with dq = 1e-6: error about dq^2 (1e-12)
  // times the curvature, plus round-off 1e-16/1e-6.
  CHECK(worst_tangent < 1e-8);
}

TEST_CASE("Ringleb: the walls are streamlines and the ends iso-speed circles") {
  const Ringleb r;
  double x, y;
  // Where a streamline crosses y = 0 the flow is vertical with speed k.
  for (const double k : {Ringleb::k_min, Ringleb::k_max}) {
    Ringleb::point(r.gamma, k, k, true, x, y);
    CHECK(y == 0);
    const auto s = r.primitive(x, y);
    CHECK(std::abs(s[1]) < 1e-13);
    CHECK(s[2] == doctest::Approx(k).epsilon(1e-13));
  }
  // The speed is q0 all along the ends.
  for (const bool upper : {false, true})
    for (int i = 0; i <= 10; ++i) {
      const double k = Ringleb::k_min + (Ringleb::k_max - Ringleb::k_min) * i / 10;
      Ringleb::point(r.gamma, k, Ringleb::q0, upper, x, y);
      const auto s = r.primitive(x, y);
      CHECK(std::hypot(s[1], s[2]) == doctest::Approx(Ringleb::q0).epsilon(1e-13));
    }
  // Sonic speed is sqrt(2/(gamma+1)): the fastest point, q = k_max, is subsonic.
  CHECK(Ringleb::k_max < std::sqrt(2 / (r.gamma + 1)));
}

TEST_CASE("Ringleb: the exact state solves the steady Euler equations") {
  for (const double gamma : {1.4, 5.0 / 3.0}) {
    CAPTURE(gamma);
    Ringleb r;
    r.gamma = gamma;
    // 4th-order central differences, h = 1e-3: truncation h^4/30 times the 5th derivative of
    // the flux (O(1) to O(100) here: lengths are O(1)) is below 1e-12; round-off is the flux's
    // rounding (a few 1e-16) times 1.5/h, a few 1e-13. 1e-10 leaves a wide margin and is still
    // 7 orders below the size of each derivative, so a wrong sign or angle cannot pass.
    const double h = 1e-3;
    double worst = 0;
    const std::vector<Sample> points = domain_samples(4, 3, true); // 3 x 2 x 2 = 12
    std::vector<Sample> more = domain_samples(2, 4, true);         // 1 x 3 x 2 = 6
    std::vector<Sample> all(points);
    all.insert(all.end(), more.begin(), more.end());
    all.push_back({0.75, 0.749, true}); // next to y = 0, where u changes sign
    all.push_back({0.75, 0.749, false});
    CHECK(all.size() == 20);
    for (const Sample& s : all) {
      double x, y;
      Ringleb::point(gamma, s.k, s.q, s.upper, x, y);
      std::array<double, 4> F, G, Fm2, Fm1, Fp1, Fp2, Gm2, Gm1, Gp1, Gp2, dummy;
      fluxes(r, x, y, F, G);
      fluxes(r, x - 2 * h, y, Fm2, dummy);
      fluxes(r, x - h, y, Fm1, dummy);
      fluxes(r, x + h, y, Fp1, dummy);
      fluxes(r, x + 2 * h, y, Fp2, dummy);
      fluxes(r, x, y - 2 * h, dummy, Gm2);
      fluxes(r, x, y - h, dummy, Gm1);
      fluxes(r, x, y + h, dummy, Gp1);
      fluxes(r, x, y + 2 * h, dummy, Gp2);
      double scale = 0;
      for (int c = 0; c < 4; ++c) scale = std::max({scale, std::abs(F[c]), std::abs(G[c])});
      for (int c = 0; c < 4; ++c) {
        const double dF = (Fm2[c] - 8 * Fm1[c] + 8 * Fp1[c] - Fp2[c]) / (12 * h);
        const double dG = (Gm2[c] - 8 * Gm1[c] + 8 * Gp1[c] - Gp2[c]) / (12 * h);
        worst = std::max(worst, std::abs(dF + dG) / scale);
      }
    }
    CAPTURE(worst);
    MESSAGE("largest |div F| / max |F| = " << worst);
    CHECK(worst < 1e-10);
  }
}

TEST_CASE("Ringleb: constant total enthalpy and entropy") {
  const Ringleb r;
  const double g = r.gamma;
  for (const Sample& s : domain_samples(6, 6, false)) {
    double x, y;
    Ringleb::point(g, s.k, s.q, s.upper, x, y);
    const auto [rho, u, v, p] = r.primitive(x, y);
    // Scaled by the stagnation state rho0 = c0 = 1: h0 = c0^2/(gamma-1), p0/rho0^gamma = 1/gamma.
    CHECK(g * p / ((g - 1) * rho) + 0.5 * (u * u + v * v) ==
          doctest::Approx(1 / (g - 1)).epsilon(1e-14));
    CHECK(p / std::pow(rho, g) == doctest::Approx(1 / g).epsilon(1e-14));
  }
}

TEST_CASE("Ringleb: gammas without the closed form and points off the streamline are refused") {
  double x, y;
  CHECK_THROWS_AS(Ringleb::point(1.3, 0.8, 0.5, true, x, y), std::invalid_argument);
  CHECK_THROWS_AS(Ringleb::point(1.4, 0.5, 0.8, true, x, y), std::invalid_argument);
  Ringleb r;
  r.gamma = 1.3;
  CHECK_THROWS_AS(r.primitive(0.5, 1.0), std::invalid_argument);
}
