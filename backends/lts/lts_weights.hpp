#pragma once
// The weight of each stage's right-hand side in a step's result, from the stages of the
// two-register form: Y_1 = u, Y_(s+1) = A u + B Y_s + C dt L(Y_s), result Y_(S+1) = u + dt
// sum_s b_s L(Y_s). Local time stepping integrates the fluxes between levels with these weights.
#include <cmath>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "io/error.hpp"

namespace tridg {

inline std::vector<double> stage_weights(const std::vector<StageDef>& stages) {
  std::vector<double> b;
  double a = 1; // the weight of u in the stage value
  for (const StageDef& s : stages) {
    if (s.k.use_acc || s.k.write_acc)
      fail(ExitCode::bad_case, "local time stepping takes the SSP schemes (ssprk2, ssprk3, "
                               "lsssprk42, lsssprk92), not a scheme with an accumulator (rk4)");
    for (double& x : b) x *= s.k.B;
    b.push_back(s.k.C);
    a = (s.k.use_u0 ? s.k.A : 0) + s.k.B * a;
  }
  if (std::abs(a - 1) > 1e-12)
    fail(ExitCode::internal, "stage_weights: the stages do not keep a constant state");
  return b;
}

} // namespace tridg
