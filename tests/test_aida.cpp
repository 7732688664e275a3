// Aida's K and kappa (tsunami/aida.hpp) on hand-computed pairs.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "tsunami/aida.hpp"

using namespace tridg;

TEST_CASE("Aida's K and kappa") {
  // Every observation twice the computation: K = 2, no scatter.
  AidaFit f = aida_fit({2, 4, 8}, {1, 2, 4});
  CHECK(f.K == doctest::Approx(2));
  CHECK(f.kappa == doctest::Approx(1));
  CHECK(f.n == 3);
  // Ratios 1 and 4: log K = log 2, log kappa = sqrt((0 + 4 log^2 2) / 2 - log^2 2) = log 2.
  f = aida_fit({1, 4}, {1, 1});
  CHECK(f.K == doctest::Approx(2));
  CHECK(f.kappa == doctest::Approx(2));
  // Ratios 1/2 and 2: K = 1 (balanced), kappa = 2.
  f = aida_fit({1, 4}, {2, 2});
  CHECK(f.K == doctest::Approx(1));
  CHECK(f.kappa == doctest::Approx(2));
  // Points the water did not reach (computed <= 0 or -inf) are counted apart.
  f = aida_fit({3, 5, 7}, {3, 0, -std::numeric_limits<double>::infinity()});
  CHECK(f.n == 1);
  CHECK(f.skipped == 2);
  CHECK(f.K == doctest::Approx(1));
  f = aida_fit({}, {});
  CHECK(f.n == 0);
}
