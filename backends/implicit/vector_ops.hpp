#pragma once
// Vector operations of the Newton-Krylov solvers on the host. Reductions sum fixed chunks in a
// fixed order, so the result is the same on any number of threads (an OpenMP reduction's
// rounding would change with the thread count, and with it every later Krylov iterate).
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace tridg {

using Vec = std::vector<double>;

constexpr std::size_t kReduceChunk = 4096;

template <class F> double ordered_sum(std::size_t n, F&& term) {
  const std::size_t chunks = (n + kReduceChunk - 1) / kReduceChunk;
  std::vector<double> part(chunks, 0.0);
#pragma omp parallel for schedule(static)
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t end = std::min(n, (c + 1) * kReduceChunk);
    double s = 0;
    for (std::size_t i = c * kReduceChunk; i < end; ++i) s += term(i);
    part[c] = s;
  }
  double s = 0;
  for (const double v : part) s += v;
  return s;
}

inline double dot(const Vec& a, const Vec& b) {
  return ordered_sum(a.size(), [&](std::size_t i) { return a[i] * b[i]; });
}
inline double norm2(const Vec& a) {
  return std::sqrt(dot(a, a));
}
// Root mean square over all entries.
inline double rms(const Vec& a) {
  return a.empty() ? 0.0 : std::sqrt(dot(a, a) / double(a.size()));
}
// y += a x
inline void axpy(double a, const Vec& x, Vec& y) {
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += a * x[i];
}
// y = x * a
inline void scale_into(double a, const Vec& x, Vec& y) {
  y.resize(x.size());
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = a * x[i];
}

} // namespace tridg
