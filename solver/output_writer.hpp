#pragma once
// Where and when a run writes: numbered snapshots at output times (HDF5 + XDMF sidecar, Gmsh
// .msh), the time-series XDMF, the final state, the last good state on blow-up, the checkpoint
// on an interrupt, and summary.json. Every file is written under a temporary name and renamed.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "io/mesh.hpp"
#include "io/output_viz.hpp"
#include "io/solution_h5.hpp"
#include "io/xdmf_writer.hpp"
#include "solver/output_fields.hpp"
#include "solver/output_lock.hpp"
#include "solver/run_driver.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

// The next output time after t (infinity when only the final state is written).
double output_next_time(const RunSettings& s, double t);

class OutputWriter {
public:
  // Creates the output folder and locks it for this run (one run per folder), removes the
  // temporary files that killed runs left there; an unwritable or busy folder is an error
  // before any work is done. On a part of a partitioned mesh (io/mesh.hpp) every rank has a
  // writer and writes collectively; rank 0 alone holds the folder (`holds_folder`) and writes
  // the files.
  OutputWriter(const RunSettings& s, const Mesh& mesh, std::string case_toml,
               std::vector<std::string> var_names, std::string physics, int order,
               DerivedFields derived = {}, bool holds_folder = true);
  // Continues the numbering and the time series of the run that wrote `from` (a restart): the
  // next snapshot is solution_<from.output_index + 1>, and time_series.xdmf lists the earlier
  // snapshots still in the folder.
  void resume(const Snapshot& from);
  // The output at an output time (numbered files); `final` adds final.h5/.xdmf/.msh.
  void write(const std::vector<double>& state, double t, std::int64_t step, bool final);
  // The time scheme's history that goes with the states written from now on (a restart from any
  // of them then continues bit for bit); empty for the explicit schemes.
  void set_scheme_state(SchemeState sc) { scheme_ = std::move(sc); }
  std::string write_last_good(const std::vector<double>& state, double t, std::int64_t step);
  std::string write_checkpoint(const std::vector<double>& state, double t, std::int64_t step);
  void summary(const RunResult& r, std::int64_t elements, const std::string& backend,
               double loop_seconds);
  const std::vector<std::string>& written() const { return written_; }
  int next_index() const { return index_; }

private:
  struct Kinds {
    bool h5 = true, msh = false;
  };
  // Writes <name>.h5 (+ .xdmf) and/or <name>.msh; returns the .h5 path.
  std::string snapshot(const std::string& name, const std::vector<double>& state,
                       const std::vector<VizField>& fields, double t, std::int64_t step,
                       std::int64_t output_index, Kinds kinds);
  // The same on a part of a partitioned mesh: collective, rank 0 writes.
  std::string snapshot_parts(const std::string& name, const std::vector<double>& state,
                             const std::vector<VizField>& fields, double t, std::int64_t step,
                             std::int64_t output_index, Kinds kinds);
  std::vector<VizField> sample(const std::vector<double>& state) const;
  Snapshot make_snapshot(const std::vector<double>& state, double t, std::int64_t step,
                         std::int64_t output_index) const;
  std::string path(const std::string& file) const;
  const RunSettings& s_;
  const Mesh& mesh_;
  std::string case_toml_, physics_, build_info_;
  std::vector<std::string> vars_;
  int order_;
  DerivedFields derived_;
  SchemeState scheme_;
  VizMesh viz_;
  std::unique_ptr<OutputLock> lock_;
  int index_ = 0;             // number of the next solution_NNNN
  std::int64_t numbered_ = 0; // solution_NNNN written by this run
  std::vector<XdmfGrid> series_;
  std::vector<std::string> written_;
};

} // namespace tridg
