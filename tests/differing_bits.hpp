#pragma once
// Bitwise comparison of two arrays of doubles, for the tests that require the same bits (thread
// counts, visit orders, ranks, restarts).
#include <algorithm>
#include <cstring>
#include <vector>

namespace tridg_test {

// How many doubles of two arrays differ in any bit (memcmp: unlike ==, it tells -0 from +0 and
// a NaN from another); a length mismatch counts the missing ones.
inline long differing_bits(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  long d = long(std::max(a.size(), b.size()) - n);
  for (std::size_t i = 0; i < n; ++i) d += std::memcmp(&a[i], &b[i], sizeof(double)) != 0;
  return d;
}

} // namespace tridg_test
