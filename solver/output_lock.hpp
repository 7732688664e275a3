#pragma once
// One run per output folder: a run holds an exclusive lock on <dir>/.tridg.lock (flock) for as
// long as it writes there; a second run into the same folder is an io_error naming the folder and
// the process id of the run that holds it. The lock file also holds that process id.
#include <string>

namespace tridg {

class OutputLock {
public:
  OutputLock() = default;
  // Creates the lock file if needed and takes the lock; errors are io_error.
  explicit OutputLock(const std::string& dir);
  ~OutputLock();
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

private:
  std::string path_;
  int fd_ = -1;
};

} // namespace tridg
