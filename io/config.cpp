#include "io/config.hpp"

#include "io/config_state.hpp"
#include "io/error.hpp"
#include "io/suggest.hpp"
#include "io/toml_guard.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

namespace tridg {

using namespace config_detail;

namespace {

[[noreturn]] void missing(const State& s, const std::string& path) {
  fail_at(s, path, fmt::format("missing required key '{}'", path));
}

void mark_used(State& s, const std::string& path) {
  for (std::string p = path; !p.empty(); p = parent_of(p)) {
    if (!s.used.insert(p).second) break; // its ancestors are marked already
  }
}

// Marks `path` used and returns its node, or nullptr when absent. A non-table standing where the
// path needs a table (time = 1 when reading time.end) is an error, not an absence.
const toml::node* lookup(State& s, const std::string& path) {
  mark_used(s, path);
  const toml::node* cur = &s.root;
  std::string partial;
  for (const std::string& seg : split_path(path)) {
    const toml::node* next = child_of(*cur, seg);
    const bool indexable = cur->is_array() && seg.find_first_not_of("0123456789") == seg.npos;
    if (!next && !cur->is_table() && !indexable) type_error(s, partial, "a table", *cur);
    partial = join(partial, seg);
    cur = next;
    if (!cur) return nullptr;
  }
  return cur;
}

double as_double(const State& s, const std::string& path, const toml::node& n) {
  if (auto v = n.as_floating_point()) return v->get();
  if (auto v = n.as_integer()) return static_cast<double>(v->get());
  type_error(s, path, "a number", n);
}

int as_int(const State& s, const std::string& path, const toml::node& n) {
  double v;
  if (auto i = n.as_integer()) {
    v = static_cast<double>(i->get());
  } else if (auto f = n.as_floating_point();
             f && std::isfinite(f->get()) && f->get() == std::trunc(f->get())) {
    v = f->get();
  } else {
    type_error(s, path, "an integer", n);
  }
  if (v < INT_MIN || v > INT_MAX)
    fail_at(s, path, fmt::format("{} = {} is too large for an integer", path, v));
  return static_cast<int>(v);
}

bool as_bool(const State& s, const std::string& path, const toml::node& n) {
  if (auto v = n.as_boolean()) return v->get();
  type_error(s, path, "a boolean (true or false)", n);
}

std::string as_string(const State& s, const std::string& path, const toml::node& n) {
  if (auto v = n.as_string()) return v->get();
  type_error(s, path, "a string", n);
}

std::vector<double> as_doubles(const State& s, const std::string& path, const toml::node& n) {
  const toml::array* a = n.as_array();
  if (!a) type_error(s, path, "an array of numbers", n);
  std::vector<double> out;
  out.reserve(a->size());
  for (std::size_t i = 0; i < a->size(); ++i) {
    const toml::node& e = *a->get(i);
    if (!e.is_number())
      fail_at(s, path, fmt::format("{}[{}]: expected a number, found {}", path, i, describe(e)));
    out.push_back(as_double(s, path, e));
  }
  return out;
}

std::string as_expression(const State& s, const std::string& path, const toml::node& n) {
  if (auto v = n.as_string()) return v->get();
  if (n.is_number()) {
    const double v = as_double(s, path, n);
    if (!std::isfinite(v)) fail_at(s, path, fmt::format("{} = {} is not finite", path, v));
    return fmt::format("{}", v); // shortest text that reads back to the same double
  }
  type_error(s, path, "a number or an expression string", n);
}

std::string show_interval(const Config::Interval& r) {
  const bool lo_open = r.lo_open || std::isinf(r.lo), hi_open = r.hi_open || std::isinf(r.hi);
  return fmt::format("{}{}, {}{}", lo_open ? '(' : '[', r.lo, r.hi, hi_open ? ')' : ']');
}

double check_range(const State& s, const std::string& path, double v, const Config::Interval& r) {
  // Written so that NaN fails.
  const bool ok = (r.lo_open ? v > r.lo : v >= r.lo) && (r.hi_open ? v < r.hi : v <= r.hi);
  if (!ok) fail_at(s, path, fmt::format("{} = {} is out of range {}", path, v, show_interval(r)));
  return v;
}

std::string check_choice(const State& s, const std::string& path, const std::string& v,
                         const std::vector<std::string>& choices) {
  if (std::find(choices.begin(), choices.end(), v) != choices.end()) return v;
  std::string list;
  for (const std::string& c : choices) list += (list.empty() ? "'" : ", '") + c + "'";
  fail_at(s, path,
          fmt::format("{} = '{}' is not one of {}{}", path, v, list, did_you_mean(v, choices)));
}

// Every key must be addressable by a dotted path: an empty key (`"" = 1`) or a quoted key with a
// dot in it (`"a.b" = 1`) cannot be.
void check_keys(const State& s, const toml::node& n) {
  if (const toml::table* t = n.as_table()) {
    for (const auto& [k, child] : *t) {
      if (k.str().empty())
        fail(ExitCode::bad_case, fmt::format("{}:{}: a key is empty (\"\"); keys need a name",
                                             s.source, k.source().begin.line));
      if (k.str().find('.') != std::string_view::npos)
        fail(ExitCode::bad_case,
             fmt::format("{}:{}: the quoted key \"{}\" contains a dot; write a.b without quotes "
                         "for a key inside a table",
                         s.source, k.source().begin.line, k.str()));
      check_keys(s, child);
    }
  } else if (const toml::array* a = n.as_array()) {
    for (const toml::node& child : *a) check_keys(s, child);
  }
}

} // namespace

Config::Config(std::shared_ptr<State> state, std::string prefix)
    : state_(std::move(state)), prefix_(std::move(prefix)) {}

Config Config::load(const std::string& path, const std::vector<std::string>& overrides) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    fail(ExitCode::bad_case, fmt::format("cannot read case file '{}': it is a directory", path));
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    fail(ExitCode::bad_case,
         fmt::format("cannot read case file '{}': not a regular file (a device, pipe or socket)",
                     path));
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail(ExitCode::bad_case,
         fmt::format("cannot read case file '{}': {}", path, std::strerror(errno)));
  // Read at most one byte more than allowed, so that a huge file is never read whole.
  std::string text(max_case_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) fail(ExitCode::bad_case, fmt::format("cannot read case file '{}'", path));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_case_bytes)
    fail(ExitCode::bad_case, fmt::format("case file '{}' is larger than {} bytes; a case file is a "
                                         "few kB (is it the right file?)",
                                         path, max_case_bytes));
  return parse(text, path, overrides);
}

