// --set KEY=VALUE: applied to the parsed document before anything reads it.
#include "io/config_state.hpp"

#include "io/error.hpp"
#include "io/toml_guard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace tridg::config_detail {

namespace {

bool valid_bare_key(const std::string& seg) {
  return !seg.empty() && std::all_of(seg.begin(), seg.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

} // namespace

void apply_override(State& s, const std::string& arg) {
  auto bad = [&](const std::string& why) {
    fail(ExitCode::bad_case, fmt::format("{}: --set {}: {}", s.source, arg, why));
  };
  const auto eq = arg.find('=');
  if (eq == std::string::npos) bad("expected KEY=VALUE, e.g. --set time.end=2.5");
  const std::string key = trim(arg.substr(0, eq)), value = trim(arg.substr(eq + 1));
  std::vector<std::string> segs;
  {
    std::size_t start = 0;
    while (true) {
      const auto dot = key.find('.', start);
      segs.push_back(key.substr(start, dot == std::string::npos ? dot : dot - start));
      if (!valid_bare_key(segs.back()))
        bad(fmt::format("'{}' is not a key (use letters, digits, _ and - joined by dots)", key));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
  }
  if (value.empty()) bad("missing value after '='");

  // The value nests inside its key's segments; "v" below stands for the last one.
  check_toml_nesting("v = " + value, fmt::format("{} (--set {})", s.source, key),
                     max_case_nesting + 1 - static_cast<int>(segs.size()));
  toml::table parsed;
  try {
    parsed = toml::parse(std::string_view("v = " + value), std::string_view("--set"));
  } catch (const toml::parse_error& e) {
    if (std::string_view("[{\"'").find(value.front()) != std::string_view::npos)
      bad(fmt::format("bad TOML value '{}': {}", value, one_line(e.description())));
    parsed = toml::table{};
    parsed.insert("v", value); // a bare word: --set discretization.flux=hllc
  }
  if (parsed.size() != 1 || !parsed.contains("v")) bad(fmt::format("bad value '{}'", value));

  toml::table* t = &s.root;
  std::string path;
  for (std::size_t i = 0; i + 1 < segs.size(); ++i) {
    path = join(path, segs[i]);
    toml::node* child = t->get(segs[i]);
    if (!child) {
      child = &t->insert(segs[i], toml::table{}).first->second;
      if (!override_of(s, path)) s.overridden[path] = arg;
    } else if (!child->is_table()) {
      bad(fmt::format("'{}' is {}, not a table", path, type_name(*child)));
    }
    t = child->as_table();
  }
  const toml::node* existing = t->get(segs.back());
  toml::node& fresh = *parsed.get("v");
  if (existing && existing->is_table() && !fresh.is_table())
    bad(fmt::format("'{}' is a table; set its keys instead (--set {}.KEY=VALUE)", key, key));
  fresh.visit([&](auto& v) { t->insert_or_assign(segs.back(), std::move(v)); });
  s.overridden[key] = arg;
}

} // namespace tridg::config_detail
