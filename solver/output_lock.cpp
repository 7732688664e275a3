#include "solver/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cerrno>
#include <filesystem>
#include <string>

#include "io/atomic_file.hpp"
#include "io/error.hpp"

namespace tridg {

namespace {

std::string holder_pid(int fd) {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string s = n > 0 ? std::string(buf, std::size_t(n)) : std::string();
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  for (char c : s)
    if (c < '0' || c > '9') return "";
  return s;
}

} // namespace

OutputLock::OutputLock(const std::string& dir)
    : path_((std::filesystem::path(dir) / ".tridg.lock").string()) {
  // The holder removes the file when it ends; a run that opened the old file just before that
  // would lock a file no longer in the folder, so check that the locked file is still the one
  // under the name, and retry otherwise.
  for (int attempt = 0; attempt < 10; ++attempt) {
    // Never through a link: a lock file that is a symbolic link would have tridg write its pid
    // wherever the link points (and create that file).
    const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0 && errno == ELOOP)
      fail(ExitCode::io_error, path_ + ": the lock file is a symbolic link; remove it");
    if (fd < 0)
      fail(ExitCode::io_error, dir + ": output folder is not writable (" + errno_text(errno) + ")");
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      if (e == ENOLCK || e == EOPNOTSUPP || e == ENOSYS) { // a file system without locks
        spdlog::warn("{}: the file system cannot lock the output folder ({}); make sure no other "
                     "run writes into it",
                     dir, errno_text(e));
        fd_ = fd; // removed at the end all the same
        return;
      }
      const std::string pid = holder_pid(fd);
      ::close(fd);
      if (e == EWOULDBLOCK)
        fail(ExitCode::io_error,
             dir + ": another tridg run" + (pid.empty() ? std::string() : " (pid " + pid + ")") +
                 " is writing into this output folder; choose another folder with -o");
      fail(ExitCode::io_error, path_ + ": cannot lock the output folder (" + errno_text(e) + ")");
    }
    struct stat a {
    }, b{};
    if (::fstat(fd, &a) == 0 && ::stat(path_.c_str(), &b) == 0 && a.st_ino == b.st_ino &&
        a.st_dev == b.st_dev) {
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) != 0 ||
          ::pwrite(fd, pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
        const int e = errno;
        ::unlink(path_.c_str());
        ::close(fd);
        fail(ExitCode::io_error, dir + ": output folder is not writable (" + errno_text(e) + ")");
      }
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
  fail(ExitCode::io_error,
       path_ + ": cannot lock the output folder (the lock file keeps changing)");
}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());
  ::close(fd_);
}

} // namespace tridg