Config Config::parse(const std::string& text, const std::string& source_name,
                     const std::vector<std::string>& overrides) {
  auto s = std::make_shared<State>();
  s->source = source_name;
  check_toml_nesting(text, source_name);
  try {
    s->root = toml::parse(std::string_view(text), std::string_view(source_name));
  } catch (const toml::parse_error& e) {
    fail(ExitCode::bad_case, fmt::format("{}:{}:{}: {}", source_name, e.source().begin.line,
                                         e.source().begin.column, one_line(e.description())));
  }
  check_keys(*s, s->root);
  for (const std::string& arg : overrides) {
    apply_override(*s, arg);
    s->override_args.push_back(arg);
  }
  return Config(std::move(s), "");
}

std::string Config::path_of(const std::string& key) const {
  return join(prefix_, key);
}

std::string Config::source() const {
  return state_->source;
}

std::string Config::case_relative(const std::string& name) const {
  const std::filesystem::path p = name;
  return (p.is_absolute() ? p : std::filesystem::path(source()).parent_path() / p)
      .lexically_normal()
      .string();
}

int Config::line(const std::string& key) const {
  return line_of(*state_, path_of(key));
}

std::string Config::where(const std::string& key) const {
  const std::string path = path_of(key);
  return location(*state_, path) + " " + path;
}

void Config::error(const std::string& key, const std::string& what) const {
  const std::string path = path_of(key);
  fail_at(*state_, path, path.empty() ? what : path + ": " + what);
}

bool Config::has(const std::string& key) const {
  return lookup(*state_, path_of(key)) != nullptr;
}

// Getters come in pairs: without a default a missing key is an error.
#define TRIDG_CONFIG_GETTER(T, name, conv)                                                         \
  T Config::name(const std::string& key) const {                                                   \
    const std::string path = path_of(key);                                                         \
    const toml::node* n = lookup(*state_, path);                                                   \
    if (!n) missing(*state_, path);                                                                \
    return conv(*state_, path, *n);                                                                \
  }

