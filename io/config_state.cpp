#include "io/config_state.hpp"

#include "io/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace tridg::config_detail {

std::string join(const std::string& prefix, const std::string& key) {
  return prefix.empty() ? key : prefix + "." + key;
}

std::string parent_of(const std::string& path) {
  const auto dot = path.rfind('.');
  return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> segs;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    segs.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (segs.back().empty()) throw std::invalid_argument("Config: bad key '" + path + "'");
    if (dot == std::string::npos) return segs;
    start = dot + 1;
  }
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\r') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  return trim(out);
}

const char* type_name(const toml::node& n) {
  switch (n.type()) {
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a floating-point number";
  case toml::node_type::boolean:
    return "a boolean";
  case toml::node_type::date:
    return "a date";
  case toml::node_type::time:
    return "a time";
  case toml::node_type::date_time:
    return "a date-time";
  default:
    return "nothing";
  }
}

std::string describe(const toml::node& n) {
  if (auto v = n.as_string()) return fmt::format("a string ('{}')", v->get());
  if (auto v = n.as_integer()) return fmt::format("an integer ({})", v->get());
  if (auto v = n.as_floating_point()) return fmt::format("a floating-point number ({})", v->get());
  if (auto v = n.as_boolean()) return fmt::format("a boolean ({})", v->get());
  return type_name(n);
}

const toml::node* child_of(const toml::node& n, const std::string& seg) {
  if (const toml::table* t = n.as_table()) return t->get(seg);
  const toml::array* a = n.as_array();
  if (!a || seg.empty() || seg.size() > 9 ||
      !std::all_of(seg.begin(), seg.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return nullptr;
  return a->get(std::stoul(seg));
}

const toml::node* raw_find(const State& s, const std::string& path) {
  if (path.empty()) return &s.root;
  const toml::node* cur = &s.root;
  for (const std::string& seg : split_path(path)) {
    cur = child_of(*cur, seg);
    if (!cur) return nullptr;
  }
  return cur;
}

const std::string* override_of(const State& s, const std::string& path) {
  for (std::string p = path;; p = parent_of(p)) {
    if (auto it = s.overridden.find(p); it != s.overridden.end()) return &it->second;
    if (p.empty()) return nullptr;
  }
}

int line_of(const State& s, const std::string& path) {
  if (override_of(s, path)) return 0;
  const toml::node* n = raw_find(s, path);
  return n ? static_cast<int>(n->source().begin.line) : 0;
}

std::string location(const State& s, const std::string& path) {
  if (const std::string* arg = override_of(s, path))
    return fmt::format("{} (--set {})", s.source, *arg);
  for (std::string p = path; !p.empty(); p = parent_of(p)) {
    if (const int line = line_of(s, p); line > 0) return fmt::format("{}:{}", s.source, line);
  }
  return s.source;
}

[[noreturn]] void fail_at(const State& s, const std::string& path, const std::string& msg) {
  fail(ExitCode::bad_case, location(s, path) + ": " + msg);
}

[[noreturn]] void type_error(const State& s, const std::string& path, const std::string& expected,
                             const toml::node& found) {
  fail_at(s, path, fmt::format("{}: expected {}, found {}", path, expected, describe(found)));
}

std::vector<std::pair<std::string, const toml::node*>>
children_in_order(const State& s, const std::string& prefix, const toml::table& t) {
  struct Entry {
    std::pair<std::uint64_t, std::uint64_t> pos;
    std::string key;
    const toml::node* node;
  };
  std::vector<Entry> entries;
  for (const auto& [k, n] : t) {
    const std::string key(k.str());
    std::pair<std::uint64_t, std::uint64_t> pos{UINT64_MAX, UINT64_MAX};
    if (!override_of(s, join(prefix, key))) pos = {n.source().begin.line, n.source().begin.column};
    entries.push_back({pos, key, &n});
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const Entry& a, const Entry& b) { return a.pos < b.pos; });
  std::vector<std::pair<std::string, const toml::node*>> out;
  for (auto& e : entries) out.emplace_back(std::move(e.key), e.node);
  return out;
}

} // namespace tridg::config_detail
