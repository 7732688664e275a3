#include "io/threaded_expression.hpp"

#include <omp.h>

namespace tridg {

ThreadedExpression::ThreadedExpression(const Expression& e) {
  const int n = omp_get_max_threads() + 1;
  copies_.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i) copies_.push_back(e);
}

double ThreadedExpression::eval(const double* values) const {
  const std::size_t i = std::size_t(omp_get_thread_num());
  if (i + 1 < copies_.size()) return copies_[i].eval(values);
  const std::lock_guard<std::mutex> lock(spare_lock_);
  return copies_.back().eval(values);
}

} // namespace tridg
