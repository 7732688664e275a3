#include "parallel/global_rank.hpp"

#include <algorithm>

#include "parallel/comm.hpp"

namespace tridg::par {

namespace {

void sort_unique(std::vector<Key>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

std::int64_t position(const std::vector<Key>& sorted, const Key& k) {
  return std::lower_bound(sorted.begin(), sorted.end(), k) - sorted.begin();
}

void append(std::vector<std::int64_t>& out, const Key& k) {
  out.push_back(std::int64_t(k[0]));
  out.push_back(std::int64_t(k[1]));
}

Key key_at(const std::vector<std::int64_t>& v, std::size_t i) {
  return {std::uint64_t(v[2 * i]), std::uint64_t(v[2 * i + 1])};
}

} // namespace

GlobalRanks rank_keys(const std::vector<Key>& keys) {
  std::vector<Key> mine = keys;
  sort_unique(mine);
  const int n_ranks = size();
  GlobalRanks out;
  out.rank.resize(keys.size());
  if (n_ranks == 1) {
    for (std::size_t i = 0; i < keys.size(); ++i) out.rank[i] = position(mine, keys[i]);
    out.distinct = std::int64_t(mine.size());
    return out;
  }
  // Splitters from evenly spaced samples of every rank's keys.
  constexpr std::size_t samples = 64;
  std::vector<std::int64_t> sample;
  for (std::size_t i = 0; i < samples && !mine.empty(); ++i)
    append(sample, mine[i * mine.size() / samples]);
  const std::vector<std::int64_t> all_samples = allgather(sample);
  std::vector<Key> pool;
  for (std::size_t i = 0; i < all_samples.size() / 2; ++i) pool.push_back(key_at(all_samples, i));
  std::sort(pool.begin(), pool.end());
  std::vector<Key> split; // rank r holds keys in [split[r - 1], split[r])
  for (int r = 1; r < n_ranks; ++r)
    split.push_back(pool.empty() ? Key{0, 0} : pool[r * pool.size() / n_ranks]);
  auto bucket = [&](const Key& k) {
    return int(std::upper_bound(split.begin(), split.end(), k) - split.begin());
  };
  std::vector<std::vector<std::int64_t>> to(n_ranks);
  for (const Key& k : mine) append(to[bucket(k)], k);
  const std::vector<std::vector<std::int64_t>> got = exchange(to);
  std::vector<Key> held;
  for (const auto& g : got)
    for (std::size_t i = 0; i < g.size() / 2; ++i) held.push_back(key_at(g, i));
  sort_unique(held);
  // This rank's range starts after the distinct keys of the ranks before it.
  const std::vector<std::int64_t> counts = allgather({std::int64_t(held.size())});
  std::int64_t offset = 0;
  for (int r = 0; r < n_ranks; ++r) {
    if (r < rank()) offset += counts[r];
    out.distinct += counts[r];
  }
  std::vector<std::vector<std::int64_t>> back(n_ranks);
  for (int r = 0; r < n_ranks; ++r)
    for (std::size_t i = 0; i < got[r].size() / 2; ++i)
      back[r].push_back(offset + position(held, key_at(got[r], i)));
  const std::vector<std::vector<std::int64_t>> answers = exchange(back);
  // The answers come in the order this rank sent its keys: by bucket, each bucket sorted.
  std::vector<std::int64_t> rank_of_mine(mine.size());
  std::vector<std::size_t> next(n_ranks, 0);
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const int b = bucket(mine[i]);
    rank_of_mine[i] = answers[b][next[b]++];
  }
  for (std::size_t i = 0; i < keys.size(); ++i)
    out.rank[i] = rank_of_mine[std::size_t(position(mine, keys[i]))];
  return out;
}

} // namespace tridg::par
