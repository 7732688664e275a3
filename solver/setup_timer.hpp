#pragma once
// Seconds of each phase of a run's set-up, at debug level: on a large mesh the set-up can take
// longer than the steps, and the log shows where.
#include <spdlog/spdlog.h>

#include <chrono>
#include <string_view>

namespace tridg {

class SetupTimer {
public:
  // Logs the time since the last phase (or since construction) under `phase`.
  void done(std::string_view phase) {
    const auto now = clock::now();
    spdlog::debug("set-up: {} in {:.2f} s", phase,
                  std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }

private:
  using clock = std::chrono::steady_clock;
  clock::time_point last_ = clock::now();
};

} // namespace tridg
