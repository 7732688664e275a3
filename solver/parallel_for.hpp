#pragma once
// An OpenMP loop over [0, n) whose body may throw: the error of the smallest index is rethrown
// after the loop, so the message does not depend on the thread count.
#include <cstdint>
#include <exception>

namespace tridg {

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

} // namespace tridg
