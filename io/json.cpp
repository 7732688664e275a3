#include "io/json.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "io/atomic_file.hpp"
#include "io/error.hpp"

namespace tridg {

namespace {

std::string number(double v) {
  if (!std::isfinite(v)) return "null"; // JSON has no inf/nan
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

} // namespace

std::string json_escape(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      o += "\\\"";
      break;
    case '\\':
      o += "\\\\";
      break;
    case '\n':
      o += "\\n";
      break;
    case '\t':
      o += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        o += buf;
      } else {
        o += c;
      }
    }
  }
  return o + "\"";
}

Json& Json::add(const std::string& key, double v) {
  items_.emplace_back(key, number(v));
  nested_.push_back(false);
  return *this;
}
Json& Json::add(const std::string& key, std::int64_t v) {
  items_.emplace_back(key, std::to_string(v));
  nested_.push_back(false);
  return *this;
}
Json& Json::add(const std::string& key, const std::string& v) {
  items_.emplace_back(key, json_escape(v));
  nested_.push_back(false);
  return *this;
}
Json& Json::add(const std::string& key, bool v) {
  items_.emplace_back(key, v ? "true" : "false");
  nested_.push_back(false);
  return *this;
}
Json& Json::add(const std::string& key, const std::vector<double>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + number(v[i]);
  items_.emplace_back(key, s + "]");
  nested_.push_back(false);
  return *this;
}
Json& Json::add(const std::string& key, const Json& object) {
  items_.emplace_back(key, object.str(-1));
  nested_.push_back(true);
  return *this;
}

std::string Json::str(int indent) const {
  if (indent < 0) { // compact, for nesting
    std::string s = "{";
    for (std::size_t i = 0; i < items_.size(); ++i)
      s += (i ? ", " : "") + json_escape(items_[i].first) + ": " + items_[i].second;
    return s + "}";
  }
  const std::string pad(indent, ' ');
  std::string s = "{\n";
  for (std::size_t i = 0; i < items_.size(); ++i)
    s += pad + json_escape(items_[i].first) + ": " + items_[i].second +
         (i + 1 < items_.size() ? ",\n" : "\n");
  return s + "}\n";
}

void write_text_file(const std::string& path, const std::string& text) {
  TempFile tmp(path); // removed again if anything below fails
  {
    errno = 0;
    std::FILE* f = std::fopen(tmp.tmp().c_str(), "wb");
    if (!f) fail(ExitCode::io_error, path + ": cannot write (" + errno_text(errno) + ")");
    errno = 0;
    const bool wrote =
        std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
    const int e = errno;
    const bool closed = std::fclose(f) == 0;
    if (!wrote || !closed)
      fail(ExitCode::io_error, path + ": write failed (" + errno_text(e ? e : errno) + ")");
  }
  tmp.commit();
}

} // namespace tridg
