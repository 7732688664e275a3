#include "io/json.hpp"

namespace tridg {

namespace {

std::string leaf(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void one_line(std::string& out, const Json& j) {
  if (j.is_object()) {
    out += '{';
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it != j.begin()) out += ", ";
      out += leaf(it.key()) + ": ";
      one_line(out, it.value());
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it != j.begin()) out += ", ";
      one_line(out, *it);
    }
    out += ']';
  } else {
    out += leaf(j);
  }
}

} // namespace

std::string json_text(const Json& j, bool pretty) {
  std::string out;
  if (!pretty || !j.is_object()) {
    one_line(out, j);
    return out;
  }
  out = "{\n";
  for (auto it = j.begin(); it != j.end(); ++it) {
    out += "  " + leaf(it.key()) + ": ";
    one_line(out, it.value());
    out += std::next(it) != j.end() ? ",\n" : "\n";
  }
  return out + "}\n";
}

} // namespace tridg
