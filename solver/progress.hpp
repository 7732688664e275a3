#pragma once
// Progress of a run: a line rewritten in place on a terminal, periodic log lines otherwise.
#include <chrono>
#include <cstdint>

#include "solver/run_settings.hpp"

namespace tridg {

class Progress {
public:
  Progress(const RunSettings& s, bool quiet, std::int64_t dofs_per_var, std::size_t stages,
           double t0, std::int64_t step0, double t_end, std::int64_t step_end);
  void update(double t, std::int64_t step, double dt);
  void finish();              // ends the loop's clock and prints the totals
  double run_seconds() const; // time spent in the time loop
  // Degree-of-freedom stages per second (all variables) over the run so far.
  double dof_rate() const;

private:
  using clock = std::chrono::steady_clock;
  double fraction(double t, std::int64_t step) const;
  bool quiet_, tty_;
  double every_;
  std::int64_t dofs_;
  std::size_t stages_;
  int nvar_ = 1;
  double t0_, t_end_;
  std::int64_t step0_, step_end_, step_ = 0;
  clock::time_point start_, last_;
  bool line_open_ = false;
  double frozen_ = -1; // run_seconds() once finished
};

} // namespace tridg
