#include "solver/progress.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace tridg {

namespace {

std::string duration_text(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  char buf[32];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%.1fs", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  else
    std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, (int(s) % 3600) / 60);
  return buf;
}

} // namespace

Progress::Progress(const RunSettings& s, bool quiet, std::int64_t dofs_per_var, std::size_t stages,
                   double t0, std::int64_t step0, double t_end, std::int64_t step_end)
    : quiet_(quiet), tty_(isatty(fileno(stderr)) != 0), every_(s.progress_seconds),
      dofs_(dofs_per_var), stages_(stages), t0_(t0), t_end_(t_end), step0_(step0),
      step_end_(step_end), step_(step0), start_(clock::now()), last_(start_) {}

double Progress::fraction(double t, std::int64_t step) const {
  if (step_end_ > 0)
    return double(step - step0_) / double(std::max<std::int64_t>(1, step_end_ - step0_));
  return (t - t0_) / std::max(1e-300, t_end_ - t0_);
}

double Progress::run_seconds() const {
  return frozen_ >= 0 ? frozen_ : std::chrono::duration<double>(clock::now() - start_).count();
}

double Progress::dof_rate() const {
  const double secs = run_seconds();
  return secs > 0 ? double(step_ - step0_) * double(stages_) * double(dofs_) / secs : 0;
}

void Progress::update(double t, std::int64_t step, double dt) {
  step_ = step;
  if (quiet_) return;
  const auto now = clock::now();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (since < (tty_ ? 0.25 : every_)) return;
  last_ = now;
  const double f = fraction(t, step), el = run_seconds();
  const double eta = f > 0 ? el * (1 - f) / f : NAN;
  const std::string line =
      fmt::format("step {:>8}  t = {:.6g}  dt = {:.3e}  {:5.1f}%  ETA {}  {:.3g} DOF-stages/s",
                  step, t, dt, 100 * f, duration_text(eta), dof_rate());
  if (tty_) {
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
    std::fflush(stderr);
    line_open_ = true;
  } else {
    spdlog::info("{}", line);
  }
}

void Progress::finish() {
  frozen_ = run_seconds();
  if (line_open_) std::fprintf(stderr, "\n");
  line_open_ = false;
  if (!quiet_)
    spdlog::info("finished {} steps in {}, {:.3g} DOF-stages/s", step_ - step0_,
                 duration_text(frozen_), dof_rate());
}

} // namespace tridg
