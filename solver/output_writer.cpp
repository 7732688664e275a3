#include "solver/output_writer.hpp"

#include <spdlog/spdlog.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "io/error.hpp"
#include "io/json.hpp"
#include "io/solution_h5.hpp"

namespace tridg {

namespace fs = std::filesystem;

OutputWriter::OutputWriter(const RunSettings& s, const Mesh& mesh, std::string case_toml,
                           std::vector<std::string> var_names, std::string physics, int order)
    : s_(s), mesh_(mesh), case_toml_(std::move(case_toml)), physics_(std::move(physics)),
      vars_(std::move(var_names)), order_(order) {
  std::error_code ec;
  fs::create_directories(s.output_dir, ec);
  if (ec)
    fail(ExitCode::io_error, s.output_dir + ": cannot create the output folder: " + ec.message());
  // Probe that the folder takes files now rather than failing after a long run.
  const fs::path probe = fs::path(s.output_dir) / ".tridg_write_test";
  FILE* f = std::fopen(probe.c_str(), "w");
  if (!f) fail(ExitCode::io_error, s.output_dir + ": output folder is not writable");
  std::fclose(f);
  fs::remove(probe, ec);
}

double OutputWriter::next_time(double t) const {
  if (s_.output_interval <= 0) return std::numeric_limits<double>::infinity();
  // Output times are whole multiples of the interval; a time within 1e-9 of one counts as it.
  const double k = std::floor(t / s_.output_interval * (1 + 1e-12) + 1e-9) + 1;
  return k * s_.output_interval;
}

std::string OutputWriter::snapshot(const std::string& name, const std::vector<double>& state,
                                   double t, std::int64_t step) {
  const std::string path = (fs::path(s_.output_dir) / (name + ".h5")).string();
  Snapshot snap;
  snap.physics = physics_;
  snap.order = order_;
  snap.var_names = vars_;
  snap.time = t;
  snap.step = step;
  snap.coeffs = state;
  snap.case_toml = case_toml_;
  write_snapshot_h5(path, mesh_, snap);
  written_.push_back(path);
  return path;
}

void OutputWriter::write(const std::vector<double>& state, double t, std::int64_t step,
                         bool final) {
  if (!s_.write_hdf5 && !final) return;
  char name[32];
  std::snprintf(name, sizeof name, "solution_%04d", index_++);
  const std::string path = snapshot(name, state, t, step);
  spdlog::debug("wrote {} (t = {})", path, t);
  if (final) snapshot("final", state, t, step);
}

std::string OutputWriter::write_last_good(const std::vector<double>& state, double t,
                                          std::int64_t step) {
  return snapshot("last_good", state, t, step);
}

void OutputWriter::summary(const RunResult& r, int elements, const std::string& backend,
                           double loop_seconds) {
  Json j;
  j.add("elements", elements);
  j.add("order", order_);
  j.add("physics", physics_);
  j.add("steps", std::int64_t(r.steps));
  j.add("final_time", r.final_time);
  j.add("wall_seconds", r.wall_seconds);
  j.add("loop_seconds", loop_seconds);
  j.add("backend", backend);
  j.add("conserved_initial", r.conserved_initial);
  j.add("conserved_final", r.conserved_final);
  if (!r.l2_error.empty()) {
    Json e;
    for (std::size_t i = 0; i < vars_.size(); ++i) e.add(vars_[i], r.l2_error[i]);
    j.add("l2_error", e);
  }
  write_text_file((fs::path(s_.output_dir) / "summary.json").string(), j.str());
}

} // namespace tridg
