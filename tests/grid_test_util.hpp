#pragma once
// Shared by the grid reader tests: writing fixtures and catching the one-line user errors.
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <string>

#include "io/error.hpp"

namespace tridg::gridtest {

inline void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The message of the UserError(bad_case) that f throws; "" when it throws nothing.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UserError& e) {
    CHECK(e.code() == ExitCode::bad_case);
    return e.what();
  }
  return "";
}

inline bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

} // namespace tridg::gridtest
