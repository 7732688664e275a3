#pragma once
// Numbers for things that several ranks see (elements, edges, nodes of a part and its ghosts):
// each rank holds keys in no particular order, some of them also held by other ranks, and every
// rank must learn the position of each of its keys in the sorted list of all distinct keys. The
// positions then equal the numbers one process gives when it sorts the whole list, whatever the
// number of ranks.
#include <array>
#include <cstdint>
#include <vector>

namespace tridg::par {

using Key = std::array<std::uint64_t, 2>; // compared lexicographically

struct GlobalRanks {
  std::vector<std::int64_t> rank; // per input key: its position among all distinct keys
  std::int64_t distinct = 0;      // the number of distinct keys over all ranks
};

// Collective: every rank calls it, with any number of keys (duplicates allowed, also between
// ranks). A sample sort: the keys travel to the rank whose range holds them and back.
GlobalRanks rank_keys(const std::vector<Key>& keys);

} // namespace tridg::par
