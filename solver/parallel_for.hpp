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

// The sum of term(i) over [0, n): the terms in parallel, their sum in index order, so that the
// result's bits do not depend on the thread count (an OpenMP reduction adds the threads' partial
// sums in whatever order they finish).
template <class F> double ordered_sum(int n, F&& term) {
  std::vector<double> t(static_cast<std::size_t>(n > 0 ? n : 0));
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = term(i);
  double s = 0;
  for (double x : t) s += x;
  return s;
}

} // namespace tridg
