#pragma once
// Element ordering for memory locality: neighbours along a space-filling curve sit close in memory,
// so the per-edge gathers of the solver touch few cache lines.
#include <cstdint>
#include <vector>

namespace tridg {

// Order of the points along a Hilbert curve over their bounding square: result[new] = old.
// Ties keep their input order, so the result is deterministic.
std::vector<std::int32_t> hilbert_order(const std::vector<double>& px,
                                        const std::vector<double>& py);

// Position of (ix, iy) along the Hilbert curve that fills a 2^bits x 2^bits grid.
std::uint64_t hilbert_key(std::uint32_t ix, std::uint32_t iy, int bits);

} // namespace tridg
