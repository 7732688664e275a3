#pragma once
// A minimal JSON writer for summaries and `tridg info --json`: objects of numbers, strings,
// arrays of numbers and nested objects, keys kept in insertion order.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tridg {

class Json {
public:
  Json& add(const std::string& key, double v);
  Json& add(const std::string& key, std::int64_t v);
  Json& add(const std::string& key, int v) { return add(key, std::int64_t(v)); }
  Json& add(const std::string& key, const std::string& v);
  Json& add(const std::string& key, const char* v) { return add(key, std::string(v)); }
  Json& add(const std::string& key, bool v);
  Json& add(const std::string& key, const std::vector<double>& v);
  Json& add(const std::string& key, const Json& object);
  std::string str(int indent = 2) const;

private:
  std::vector<std::pair<std::string, std::string>> items_; // key, encoded value
  std::vector<bool> nested_;
};

std::string json_escape(const std::string& s);
// Writes text to path through a temporary file and a rename.
void write_text_file(const std::string& path, const std::string& text);

} // namespace tridg
