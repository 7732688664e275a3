#include "io/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "io/error.hpp"

namespace tridg {

namespace fs = std::filesystem;

std::string temp_name(const std::string& path) {
  return path + "." + std::to_string(::getpid()) + ".tmp";
}

std::string errno_text(int e) {
  return e == 0 ? std::string("unknown reason") : std::string(std::strerror(e));
}

TempFile::TempFile(std::string final_path) : path_(std::move(final_path)), tmp_(temp_name(path_)) {}

TempFile::~TempFile() {
  if (done_) return;
  std::error_code ec;
  fs::remove(tmp_, ec);
}

void TempFile::commit() {
  std::error_code ec;
  fs::rename(tmp_, path_, ec);
  if (ec) {
    const std::string why = ec.value() ? ec.message() : std::string("unknown reason");
    fs::remove(tmp_, ec);
    done_ = true;
    fail(ExitCode::io_error, path_ + ": cannot rename the finished file " +
                                 fs::path(tmp_).filename().string() + " into place: " + why);
  }
  done_ = true;
}

namespace {

// Stems of the files a run writes into its output folder.
bool is_output_name(const std::string& n) {
  for (const char* prefix : {"solution_", "final.", "last_good.", "checkpoint.", "summary.json",
                             "time_series.xdmf", "gauges", "max_inundation."})
    if (n.rfind(prefix, 0) == 0) return true;
  return false;
}

} // namespace

int remove_stale_temporaries(const std::string& dir) {
  std::error_code ec;
  int removed = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (n.size() < 4 || n.compare(n.size() - 4, 4, ".tmp") != 0 || !is_output_name(n)) continue;
    std::error_code rm;
    if (it->is_regular_file(rm) && fs::remove(it->path(), rm)) ++removed;
  }
  return removed;
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
