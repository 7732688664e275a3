#pragma once
// Internals shared by io/config*.cpp: the document behind every Config view, and how a path is
// found and located for messages. Not for use outside io/config*.cpp.
#include "io/config.hpp"

#include <toml++/toml.h>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tridg {

struct Config::State {
  std::string source;
  toml::table root;
  std::set<std::string> used;                    // every path looked up, and its ancestors
  std::map<std::string, std::string> overridden; // path -> the --set argument that put it there
  std::vector<std::string> override_args;
};

namespace config_detail {

using State = Config::State;

std::string join(const std::string& prefix, const std::string& key);
std::string parent_of(const std::string& path); // "" for a top-level key
std::vector<std::string> split_path(const std::string& path);
std::string trim(const std::string& s);
std::string one_line(std::string_view s);
const char* type_name(const toml::node& n); // "an integer"
std::string describe(const toml::node& n);  // "an integer (3)"

// The child `seg` of a table, or element `seg` (a decimal index) of an array; nullptr otherwise.
const toml::node* child_of(const toml::node& n, const std::string& seg);
// Walks `path` from the root without side effects; nullptr when any part is missing or a
// non-table stands where a table is needed.
const toml::node* raw_find(const State& s, const std::string& path);
// The --set argument responsible for `path` (itself or an ancestor), or nullptr.
const std::string* override_of(const State& s, const std::string& path);
int line_of(const State& s, const std::string& path); // 0 when absent or set by --set
// "case.toml:12", pointing at the key or, when it is missing, at the nearest enclosing table;
// "case.toml (--set a.b=1)" for what --set put there.
std::string location(const State& s, const std::string& path);
[[noreturn]] void fail_at(const State& s, const std::string& path, const std::string& msg);
[[noreturn]] void type_error(const State& s, const std::string& path, const std::string& expected,
                             const toml::node& found);
// Direct children of a table in file order; those added by --set come last.
std::vector<std::pair<std::string, const toml::node*>>
children_in_order(const State& s, const std::string& prefix, const toml::table& t);

void apply_override(State& s, const std::string& arg); // config_override.cpp
// Throws for the first key under `prefix` never looked up (config_check.cpp).
void check_unused(const State& s, const std::string& prefix,
                  const std::vector<std::string>& known_keys);

} // namespace config_detail
} // namespace tridg
