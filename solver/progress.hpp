#pragma once
// Progress of a run: a line rewritten in place on a terminal, periodic log lines otherwise, and
// the closing summary table.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "solver/run_driver.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

class Progress {
public:
  // quiet: nothing at all (also when the log level is above info).
  Progress(const RunSettings& s, bool quiet, std::int64_t dofs_per_var, std::size_t stages,
           double t0, std::int64_t step0, double t_end, std::int64_t step_end);
  // `note`: what the scheme adds to the line (iterations, residual).
  void update(double t, std::int64_t step, double dt, const std::string& note = "");
  void finish();              // stops the loop's clock and ends the terminal line
  double run_seconds() const; // time spent in the time loop
  // Degree-of-freedom stages per second (per variable) over the run so far.
  double dof_rate() const;
  std::int64_t steps_done() const { return step_ - step0_; }
  // The closing table: steps, times, throughput, files, conservation drift, L2 errors.
  std::string summary_table(const RunResult& r, const std::vector<std::string>& vars,
                            std::size_t files_written, const std::string& output_dir) const;
  // Prints summary_table() to stderr unless quiet.
  void report(const RunResult& r, const std::vector<std::string>& vars, std::size_t files_written,
              const std::string& output_dir) const;

private:
  using clock = std::chrono::steady_clock;
  double fraction(double t, std::int64_t step) const;
  bool quiet_, tty_;
  double every_;
  std::int64_t dofs_;
  std::size_t stages_;
  double t0_, t_end_;
  std::int64_t step0_, step_end_, step_ = 0;
  clock::time_point start_, last_;
  bool line_open_ = false;
  double frozen_ = -1; // run_seconds() once finished
};

// "1.5s", "2m05s", "1h02m"; "?" for a negative or non-finite time.
std::string duration_text(double seconds);

} // namespace tridg
