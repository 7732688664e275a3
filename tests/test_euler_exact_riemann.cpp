// The exact Riemann solver (physics/euler/exact_riemann.hpp) against the star states Toro tabulates
// (Riemann Solvers and Numerical Methods for Fluid Dynamics, 3rd ed., table 4.3, gamma = 1.4),
// and the structure of the solution it samples.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

#include "physics/euler/exact_riemann.hpp"

using namespace tridg;

namespace {

constexpr double g = 1.4;

// Toro prints 5 or 6 significant digits: half a unit of the last one, relative.
bool close(double value, double published, double rel = 5e-5) {
  return std::abs(value - published) <= rel * std::abs(published);
}

} // namespace

TEST_CASE("Sod: Toro's star state") {
  const Primitive1D L{1.0, 0.0, 1.0}, R{0.125, 0.0, 0.1};
  // Left star region: between the rarefaction tail (x/t = -0.0703) and the contact (0.92745);
  // right star region: between the contact and the shock (1.75216).
  const Primitive1D sl = exact_riemann(L, R, g, 0.5), sr = exact_riemann(L, R, g, 1.3);
  CAPTURE(sl.p);
  CAPTURE(sl.u);
  CAPTURE(sl.rho);
  CAPTURE(sr.rho);
  CHECK(close(sl.p, 0.30313));
  CHECK(close(sl.u, 0.92745));
  CHECK(close(sl.rho, 0.42632));
  CHECK(close(sr.rho, 0.26557));
  // Pressure and velocity do not jump at the contact.
  CHECK(sr.p == doctest::Approx(sl.p).epsilon(1e-14));
  CHECK(sr.u == doctest::Approx(sl.u).epsilon(1e-14));
  // Outside the waves: the initial states.
  const Primitive1D far_l = exact_riemann(L, R, g, -1.5), far_r = exact_riemann(L, R, g, 1.8);
  CHECK(far_l.rho == L.rho);
  CHECK(far_l.p == L.p);
  CHECK(far_r.rho == R.rho);
  CHECK(far_r.p == R.p);
  // The shock: Rankine-Hugoniot speed 1.75216 (Toro, section 4.3.3).
  CHECK(exact_riemann(L, R, g, 1.7515).rho == doctest::Approx(0.26557).epsilon(5e-5));
  CHECK(exact_riemann(L, R, g, 1.7528).rho == R.rho);
  // Inside the left rarefaction every characteristic of the fan passes through the origin
  // (u - c = x/t) and the flow is isentropic.
  for (const double xi : {-1.0, -0.6, -0.2}) {
    const Primitive1D s = exact_riemann(L, R, g, xi);
    CHECK(s.u - std::sqrt(g * s.p / s.rho) == doctest::Approx(xi).epsilon(1e-12));
    CHECK(s.p / std::pow(s.rho, g) == doctest::Approx(L.p / std::pow(L.rho, g)).epsilon(1e-12));
  }
}

TEST_CASE("Toro's tests 2 and 3: two rarefactions and a strong shock") {
  SUBCASE("123 problem: near-vacuum star state") {
    const Primitive1D L{1.0, -2.0, 0.4}, R{1.0, 2.0, 0.4};
    const Primitive1D sl = exact_riemann(L, R, g, -0.1), sr = exact_riemann(L, R, g, 0.1);
    CHECK(close(sl.p, 0.00189, 5e-3)); // published to 3 digits
    CHECK(std::abs(sl.u) < 1e-12);
    CHECK(close(sl.rho, 0.02185, 5e-4));
    CHECK(close(sr.rho, 0.02185, 5e-4));
  }
  SUBCASE("left half of the blast wave problem") {
    const Primitive1D L{1.0, 0.0, 1000.0}, R{1.0, 0.0, 0.01};
    // contact at 19.5975, right shock at 23.5175 (Toro)
    const Primitive1D sl = exact_riemann(L, R, g, 10.0), sr = exact_riemann(L, R, g, 21.0);
    CHECK(close(sl.p, 460.894, 5e-6));
    CHECK(close(sl.u, 19.5975, 5e-6));
    CHECK(close(sl.rho, 0.57506));
    CHECK(close(sr.rho, 5.99924, 5e-6));
  }
}
