#pragma once
// The coefficients C[row][elem] that one process owns, addressed by whole-mesh element. On one
// process that is the whole state, each element at its own index; on several ranks it is the
// rank's part (owned elements and ghosts), and `index[k]` gives element k's column there, or -1
// where another rank owns k. Readers such as gauges take the elements they own and leave the
// others to their owners, so the whole state never has to be gathered to sample it.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tridg {

struct OwnedState {
  const double* c = nullptr;
  std::size_t stride = 0;              // columns per row: the elements the process holds
  const std::int32_t* index = nullptr; // whole-mesh element -> column, -1 elsewhere; null: identity

  // The whole state of one process, C[row][elem] over n_elems elements.
  static OwnedState whole(const std::vector<double>& c, std::size_t n_elems) {
    return {c.data(), n_elems, nullptr};
  }
  bool owns(std::int32_t k) const { return !index || index[k] >= 0; }
  // Coefficient `row` (var * NP + mode) of whole-mesh element k, which this process must own.
  double operator()(std::size_t row, std::int32_t k) const {
    return c[row * stride + std::size_t(index ? index[k] : k)];
  }
};

} // namespace tridg
