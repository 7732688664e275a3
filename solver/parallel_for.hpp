#pragma once
// OpenMP loops whose outcome does not depend on the thread count: a loop whose body may throw,
// and a sum.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

namespace tridg {

// A loop over [0, n) whose body may throw: the error of the smallest index is rethrown after
// the loop, so the message does not depend on the thread count.
template <class F> void parallel_for_rethrow(int n, F&& body) {
  std::exception_ptr first;
  int first_i = n;
#pragma omp parallel for schedule(dynamic, 256)
  for (int i = 0; i < n; ++i) {
    try {
      body(i);
    } catch (...) {
#pragma omp critical(tridg_parallel_for_rethrow)
      if (i < first_i) {
        first_i = i;
        first = std::current_exception();
      }
    }
  }
  if (first) std::rethrow_exception(first);
}

// The m sums over i in [0, n) of terms(i, out), which writes term i of each sum to out[0..m):
// the terms in parallel, each sum in index order, so that the results' bits do not depend on the
// thread count (an OpenMP reduction adds the threads' partial sums in whatever order they
// finish). One pass computes all m terms of an index together, for terms that share their work.
template <class F> std::vector<double> ordered_sums(int n, int m, F&& terms) {
  const std::size_t rows = static_cast<std::size_t>(n > 0 ? n : 0), cols = std::size_t(m);
  std::vector<double> t(rows * cols);
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) terms(i, &t[static_cast<std::size_t>(i) * cols]);
  std::vector<double> s(cols, 0.0);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) s[j] += t[i * cols + j];
  return s;
}

// The sum of term(i) over [0, n), as ordered_sums.
template <class F> double ordered_sum(int n, F&& term) {
  return ordered_sums(n, 1, [&](int i, double* out) { out[0] = term(i); })[0];
}

} // namespace tridg
