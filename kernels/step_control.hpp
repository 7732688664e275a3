#pragma once
// The time-step rule, shared by the backends so that they take identical steps.
#include "kernels/hd.hpp"

namespace tridg {

// dt for the next step from the largest CFL rate (wave speed / inscribed radius), never past
// t_target. Returns 0 once t_target is reached.
TRIDG_HD double next_dt(double rate, double cfl_factor, double fixed_dt, double t,
                        double t_target) {
  double dt = fixed_dt > 0 ? fixed_dt : cfl_factor / rate;
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
