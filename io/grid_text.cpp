#include "io/grid_text.hpp"

#include <cstdlib>

#include "io/error.hpp"

namespace tridg {

void grid_text_error(const std::string& path, std::size_t line, const std::string& what) {
  std::string msg = path;
  if (line) msg.append(":").append(std::to_string(line));
  fail(ExitCode::bad_case, msg.append(": ").append(what));
}

bool next_grid_line(std::istream& in, std::string& text, std::size_t& line,
                    const std::string& path) {
  constexpr std::size_t max_line = std::size_t(64) << 20;
  text.clear();
  bool any = false;
  std::streambuf* buf = in.rdbuf();
  for (int c; (c = buf->sbumpc()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') break;
    if (text.size() >= max_line)
      grid_text_error(path, line + 1, "a line longer than 64 MiB: not a text grid");
    text += char(c);
  }
  if (!any) return false;
  if (!text.empty() && text.back() == '\r') text.pop_back();
  ++line;
  return true;
}

std::vector<std::string> grid_tokens(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (true) {
    i = text.find_first_not_of(" \t,\r\f\v", i);
    if (i == std::string::npos) return out;
    const std::size_t e = text.find_first_of(" \t,\r\f\v", i);
    out.push_back(text.substr(i, e == std::string::npos ? e : e - i));
    if (e == std::string::npos) return out;
    i = e;
  }
}

bool grid_number(const std::string& token, double& value) {
  if (token.empty()) return false;
  const char* p = token.c_str();
  char* end = nullptr;
  value = std::strtod(p, &end); // overflow gives +-HUGE_VAL, which the callers reject
  return end != p && !*end;
}

} // namespace tridg
