#pragma once
// The settings of local time stepping (time.lts_* in a case file).

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

} // namespace tridg
