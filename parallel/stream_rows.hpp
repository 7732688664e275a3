#pragma once
// Rows that the ranks hold at global positions (elements, nodes), delivered to rank 0 in order of
// position, a block of consecutive positions at a time: rank 0 writes a whole-mesh file while no
// rank ever holds more than its part and one block.
#include <cstdint>
#include <functional>
#include <vector>

namespace tridg::par {

// Called on rank 0 for positions [first, first + count): `rows` holds count rows back to back,
// present[i] says whether any rank gave position first + i (zero bytes otherwise).
using TakeRows = std::function<void(std::int64_t first, std::int64_t count, const char* rows,
                                    const std::vector<char>& present)>;

// Collective. `at` (ascending) are this rank's positions in [0, n); `rows` their rows of
// `row_bytes` bytes each, in the same order. A position given by several ranks must come with
// the same bytes from each (a node shared by parts).
void stream_to_root(const std::vector<std::int64_t>& at, const void* rows, std::size_t row_bytes,
                    std::int64_t n, const TakeRows& take, std::size_t block_bytes = 64u << 20);

// The same for rows of `width` values of type T.
template <class T>
void stream_rows_to_root(
    const std::vector<std::int64_t>& at, const std::vector<T>& rows, int width, std::int64_t n,
    const std::function<void(std::int64_t first, std::int64_t count, const T* rows,
                             const std::vector<char>& present)>& take) {
  stream_to_root(
      at, rows.data(), sizeof(T) * std::size_t(width), n,
      [&](std::int64_t first, std::int64_t count, const char* r, const std::vector<char>& present) {
        take(first, count, reinterpret_cast<const T*>(r), present);
      });
}

} // namespace tridg::par
