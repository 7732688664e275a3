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

// The square hilbert_order lays its curve over: the points' bounding box, made square.
struct HilbertFrame {
  double xmin = 0, ymin = 0, extent = 1;
};
HilbertFrame hilbert_frame(double xmin, double xmax, double ymin, double ymax);
// A point's position along hilbert_order's curve in that square (the sort key it uses).
std::uint64_t hilbert_key_in(const HilbertFrame& f, double x, double y);

// Position of (ix, iy) along the Hilbert curve that fills a 2^bits x 2^bits grid.
std::uint64_t hilbert_key(std::uint32_t ix, std::uint32_t iy, int bits);

} // namespace tridg