TRIDG_CONFIG_GETTER(double, get_double, as_double)
TRIDG_CONFIG_GETTER(int, get_int, as_int)
TRIDG_CONFIG_GETTER(bool, get_bool, as_bool)
TRIDG_CONFIG_GETTER(std::string, get_string, as_string)
TRIDG_CONFIG_GETTER(std::vector<double>, get_doubles, as_doubles)
TRIDG_CONFIG_GETTER(std::string, get_expression, as_expression)
#undef TRIDG_CONFIG_GETTER

#define TRIDG_CONFIG_GETTER_DEF(T, D, name, conv)                                                  \
  T Config::name(const std::string& key, D def) const {                                            \
    const std::string path = path_of(key);                                                         \
    const toml::node* n = lookup(*state_, path);                                                   \
    return n ? conv(*state_, path, *n) : T(def);                                                   \
  }

TRIDG_CONFIG_GETTER_DEF(double, double, get_double, as_double)
TRIDG_CONFIG_GETTER_DEF(int, int, get_int, as_int)
TRIDG_CONFIG_GETTER_DEF(bool, bool, get_bool, as_bool)
TRIDG_CONFIG_GETTER_DEF(std::string, const std::string&, get_string, as_string)
TRIDG_CONFIG_GETTER_DEF(std::vector<double>, const std::vector<double>&, get_doubles, as_doubles)
TRIDG_CONFIG_GETTER_DEF(std::string, const std::string&, get_expression, as_expression)
#undef TRIDG_CONFIG_GETTER_DEF

double Config::get_double_in(const std::string& key, const Interval& range) const {
  return check_range(*state_, path_of(key), get_double(key), range);
}

double Config::get_double_in(const std::string& key, const Interval& range, double def) const {
  if (!has(key)) return def;
  return get_double_in(key, range);
}

double Config::get_double_in(const std::string& key, double lo, double hi) const {
  return get_double_in(key, Interval::open_closed(lo, hi));
}

double Config::get_double_in(const std::string& key, double lo, double hi, double def) const {
  return get_double_in(key, Interval::open_closed(lo, hi), def);
}

int Config::get_int_in(const std::string& key, int lo, int hi) const {
  const int v = get_int(key);
  if (v < lo || v > hi)
    fail_at(*state_, path_of(key),
            fmt::format("{} = {} is out of range [{}, {}]", path_of(key), v, lo, hi));
  return v;
}

int Config::get_int_in(const std::string& key, int lo, int hi, int def) const {
  if (!has(key)) return def;
  return get_int_in(key, lo, hi);
}

std::string Config::get_choice(const std::string& key,
                               const std::vector<std::string>& choices) const {
  return check_choice(*state_, path_of(key), get_string(key), choices);
}

std::string Config::get_choice(const std::string& key, const std::vector<std::string>& choices,
                               const std::string& def) const {
  if (!has(key)) return def;
  return get_choice(key, choices);
}

Config Config::table(const std::string& key) const {
  const std::string path = path_of(key);
  const toml::node* n = lookup(*state_, path);
  if (!n) fail_at(*state_, path, fmt::format("missing required table [{}]", path));
  if (!n->is_table()) type_error(*state_, path, "a table", *n);
  return Config(state_, path);
}

std::vector<Config> Config::tables(const std::string& key) const {
  const std::string path = path_of(key);
  const toml::node* n = lookup(*state_, path);
  std::vector<Config> out;
  if (!n) return out;
  const toml::array* a = n->as_array();
  if (!a) type_error(*state_, path, "an array of tables ([[" + path + "]])", *n);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string item = join(path, std::to_string(i));
    if (!a->get(i)->is_table()) type_error(*state_, item, "a table", *a->get(i));
    mark_used(*state_, item);
    out.push_back(Config(state_, item));
  }
  return out;
}

std::vector<std::string> Config::keys() const {
  const toml::node* n = raw_find(*state_, prefix_);
  std::vector<std::string> out;
  if (const toml::table* t = n ? n->as_table() : nullptr) {
    for (auto& [k, node] : children_in_order(*state_, prefix_, *t)) out.push_back(k);
  }
  return out;
}

void Config::check_all_used(const std::vector<std::string>& known_keys) const {
  check_unused(*state_, prefix_, known_keys);
}

std::string Config::to_toml() const {
  std::ostringstream os;
  os << "# case file " << state_->source << "\n";
  for (const std::string& arg : state_->override_args) os << "# --set " << one_line(arg) << "\n";
  os << toml::toml_formatter(state_->root) << "\n";
  return os.str();
}

} // namespace tridg
