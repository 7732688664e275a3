#pragma once
// The offset of entry k of row `row` in an array stored row by row, n entries a row: the state
// [var][mode][E], the per-element and per-edge arrays [rows][E] and [rows][Ed], the edges' fluxes.
// Element and edge numbers and counts stay 32-bit (the mesh loader caps them, solver/index_range),
// but their product with the rows passes 2^31 on large meshes at high order (shallow water at
// p = 3 on the sphere has 176 rows per element: 12.2M elements), so the offset is 64-bit: on a GPU
// one wide multiply-add in place of a 32-bit one, with the result kept in a register pair.
#include <cstdint>

#include "core/hd.hpp"

namespace tridg {

TRIDG_HD constexpr std::int64_t row_offset(int row, int n, int k) {
  return std::int64_t(row) * n + k;
}

} // namespace tridg
