#pragma once
// Errors a user can cause. Each carries the process exit code documented in README.md; main()
// prints the message on one line and exits with it. Anything else escaping is a bug.
#include <stdexcept>
#include <string>

namespace tridg {

enum class ExitCode : int {
  ok = 0,
  internal = 1,     // a bug: please report
  bad_mesh = 2,     // mesh file missing, unreadable or invalid
  bad_case = 3,     // case file: syntax, unknown key, wrong type, out of range
  mismatch = 4,     // case and mesh disagree (boundary groups), restart from another run
  io_error = 5,     // output folder not writable, write failed
  diverged = 6,     // NaN or negative density/pressure/depth during the run
  no_device = 7,    // a GPU backend requested but not built, or no usable GPU
  device_error = 8, // the GPU failed during the run (out of memory, a kernel fault)
  parallel = 9,     // MPI failed: a call between ranks returned an error, or MPI cannot start
  interrupted = 130 // SIGINT/SIGTERM: checkpoint written
};

class UserError : public std::runtime_error {
public:
  UserError(ExitCode code, const std::string& msg) : std::runtime_error(msg), code_(code) {}
  ExitCode code() const { return code_; }

private:
  ExitCode code_;
};

[[noreturn]] inline void fail(ExitCode code, const std::string& msg) {
  throw UserError(code, msg);
}

} // namespace tridg
