#pragma once
// The settings of local time stepping (time.lts_* in a case file), and the one test of an
// element's step against its rate that the plan and the backends' checks share.
#include "core/hd.hpp"

namespace tridg {

constexpr int kLtsMaxLevels = 20;

// For each level, how far into its step a finer level's stage is (the coarse ghosts' weight).
struct LtsFractions {
  double v[kLtsMaxLevels + 1];
};

struct LtsParams {
  int max_levels = 0;     // 0: one step for all elements (no local time stepping)
  double min_speed = 0;   // a wave speed every element is assumed to reach (m/s)
  double headroom = 1.25; // the rates are multiplied by it: rates that grow during a macro step
};

// The rate an element must be stable for: its own, at least the minimum speed's over its
// inscribed radius (1 / inv_length).
TRIDG_HD double lts_own_rate(double min_speed, double rate, double inv_length) {
  return tmax(rate, min_speed * inv_length);
}

// Whether a step of `step` seconds is within the stability limit of an element of this rate.
TRIDG_HD bool lts_step_holds(double min_speed, double rate, double inv_length, double step,
                             double cfl_factor) {
  return lts_own_rate(min_speed, rate, inv_length) * step <= cfl_factor;
}

} // namespace tridg
