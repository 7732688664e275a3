#pragma once
// SIGINT and SIGTERM during a run: the first one only sets a flag, which the time loop checks
// between chunks of steps to write a checkpoint and stop cleanly (exit code 130); a second one
// ends the process at once, as usual.
namespace tridg {

class InterruptGuard {
public:
  InterruptGuard();  // installs the handlers and clears the flag
  ~InterruptGuard(); // restores the previous handlers
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  // The signal received since construction (SIGINT, SIGTERM), or 0.
  static int pending();
};

// "SIGINT", "SIGTERM" or "signal N".
const char* signal_name(int sig);

} // namespace tridg
