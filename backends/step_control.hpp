#pragma once
// The time-step rule, shared by the backends so that they take identical steps.
#include "core/hd.hpp"

namespace tridg {

// The step the largest CFL rate (wave speed / inscribed radius) allows, or the fixed one.
TRIDG_HD double stable_dt(double rate, double cfl_factor, double fixed_dt) {
  return fixed_dt > 0 ? fixed_dt : cfl_factor / rate;
}

// dt for the next step: stable_dt, never past t_target. Returns 0 once t_target is reached.
TRIDG_HD double next_dt(double rate, double cfl_factor, double fixed_dt, double t,
                        double t_target) {
  double dt = stable_dt(rate, cfl_factor, fixed_dt);
  const double left = t_target - t;
  if (left <= 0) return 0;
  // Stretch the last step by up to 1e-6 of itself rather than leave a sliver for another step.
  if (dt >= left * (1 - 1e-6)) dt = left;
  return dt;
}

// The time after a step of dt, landing exactly on t_target when the step was clipped to it.
TRIDG_HD double advance_time(double t, double dt, double t_target) {
  return t + dt >= t_target || dt == t_target - t ? t_target : t + dt;
}

} // namespace tridg

namespace tridg {

// The state of the time loop, kept where the kernels run (device memory for CUDA), so that a
// chunk of steps needs no host round trip.
struct StepControl {
  double t, dt, t_target, cfl_factor, fixed_dt, rate;
  long long steps;
  int parity;  // the buffer holding the current state
  int blew_up; // set when a step produced an inadmissible average; the state stays the last good
};

// Ends a step from the largest element rate of its last stage (+inf or NaN: blow-up): advances
// time, flips the current buffer and takes the next dt. With `init`, only computes dt.
TRIDG_HD void finish_step(StepControl& c, double rate, bool init) {
  if (!init && c.dt <= 0) return;
  if (!(rate <= 1e300)) {
    c.blew_up = 1;
    c.dt = 0;
    return;
  }
  c.rate = rate;
  if (!init) {
    c.t = advance_time(c.t, c.dt, c.t_target);
    c.steps += 1;
    c.parity ^= 1;
  }
  c.dt = next_dt(rate, c.cfl_factor, c.fixed_dt, c.t, c.t_target);
}

} // namespace tridg
