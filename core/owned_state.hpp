#pragma once
// The coefficients C[row][elem] that one process holds, addressed by whole-mesh element: the
// whole state, each element at its own index, or some columns of it (a rank's part, the few
// elements a reader asked for), with `index[k]` giving element k's column, or -1 where the
// process does not hold k (another rank owns it, or it was not asked for). Readers such as
// gauges take the elements they own and leave the others to their owners, so the whole state
// never has to be gathered, or even copied, to sample it.
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
