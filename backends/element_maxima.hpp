#pragma once
// The per-element maxima a backend tracked (kernels/water_maxima.hpp), read back to the host in
// double: columns of the elements this process holds, addressed by whole-mesh element like
// core/owned_state.hpp's state.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/water_maxima.hpp"

namespace tridg {

struct ElementMaxima {
  MaximaRule rule;
  std::size_t n = 0; // columns
  // [n] each; reach and reach_time [rule.n_reach][n] (MaximaView's meanings)
  std::vector<double> level, depth, arrival, reach, reach_time;
  // Whole-mesh element -> column, -1 where another rank owns the element; null: every element,
  // each at its own index.
  const std::int32_t* index = nullptr;

  bool owns(std::int32_t k) const { return !index || index[k] >= 0; }
  // Column of element k, which this process must own.
  std::size_t column(std::int32_t k) const { return std::size_t(index ? index[k] : k); }
  std::size_t reach_at(int rule_index, std::int32_t k) const {
    return std::size_t(rule_index) * n + column(k);
  }
};

// The maxima before the first state is taken in: no element ever wet or reached. One start for
// the host's arrays and the device's.
inline ElementMaxima element_maxima_start(const MaximaRule& rule, std::size_t n) {
  ElementMaxima m;
  m.rule = rule;
  m.n = n;
  const std::size_t reach = std::size_t(rule.n_reach) * n;
  m.level.assign(n, maxima_start_level());
  m.depth.assign(n, 0.0);
  m.arrival.assign(n, maxima_start_level());
  m.reach.assign(reach, maxima_start_reach());
  m.reach_time.assign(reach, 0.0);
  return m;
}

} // namespace tridg
