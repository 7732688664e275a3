// check_all_used(): the first key nothing looked up, with a "did you mean" hint.
#include "io/config_state.hpp"

#include "io/suggest.hpp"

#include <fmt/format.h>

namespace tridg::config_detail {

namespace {

// " (did you mean 'time.end'?)" for a misspelt path, judging closeness by the last segment's
// length so that long paths do not make unrelated siblings look like typos.
std::string suggest_path(const std::string& path, const std::vector<std::string>& candidates) {
  const std::string parent = parent_of(path), leaf = path.substr(path.rfind('.') + 1);
  const std::size_t limit = typo_limit(leaf.size());
  auto hint = [](const std::string& c) { return c.empty() ? c : " (did you mean '" + c + "'?)"; };
  // A misspelt key in the right table.
  std::vector<std::string> siblings;
  for (const std::string& c : candidates) {
    if (parent_of(c) == parent && c != path) siblings.push_back(c.substr(c.rfind('.') + 1));
  }
  if (std::string m = closest_match(leaf, siblings, limit); !m.empty())
    return hint(join(parent, m));
  // A misspelt table name (discretisation.flux).
  if (std::string m = closest_match(path, candidates, limit); !m.empty()) return hint(m);
  // The right name in the wrong table (cfl under [output] instead of [time]).
  for (const std::string& c : candidates) {
    if (c != path && c.substr(c.rfind('.') + 1) == leaf) return hint(c);
  }
  return {};
}

void report_unused(const State& s, const std::string& path, bool is_table,
                   const std::vector<std::string>& known_keys) {
  const char* what = is_table ? "table" : "key";
  for (const std::string& k : known_keys) {
    if (k == path || k.starts_with(path + "."))
      fail_at(s, path, fmt::format("{} '{}' is not used with these settings", what, path));
  }
  std::vector<std::string> candidates(s.used.begin(), s.used.end());
  for (const std::string& k : known_keys) {
    for (std::string p = k; !p.empty(); p = parent_of(p)) candidates.push_back(p);
  }
  fail_at(s, path, fmt::format("unknown {} '{}'{}", what, path, suggest_path(path, candidates)));
}

void check_table(const State& s, const std::string& prefix, const toml::table& t,
                 const std::vector<std::string>& known_keys) {
  for (const auto& [key, node] : children_in_order(s, prefix, t)) {
    const std::string path = join(prefix, key);
    if (!s.used.contains(path)) report_unused(s, path, node->is_table(), known_keys);
    if (const toml::table* sub = node->as_table()) check_table(s, path, *sub, known_keys);
    // Arrays of tables ([[key]]) are checked element by element, as key.0, key.1...
    if (const toml::array* a = node->as_array()) {
      for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string item = join(path, std::to_string(i));
        if (const toml::table* sub = a->get(i)->as_table(); sub && s.used.contains(item))
          check_table(s, item, *sub, known_keys);
      }
    }
  }
}

} // namespace

void check_unused(const State& s, const std::string& prefix,
                  const std::vector<std::string>& known_keys) {
  const toml::node* n = raw_find(s, prefix);
  if (const toml::table* t = n ? n->as_table() : nullptr) check_table(s, prefix, *t, known_keys);
}

} // namespace tridg::config_detail
