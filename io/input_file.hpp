#pragma once
// An input file tridg is about to read must be a regular file: a directory, FIFO or device would
// fail later with a confusing message, or never end.
#include <filesystem>
#include <string>

#include "io/error.hpp"

namespace tridg {

// Throws UserError(code) "PATH: cannot open the file" unless `path` is a regular file (or a link
// to one).
inline void require_regular_file(const std::string& path, ExitCode code = ExitCode::bad_case) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) fail(code, path + ": cannot open the file");
}

} // namespace tridg
