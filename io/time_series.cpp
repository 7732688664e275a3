#include "io/time_series.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>

#include "io/error.hpp"

namespace tridg {

namespace {

[[noreturn]] void bad(const std::string& path, std::size_t line, const std::string& what) {
  fail(ExitCode::bad_case, path + (line ? ":" + std::to_string(line) : "") + ": " + what);
}

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '\r';
}

std::vector<std::string> fields(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (is_separator(c)) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool number(const std::string& s, double& v) {
  char* end = nullptr;
  errno = 0;
  v = std::strtod(s.c_str(), &end);
  return end != s.c_str() && *end == 0 && errno != ERANGE && std::isfinite(v);
}

// A field that reads as a number but not a finite one ("nan", "inf", "1e999"): never a header
// word, always an error.
bool non_finite_number(const std::string& s) {
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  // An underflow to a tiny number (also ERANGE) is harmless.
  return end != s.c_str() && *end == 0 &&
         (!std::isfinite(v) || (errno == ERANGE && std::abs(v) > 1));
}

} // namespace

std::size_t Columns::column(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  fail(ExitCode::bad_case, source + ": no column '" + name + "' (columns: " + list + ")");
}

Columns read_columns(const std::string& path, std::size_t min_columns) {
  std::ifstream in(path);
  if (!in) bad(path, 0, "cannot open the file");
  Columns c;
  c.source = path;
  std::vector<std::string> header;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    const std::vector<std::string> f = fields(text);
    if (f.empty()) continue;
    for (const std::string& x : f)
      if (non_finite_number(x)) bad(path, line, "'" + x + "' is not a finite number");
    std::vector<double> v(f.size());
    bool numeric = true;
    for (std::size_t i = 0; i < f.size() && numeric; ++i) numeric = number(f[i], v[i]);
    if (!numeric) {
      if (!c.data.empty()) bad(path, line, "expected numbers, got '" + text + "'");
      header = f;
      continue;
    }
    if (c.data.empty()) {
      if (f.size() < min_columns)
        bad(path, line,
            "expected at least " + std::to_string(min_columns) + " columns, got " +
                std::to_string(f.size()));
      c.data.resize(f.size());
    } else if (f.size() != c.data.size()) {
      bad(path, line,
          "expected " + std::to_string(c.data.size()) + " values like the first data line, got " +
              std::to_string(f.size()));
    }
    for (std::size_t i = 0; i < f.size(); ++i) c.data[i].push_back(v[i]);
  }
  if (c.data.empty()) bad(path, 0, "no data lines");
  c.names.assign(c.data.size(), "");
  if (header.size() == c.data.size()) c.names = header;
  return c;
}

double interpolate_linear(const std::vector<double>& t, const std::vector<double>& v, double time) {
  if (time <= t.front()) return v.front();
  if (time >= t.back()) return v.back();
  const std::size_t i = std::size_t(std::upper_bound(t.begin(), t.end(), time) - t.begin());
  const double w = (time - t[i - 1]) / (t[i] - t[i - 1]);
  return v[i - 1] + w * (v[i] - v[i - 1]);
}

TimeSeries read_time_series(const std::string& path) {
  const Columns c = read_columns(path, 2);
  TimeSeries s;
  s.t = c.data[0];
  s.v = c.data[1];
  for (std::size_t i = 1; i < s.t.size(); ++i)
    if (!(s.t[i] > s.t[i - 1]))
      bad(path, 0,
          "times must increase strictly (row " + std::to_string(i + 1) + ": " +
              std::to_string(s.t[i]) + " after " + std::to_string(s.t[i - 1]) + ")");
  return s;
}

} // namespace tridg
