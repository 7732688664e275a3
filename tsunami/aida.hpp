#pragma once
// Aida's (1978) agreement of computed with observed run-up: K, the geometric mean of
// observed / computed, and kappa, its geometric standard deviation,
//   log K = mean(log(o_i / c_i)),  log kappa = sqrt(mean(log(o_i / c_i)^2) - (log K)^2).
// K > 1: the model is low on average; kappa = 1: the scatter is nil. The guideline of the
// Japan Society of Civil Engineers (2002) for hazard assessment asks 0.95 < K < 1.05 and
// kappa < 1.45.
#include <cstddef>
#include <vector>

namespace tridg {

struct AidaFit {
  double K = 0, kappa = 0;
  std::size_t n = 0;       // pairs used (both positive)
  std::size_t skipped = 0; // pairs left out: a computed (or observed) run-up <= 0 or not finite
};

AidaFit aida_fit(const std::vector<double>& observed, const std::vector<double>& computed);

} // namespace tridg
