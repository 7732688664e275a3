#include "solver/progress.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tridg {

std::string duration_text(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  if (s < 60) return fmt::format("{:.1f}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", int(s) / 60, int(s) % 60);
  return fmt::format("{}h{:02}m", int(s) / 3600, (int(s) % 3600) / 60);
}

Progress::Progress(const RunSettings& s, bool quiet, std::int64_t dofs_per_var, std::size_t stages,
                   double t0, std::int64_t step0, double t_end, std::int64_t step_end)
    : quiet_(quiet || !spdlog::should_log(spdlog::level::info)), tty_(isatty(fileno(stderr)) != 0),
      every_(s.progress_seconds), dofs_(dofs_per_var), stages_(stages), t0_(t0), t_end_(t_end),
      step0_(step0), step_end_(step_end), step_(step0), start_(clock::now()), last_(start_) {}

double Progress::fraction(double t, std::int64_t step) const {
  double f;
  if (step_end_ > 0)
    f = double(step - step0_) / double(std::max<std::int64_t>(1, step_end_ - step0_));
  else
    f = (t - t0_) / std::max(1e-300, t_end_ - t0_);
  return std::clamp(f, 0.0, 1.0);
}

double Progress::run_seconds() const {
  return frozen_ >= 0 ? frozen_ : std::chrono::duration<double>(clock::now() - start_).count();
}

double Progress::dof_rate() const {
  const double secs = run_seconds();
  return secs > 0 ? double(step_ - step0_) * double(stages_) * double(dofs_) / secs : 0;
}

void Progress::update(double t, std::int64_t step, double dt, const std::string& note) {
  step_ = step;
  if (quiet_) return;
  const auto now = clock::now();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (since < (tty_ ? 0.25 : every_)) return;
  last_ = now;
  const double f = fraction(t, step), el = run_seconds();
  const double eta = f > 0 ? el * (1 - f) / f : NAN;
  const std::string where =
      step_end_ > 0 ? fmt::format("step {}/{}", step, step_end_) : fmt::format("step {}", step);
  // A steady solve has no time and no step size (dt 0): its note says where it is.
  const std::string when =
      dt > 0 || note.empty() ? fmt::format("  t = {:.6g}  dt = {:.3e}", t, dt) : std::string();
  std::string line = fmt::format("{}{}  {:5.1f}%  ETA {}  {:.3g} DOF/s", where, when, 100 * f,
                                 duration_text(eta), dof_rate());
  if (!note.empty()) line += "  " + note;
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
  if (line_open_) std::fprintf(stderr, "\r\033[K");
  line_open_ = false;
}

std::string Progress::summary_table(const RunResult& r, const std::vector<std::string>& vars,
                                    std::size_t files_written,
                                    const std::string& output_dir) const {
  const std::int64_t n = steps_done();
  const double loop = run_seconds();
  std::string s = "\n  run summary\n";
  auto row = [&](const std::string& k, const std::string& v) {
    s += fmt::format("  {:<22} {}\n", k, v);
  };
  row("steps", n == r.steps ? std::to_string(n)
                            : fmt::format("{} (steps {} to {})", n, r.steps - n, r.steps));
  row("final time", fmt::format("{:.9g}", r.final_time));
  row("wall time",
      duration_text(r.wall_seconds) + fmt::format(" (time loop {})", duration_text(loop)));
  if (n > 0) row("time per step", fmt::format("{:.4g} ms", 1e3 * loop / double(n)));
  row("DOF-stages/s", fmt::format("{:.4g} per variable", dof_rate()));
  row("files written", fmt::format("{} in {}", files_written, output_dir));
  for (const auto& [key, value] : r.solver) row(key, fmt::format("{:.6g}", value));
  if (!r.conserved_initial.empty()) {
    // A relative drift means nothing for an integral that starts at zero (momentum at rest).
    double size = 0;
    for (double a : r.conserved_initial) size = std::max(size, std::abs(a));
    s += fmt::format("  {:<10} {:>17} {:>17} {:>10} {:>9}\n", "integral", "start", "end",
                     "end-start", "relative");
    for (std::size_t v = 0; v < vars.size() && v < r.conserved_final.size(); ++v) {
      const double a = r.conserved_initial[v], b = r.conserved_final[v];
      const std::string rel =
          std::abs(a) > 1e-9 * size ? fmt::format("{:.2e}", (b - a) / std::abs(a)) : "-";
      s += fmt::format("  {:<10} {:>17.10e} {:>17.10e} {:>10.2e} {:>9}\n", vars[v], a, b, b - a,
                       rel);
    }
  }
  if (!r.l2_error.empty()) {
    s += fmt::format("  {:<10} {:>16}\n", "L2 error", "");
    for (std::size_t v = 0; v < vars.size() && v < r.l2_error.size(); ++v)
      s += fmt::format("  {:<10} {:>16.6e}\n", vars[v], r.l2_error[v]);
  }
  return s;
}

void Progress::report(const RunResult& r, const std::vector<std::string>& vars,
                      std::size_t files_written, const std::string& output_dir) const {
  if (quiet_) return;
  const std::string t = summary_table(r, vars, files_written, output_dir);
  std::fputs(t.c_str(), stderr);
  std::fflush(stderr);
}

} // namespace tridg
