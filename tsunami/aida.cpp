#include "tsunami/aida.hpp"

#include <algorithm>
#include <cmath>

namespace tridg {

AidaFit aida_fit(const std::vector<double>& observed, const std::vector<double>& computed) {
  AidaFit f;
  double s = 0, s2 = 0;
  for (std::size_t i = 0; i < std::min(observed.size(), computed.size()); ++i) {
    const double o = observed[i], c = computed[i];
    if (!(o > 0) || !(c > 0) || !std::isfinite(o) || !std::isfinite(c)) {
      ++f.skipped;
      continue;
    }
    const double l = std::log(o / c);
    s += l;
    s2 += l * l;
    ++f.n;
  }
  if (f.n == 0) return f;
  const double mean = s / double(f.n);
  f.K = std::exp(mean);
  f.kappa = std::exp(std::sqrt(std::max(0.0, s2 / double(f.n) - mean * mean)));
  return f;
}

} // namespace tridg
