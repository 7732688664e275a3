#pragma once
// Files written under a temporary name and renamed into place when complete, so that a killed or
// failed run never leaves a partial file under a final name. Temporary names carry the process
// id ("final.h5.1234.tmp"), so two processes never share one; a failed write removes its
// temporary file, and a run removes the temporaries that killed runs left in its output folder.
#include <string>

namespace tridg {

// "<path>.<pid>.tmp".
std::string temp_name(const std::string& path);

// strerror(e), or "unknown reason" when e is 0 (never "Success").
std::string errno_text(int e);

// The temporary file of one output: removed at scope exit unless commit() renamed it.
class TempFile {
public:
  explicit TempFile(std::string final_path);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& tmp() const { return tmp_; }
  const std::string& final_path() const { return path_; }
  // Renames the temporary file to the final name; a failure is an io_error naming both.
  void commit();

private:
  std::string path_, tmp_;
  bool done_ = false;
};

// Removes, in `dir`, the temporary files of tridg outputs ("NAME.tmp", "NAME.PID.tmp") left by
// killed runs; the caller must hold the folder (see OutputLock). Returns how many it removed.
int remove_stale_temporaries(const std::string& dir);

// Writes text to path through a temporary file and a rename.
void write_text_file(const std::string& path, const std::string& text);

} // namespace tridg
