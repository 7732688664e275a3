#pragma once
// A few elements' coefficients out of a state in host memory, for readers that need only those
// (gauges): C[row][i] over the listed elements instead of a copy of the whole state.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tridg {

// From `c`, C[row][elem] over n elements (T: the backend's precision).
template <class T>
void gather_columns(const T* c, std::size_t n, std::size_t rows,
                    const std::vector<std::int32_t>& elems, std::vector<double>& out) {
  const std::size_t m = elems.size();
  out.resize(rows * m);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t i = 0; i < m; ++i) out[r * m + i] = double(c[r * n + std::size_t(elems[i])]);
}

} // namespace tridg
