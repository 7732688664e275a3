#pragma once
// GKlib, under METIS, installs its own SIGTERM handler for the length of a METIS call (SIGTERM is
// GKlib's error signal) and turns the signal into METIS_ERROR: a user's SIGTERM then ended the
// partitioning as a METIS failure (exit 1) instead of the interrupt's one line and exit 130.
// While a guard lives, SIGTERM is held back on every thread (OpenMP's workers too: one that took
// the signal would run GKlib's handler there, which jumps into the calling thread's stack); when
// it ends, tridg's own handler is back and the held signal reaches it.
#include <pthread.h>

#include <csignal>

namespace tridg {

class MetisSignalGuard {
public:
  MetisSignalGuard() {
    sigaction(SIGTERM, nullptr, &handler_);
    pthread_sigmask(SIG_BLOCK, &term(), &caller_mask_);
#pragma omp parallel
    pthread_sigmask(SIG_BLOCK, &term(), nullptr);
  }
  ~MetisSignalGuard() {
    // GKlib puts back the handler it found with signal(), which drops sigaction's flags.
    sigaction(SIGTERM, &handler_, nullptr);
#pragma omp parallel
    pthread_sigmask(SIG_UNBLOCK, &term(), nullptr);
    pthread_sigmask(SIG_SETMASK, &caller_mask_, nullptr);
  }
  MetisSignalGuard(const MetisSignalGuard&) = delete;
  MetisSignalGuard& operator=(const MetisSignalGuard&) = delete;

private:
  static const sigset_t& term() {
    static const sigset_t s = [] {
      sigset_t t;
      sigemptyset(&t);
      sigaddset(&t, SIGTERM);
      return t;
    }();
    return s;
  }
  struct sigaction handler_ {};
  sigset_t caller_mask_{};
};

} // namespace tridg
