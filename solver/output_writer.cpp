#include "solver/output_writer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "io/atomic_file.hpp"
#include "io/error.hpp"
#include "io/json.hpp"
#include "io/output_build_info.hpp"
#include "io/output_msh.hpp"
#include "parallel/comm.hpp"
#include "solver/output_parts.hpp"
#include "solver/output_sample.hpp"

namespace tridg {

namespace fs = std::filesystem;

namespace {

std::string numbered(int i) {
  char name[32];
  std::snprintf(name, sizeof name, "solution_%04d", i);
  return name;
}

std::string g_text(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

} // namespace

OutputWriter::OutputWriter(const RunSettings& s, const Mesh& mesh, std::string case_toml,
                           std::vector<std::string> var_names, std::string physics, int order,
                           DerivedFields derived, bool holds_folder)
    : s_(s), mesh_(mesh), case_toml_(std::move(case_toml)), physics_(std::move(physics)),
      build_info_(build_info()), vars_(std::move(var_names)), order_(order),
      derived_(std::move(derived)), viz_(make_viz_mesh(mesh, viz_subdivision(order))) {
  for (const auto& [name, values] : derived_.cell_data)
    if (values.size() != std::size_t(mesh.n_elems()))
      fail(ExitCode::internal, "cell data '" + name + "' has the wrong size");
  if (!holds_folder) return;
  std::error_code ec;
  fs::create_directories(s.output_dir, ec);
  if (ec || !fs::is_directory(s.output_dir, ec))
    fail(ExitCode::io_error,
         s.output_dir + ": cannot create the output folder" +
             (ec ? ": " + ec.message() : std::string(" (a file is in the way)")));
  // The lock file doubles as the probe that the folder takes files now, rather than failing
  // after a long run.
  lock_ = std::make_unique<OutputLock>(s.output_dir);
  if (const int n = remove_stale_temporaries(s.output_dir))
    spdlog::info("removed {} temporary file(s) of an earlier, interrupted run from {}", n,
                 s.output_dir);
}

std::string OutputWriter::path(const std::string& file) const {
  return (fs::path(s_.output_dir) / file).string();
}

void OutputWriter::resume(const Snapshot& from) {
  double next = 1;
  if (from.output_index >= 0) {
    next = double(from.output_index) + 1;
  } else if (s_.output_interval > 0) { // a file without the number: count the output times
    next = std::floor(from.time / s_.output_interval * (1 + 1e-12) + 1e-9) + 1;
  }
  if (!(next >= 0 && next <= double(kMaxOutputIndex)))
    fail(ExitCode::mismatch, "the restart file's output number " + std::to_string(next) +
                                 " is out of range (at most " + std::to_string(kMaxOutputIndex) +
                                 ")");
  index_ = int(next);
  if (!par::root()) return; // rank 0 alone writes the time series
  // The earlier snapshots still in the folder, in order (listed rather than probed one number
  // at a time: the number may be large).
  std::vector<std::pair<int, std::string>> found;
  std::error_code ec;
  for (fs::directory_iterator it(s_.output_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    int i = -1;
    char tail = 0;
    if (std::sscanf(n.c_str(), "solution_%d.h%c", &i, &tail) == 2 && tail == '5' && i >= 0 &&
        i < index_ && n == numbered(i) + ".h5")
      found.emplace_back(i, n);
  }
  std::sort(found.begin(), found.end());
  series_.clear();
  for (const auto& [i, h5] : found) {
    try {
      const SnapshotInfo info = read_snapshot_info(path(h5));
      if (info.viz_nodes > 0)
        series_.push_back({h5, info.time, info.step, info.viz_nodes, info.viz_tris, info.fields});
    } catch (const UserError& e) {
      spdlog::warn("{} (left out of time_series.xdmf)", e.what());
    }
  }
}

double output_next_time(const RunSettings& s, double t) {
  if (s.output_interval <= 0) return std::numeric_limits<double>::infinity();
  // Output times are whole multiples of the interval; a time within 1e-9 of one counts as it.
  const double k = std::floor(t / s.output_interval * (1 + 1e-12) + 1e-9) + 1;
  return k * s.output_interval;
}

std::vector<VizField> OutputWriter::sample(const std::vector<double>& state) const {
  return sample_fields(mesh_, viz_, order_, vars_, state, derived_);
}

Snapshot OutputWriter::make_snapshot(const std::vector<double>& state, double t, std::int64_t step,
                                     std::int64_t output_index) const {
  Snapshot snap;
  snap.physics = physics_;
  snap.order = order_;
  snap.var_names = vars_;
  snap.time = t;
  snap.step = step;
  snap.coeffs = state;
  snap.case_toml = case_toml_;
  snap.build_info = build_info_;
  snap.output_index = output_index;
  snap.cell_data = derived_.cell_data;
  snap.scheme = scheme_;
  return snap;
}

std::string OutputWriter::snapshot(const std::string& name, const std::vector<double>& state,
                                   const std::vector<VizField>& fields, double t, std::int64_t step,
                                   std::int64_t output_index, Kinds kinds) {
  const std::string h5 = path(name + ".h5");
  if (mesh_.part) return snapshot_parts(name, state, fields, t, step, output_index, kinds);
  if (kinds.h5) {
    write_snapshot_h5(h5, mesh_, make_snapshot(state, t, step, output_index), {&viz_, &fields});
    written_.push_back(h5);
    XdmfGrid g{name + ".h5", t, step, viz_.n_nodes(), viz_.n_tris(), {}};
    for (const VizField& f : fields) g.fields.push_back(f.name);
    write_xdmf(path(name + ".xdmf"), g);
    written_.push_back(path(name + ".xdmf"));
    if (name.rfind("solution_", 0) == 0) {
      series_.push_back(g);
      write_xdmf_series(path("time_series.xdmf"), series_);
    }
  }
  if (kinds.msh) {
    write_msh(path(name + ".msh"), viz_, fields, {t, int(std::max<std::int64_t>(0, output_index))});
    written_.push_back(path(name + ".msh"));
  }
  return h5;
}

std::string OutputWriter::snapshot_parts(const std::string& name, const std::vector<double>& state,
                                         const std::vector<VizField>& fields, double t,
                                         std::int64_t step, std::int64_t output_index,
                                         Kinds kinds) {
  const std::string h5 = path(name + ".h5");
  const std::int64_t ne = mesh_.part->n_elems;
  if (kinds.h5) {
    write_snapshot_parts(h5, mesh_, make_snapshot(state, t, step, output_index), viz_, fields,
                         s_.mesh_path, s_.parallel_hdf5);
    written_.push_back(h5);
    XdmfGrid g{name + ".h5", t, step, ne * viz_.nodes_per_elem, ne * viz_.tris_per_elem, {}};
    for (const VizField& f : fields) g.fields.push_back(f.name);
    par::on_root([&] {
      write_xdmf(path(name + ".xdmf"), g);
      if (name.rfind("solution_", 0) == 0) {
        series_.push_back(g);
        write_xdmf_series(path("time_series.xdmf"), series_);
      }
    });
    written_.push_back(path(name + ".xdmf"));
  }
  if (kinds.msh) {
    write_msh_parts(path(name + ".msh"), mesh_, viz_, fields,
                    {t, int(std::max<std::int64_t>(0, output_index))});
    written_.push_back(path(name + ".msh"));
  }
  return h5;
}

void OutputWriter::write(const std::vector<double>& state, double t, std::int64_t step,
                         bool final) {
  if (!final && ++numbered_ > s_.max_outputs)
    fail(ExitCode::bad_case,
         "output.interval = " + g_text(s_.output_interval) +
             " asks for more than output.max_outputs = " + std::to_string(s_.max_outputs) +
             " snapshots (raise output.max_outputs to write them)");
  if (index_ >= kMaxOutputIndex)
    fail(ExitCode::bad_case, "more than " + std::to_string(kMaxOutputIndex) + " snapshots");
  const int i = index_++;
  const std::vector<VizField> fields = sample(state);
  if (s_.write_hdf5 || s_.write_gmsh) {
    snapshot(numbered(i), state, fields, t, step, i, {s_.write_hdf5, s_.write_gmsh});
    spdlog::debug("wrote {} (t = {})", numbered(i), t);
  }
  // The final state is always written: it is what a restart or a later look needs.
  if (final) snapshot("final", state, fields, t, step, i, {true, s_.write_gmsh});
}

std::string OutputWriter::write_last_good(const std::vector<double>& state, double t,
                                          std::int64_t step) {
  return snapshot("last_good", state, sample(state), t, step, index_ - 1, {true, s_.write_gmsh});
}

std::string OutputWriter::write_checkpoint(const std::vector<double>& state, double t,
                                           std::int64_t step) {
  return snapshot("checkpoint", state, sample(state), t, step, index_ - 1, {true, false});
}

void OutputWriter::summary(const RunResult& r, std::int64_t elements, const std::string& backend,
                           double loop_seconds) {
  Json j;
  j["elements"] = elements;
  j["order"] = order_;
  j["physics"] = physics_;
  j["steps"] = std::int64_t(r.steps);
  j["final_time"] = r.final_time;
  j["wall_seconds"] = r.wall_seconds;
  j["loop_seconds"] = loop_seconds;
  j["backend"] = backend;
  j["build"] = build_info_;
  j["files_written"] = std::int64_t(written_.size());
  j["conserved_initial"] = r.conserved_initial;
  j["conserved_final"] = r.conserved_final;
  if (!r.l2_error.empty()) {
    Json e;
    for (std::size_t i = 0; i < vars_.size(); ++i) e[vars_[i]] = r.l2_error[i];
    j["l2_error"] = e;
  }
  if (!r.solver.empty()) {
    Json e;
    for (const auto& [k, v] : r.solver) e[k] = v;
    j["solver"] = e;
  }
  write_text_file(path("summary.json"), json_text(j));
}

} // namespace tridg
