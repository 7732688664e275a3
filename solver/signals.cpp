#include "solver/signals.hpp"

#include <unistd.h>

#include <csignal>

namespace tridg {

namespace {

volatile std::sig_atomic_t g_signal = 0;
volatile std::sig_atomic_t g_loop_done = 0; // the time loop has ended
volatile std::sig_atomic_t g_speak = 1;     // this process writes the early handler's message
volatile std::sig_atomic_t g_run = 0;       // in `tridg run` (else another command)
struct sigaction g_old_int, g_old_term;

void on_signal(int sig) {
  g_signal = sig;
}

void say(const char* text, std::size_t n) {
  // Only async-signal-safe calls here.
  ssize_t r = ::write(STDERR_FILENO, text, n);
  (void)r;
}

#define TRIDG_SAY(text) say(text, sizeof(text) - 1)

void on_early_signal(int sig) {
  if (!g_speak) ::_exit(130);
  if (!g_run) {
    if (sig == SIGINT)
      TRIDG_SAY("tridg: error: interrupted by SIGINT (the command's output is not written)\n");
    else
      TRIDG_SAY("tridg: error: interrupted by SIGTERM (the command's output is not written)\n");
  } else if (g_loop_done) {
    if (sig == SIGINT)
      TRIDG_SAY("tridg: error: interrupted by SIGINT after the time loop, while writing the final "
                "output (no checkpoint written)\n");
    else
      TRIDG_SAY("tridg: error: interrupted by SIGTERM after the time loop, while writing the final "
                "output (no checkpoint written)\n");
  } else if (sig == SIGINT) {
    TRIDG_SAY("tridg: error: interrupted by SIGINT before the time loop started (no state to save "
              "yet)\n");
  } else {
    TRIDG_SAY("tridg: error: interrupted by SIGTERM before the time loop started (no state to "
              "save yet)\n");
  }
  ::_exit(130);
}

#undef TRIDG_SAY

} // namespace

void install_early_interrupt_handlers(bool speak, bool run) {
  g_loop_done = 0;
  g_speak = speak;
  g_run = run;
  struct sigaction sa {};
  sa.sa_handler = on_early_signal;
  sigemptyset(&sa.sa_mask);
  sigaddset(&sa.sa_mask, SIGINT);
  sigaddset(&sa.sa_mask, SIGTERM);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

void silence_early_interrupts() {
  g_speak = 0;
}

InterruptGuard::InterruptGuard() {
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  // SA_RESETHAND: the handler runs once, so a second Ctrl-C kills as the user expects.
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  g_loop_done = 1;
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

int InterruptGuard::pending() {
  return g_signal;
}

const char* signal_name(int sig) {
  switch (sig) {
  case SIGINT:
    return "SIGINT";
  case SIGTERM:
    return "SIGTERM";
  default:
    return "a signal";
  }
}

} // namespace tridg
