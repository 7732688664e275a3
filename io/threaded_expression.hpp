#pragma once
// An Expression that the threads of an OpenMP loop evaluate at once, each through its own copy
// (an Expression writes its variables at every evaluation). Every copy is compiled from the same
// text, so a value does not depend on the thread that computes it.
#include <memory>
#include <mutex>
#include <vector>

#include "io/expression.hpp"

namespace tridg {

class ThreadedExpression {
public:
  // As many copies as a parallel region has threads now, and one more for any thread beyond
  // those (a thread count raised later), taken under a lock.
  explicit ThreadedExpression(const Expression& e);

  double eval(const double* values) const;
  const Expression& expression() const { return copies_.front(); }

private:
  std::vector<Expression> copies_;
  mutable std::mutex spare_lock_; // guards copies_.back()
};

} // namespace tridg
