#pragma once
// SIGINT and SIGTERM. In every command but the time loop of `tridg run` (reading, meshing,
// resampling, setting up, writing the final output) there is no state worth a checkpoint: the
// process ends at once with exit code 130 and a one-line message. During the time loop the first
// signal only sets a flag, which the loop checks between chunks of steps to write a checkpoint and
// stop cleanly (exit code 130); a second one ends the process at once, as usual.
namespace tridg {

// Installs the immediate handlers, once the command line names the command (`run`: the
// messages say where the run was). Only a process that speaks writes the message:
// under MPI that is rank 0, since the launcher sends the signal to every rank, also when it ends
// the others after one rank's error (one message, not one per rank).
void install_early_interrupt_handlers(bool speak, bool run);

// An error has been reported: a signal while the process ends (an MPI launcher ending the ranks
// once one has exited with the error) adds no message.
void silence_early_interrupts();

class InterruptGuard {
public:
  InterruptGuard();  // installs the deferred handlers and clears the flag
  ~InterruptGuard(); // restores the previous handlers
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  // The signal received since construction (SIGINT, SIGTERM), or 0.
  static int pending();
};

// "SIGINT", "SIGTERM" or "signal N".
const char* signal_name(int sig);

} // namespace tridg
