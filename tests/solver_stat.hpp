#pragma once
// A run's solver statistic by its summary.json key (the implicit schemes' counters).
#include <doctest/doctest.h>

#include <string>

#include "solver/run_driver.hpp"

namespace tridg::test {

inline double stat(const RunResult& r, const std::string& key) {
  for (const auto& [k, v] : r.solver)
    if (k == key) return v;
  FAIL("no solver statistic " << key);
  return 0;
}

} // namespace tridg::test
