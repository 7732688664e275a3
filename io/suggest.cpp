#include "io/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace tridg {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  // Three rows suffice: the swap rule looks two rows back.
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

namespace {
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
} // namespace

std::size_t typo_limit(std::size_t length) {
  return length < 3 ? 0 : std::max<std::size_t>(1, length / 3);
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  return closest_match(word, candidates, typo_limit(word.size()));
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates,
                          std::size_t limit) {
  const std::string w = lower(word);
  const std::string* best = nullptr;
  std::size_t best_d = limit + 1;
  for (const std::string& c : candidates) {
    if (c == word) continue;
    const std::size_t d = edit_distance(w, lower(c));
    if (d < best_d) {
      best_d = d;
      best = &c;
    }
  }
  return best ? *best : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string m = closest_match(word, candidates);
  return m.empty() ? std::string() : " (did you mean '" + m + "'?)";
}

} // namespace tridg
