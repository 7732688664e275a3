#include "parallel/stream_rows.hpp"

#include <algorithm>
#include <cstring>

#include "io/error.hpp"
#include "parallel/comm.hpp"

namespace tridg::par {

void stream_to_root(const std::vector<std::int64_t>& at, const void* rows, std::size_t row_bytes,
                    std::int64_t n, const TakeRows& take, std::size_t block_bytes) {
  if (row_bytes == 0) fail(ExitCode::internal, "stream_to_root: rows of no bytes");
  const std::int64_t block = std::max<std::int64_t>(1, std::int64_t(block_bytes / row_bytes));
  const char* src = static_cast<const char*>(rows);
  std::size_t next = 0; // the first of this rank's rows not sent yet
  std::vector<char> dense, present;
  for (std::int64_t first = 0; first < n; first += block) {
    const std::int64_t count = std::min(block, n - first);
    // This rank's rows in the block: their offsets in it, then the rows.
    std::size_t end = next;
    while (end < at.size() && at[end] < first + count) ++end;
    const std::size_t k = end - next;
    std::vector<char> msg(sizeof(std::int64_t) * k + row_bytes * k);
    for (std::size_t i = 0; i < k; ++i) {
      const std::int64_t off = at[next + i] - first;
      if (off < 0) fail(ExitCode::internal, "stream_to_root: positions not ascending");
      std::memcpy(msg.data() + sizeof(std::int64_t) * i, &off, sizeof off);
    }
    if (k)
      std::memcpy(msg.data() + sizeof(std::int64_t) * k, src + row_bytes * next, row_bytes * k);
    next = end;
    const std::vector<std::vector<char>> got = gather_bytes(msg);
    if (got.empty()) continue; // not rank 0
    dense.assign(row_bytes * std::size_t(count), 0);
    present.assign(std::size_t(count), 0);
    for (const std::vector<char>& m : got) {
      const std::size_t kk = m.size() / (sizeof(std::int64_t) + row_bytes);
      for (std::size_t i = 0; i < kk; ++i) {
        std::int64_t off = 0;
        std::memcpy(&off, m.data() + sizeof(std::int64_t) * i, sizeof off);
        std::memcpy(dense.data() + row_bytes * std::size_t(off),
                    m.data() + sizeof(std::int64_t) * kk + row_bytes * i, row_bytes);
        present[std::size_t(off)] = 1;
      }
    }
    take(first, count, dense.data(), present);
  }
  if (next != at.size()) fail(ExitCode::internal, "stream_to_root: a position beyond the table");
}

} // namespace tridg::par
