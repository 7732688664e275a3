#include "io/toml_guard.hpp"

#include <fmt/format.h>

#include <vector>

#include "io/error.hpp"

namespace tridg {

namespace {

class NestingScanner {
public:
  NestingScanner(std::string_view text, const std::string& source, int max_depth)
      : s_(text), source_(source), max_(max_depth) {}

  void run() {
    while (i_ < s_.size()) {
      if (stack_.empty()) {
        top_level_line();
      } else {
        value();
      }
    }
  }

private:
  struct Open {
    char kind; // '[' array or '{' inline table
    int depth; // depth of the container itself
  };

  char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  void advance() {
    if (s_[i_] == '\n') ++line_;
    ++i_;
  }
  void check(int depth) const {
    if (depth > max_)
      fail(ExitCode::bad_case,
           fmt::format("{}:{}: tables, keys and arrays nest more than {} levels deep; a case "
                       "file needs a few",
                       source_, line_, max_case_nesting));
  }
  void skip_blank() {
    while (i_ < s_.size() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) advance();
  }
  void skip_comment() {
    while (i_ < s_.size() && peek() != '\n') advance();
  }
  // At a quote: skips the whole string, basic or literal, single- or multi-line.
  void skip_string() {
    const char q = peek();
    if (peek(1) == q && peek(2) == q) {
      for (int k = 0; k < 3; ++k) advance();
      while (i_ < s_.size()) {
        if (q == '"' && peek() == '\\') {
          advance();
          if (i_ < s_.size()) advance();
          continue;
        }
        if (peek() == q && peek(1) == q && peek(2) == q) {
          for (int k = 0; k < 3 && i_ < s_.size(); ++k) advance();
          while (peek() == q) advance(); // up to two quotes may close the content
          return;
        }
        advance();
      }
      return;
    }
    advance();
    while (i_ < s_.size() && peek() != q && peek() != '\n') {
      if (q == '"' && peek() == '\\') advance();
      if (i_ < s_.size() && peek() != '\n') advance();
    }
    if (peek() == q) advance();
  }
  // A key (bare, quoted, dotted) up to `stop`; returns its number of segments.
  int key(char stop) {
    int segs = 1;
    while (i_ < s_.size() && peek() != stop && peek() != '\n') {
      if (peek() == '"' || peek() == '\'') {
        skip_string();
      } else if (peek() == '#') {
        return segs;
      } else {
        if (peek() == '.') ++segs;
        advance();
      }
    }
    return segs;
  }
  void top_level_line() {
    skip_blank();
    if (i_ >= s_.size()) return;
    const char c = peek();
    if (c == '\n') {
      advance();
    } else if (c == '#') {
      skip_comment();
    } else if (c == '[') {
      advance();
      if (peek() == '[') advance();
      header_ = key(']');
      check(header_);
      while (peek() == ']') advance();
    } else {
      const int d = header_ + key('=');
      check(d);
      if (peek() == '=') advance();
      value_depth_ = d;
      value();
    }
  }
  // A value and, inside arrays and inline tables, everything up to the matching bracket. Returns
  // at the end of a top-level line.
  void value() {
    while (i_ < s_.size()) {
      const char c = peek();
      if (c == '"' || c == '\'') {
        skip_string();
      } else if (c == '#') {
        skip_comment();
      } else if (c == '\n') {
        advance();
        if (stack_.empty()) return;
      } else if (c == '[') {
        advance();
        stack_.push_back({'[', value_depth_});
        value_depth_ += 1;
        check(value_depth_);
      } else if (c == '{') {
        advance();
        stack_.push_back({'{', value_depth_});
        inline_key();
      } else if (c == ']' || c == '}') {
        advance();
        if (stack_.empty()) continue; // the parser reports it
        value_depth_ = stack_.back().depth;
        stack_.pop_back();
      } else if (c == ',') {
        advance();
        if (stack_.empty()) continue;
        if (stack_.back().kind == '{') {
          inline_key();
        } else {
          value_depth_ = stack_.back().depth + 1;
        }
      } else {
        advance();
      }
    }
  }
  void inline_key() {
    while (i_ < s_.size() && (peek() == ' ' || peek() == '\t' || peek() == '\r' || peek() == '\n'))
      advance();
    if (peek() == '}') return;
    const int d = stack_.back().depth + key('=');
    check(d);
    if (peek() == '=') advance();
    value_depth_ = d;
  }

  std::string_view s_;
  const std::string& source_;
  int max_;
  std::size_t i_ = 0;
  int line_ = 1;
  int header_ = 0;      // depth of the current [table]
  int value_depth_ = 0; // depth of the value being read
  std::vector<Open> stack_;
};

} // namespace

void check_toml_nesting(std::string_view text, const std::string& source, int max_depth) {
  NestingScanner(text, source, max_depth).run();
}

} // namespace tridg
