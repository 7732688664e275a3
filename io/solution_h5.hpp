#pragma once
// Solution snapshots and checkpoints in HDF5: the mesh, the modal coefficients, the viewable
// sub-cell form of every field, and enough provenance to restart or post-process (layout in
// docs/output_format.md).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/scheme_state.hpp"
#include "io/h5_util.hpp"
#include "io/mesh.hpp"
#include "io/output_viz.hpp"

namespace tridg {

struct Snapshot {
  std::string physics; // "euler", "shallow_water"
  int order = 0;
  std::vector<std::string> var_names; // conserved variables
  double time = 0;
  std::int64_t step = 0;
  std::vector<double> coeffs; // C[var][mode][elem]
  std::string case_toml;      // the case file as run (overrides applied)
  std::string build_info; // compiler, build type, GPU backends, orders (io/output_build_info.hpp)
  // Number NNNN of the last solution_NNNN written at or before this state (-1: none, or a file
  // from before format version 2); a restart numbers its outputs from here.
  std::int64_t output_index = -1;
  // Fixed per-element data of the physics, written as solution/<name> (e.g. "bathymetry").
  std::vector<std::pair<std::string, std::vector<double>>> cell_data;
  // The time scheme's history (/scheme), for a restart that continues bit for bit.
  SchemeState scheme;
};

// The viewable part of a snapshot (written under /viz when given).
struct VizOutput {
  const VizMesh* mesh = nullptr;
  const std::vector<VizField>* fields = nullptr;
};

// Bounds on the scalars of a solution file; a file outside them is damaged (mismatch on restart).
inline constexpr double kMaxSnapshotTime = 1e30;
inline constexpr std::int64_t kMaxSnapshotStep = std::int64_t(1) << 53;
inline constexpr std::int64_t kMaxOutputIndex = 99'999'999; // solution_NNNN numbers
inline constexpr std::int64_t kMaxCount = std::int64_t(1) << 31;

// The attributes that say what a snapshot holds (time, step, order, physics, output number,
// the case as run), as write_snapshot_h5 writes them.
void write_snapshot_attrs(h5::File& f, const Snapshot& s);

// Writes `path` through a temporary name and a rename, so a killed run leaves no partial file.
void write_snapshot_h5(const std::string& path, const Mesh& mesh, const Snapshot& s,
                       const VizOutput& viz = {});
// Reads a snapshot for a restart; checks it belongs to `mesh` (same nodes, coordinates and
// triangles). Errors carry ExitCode::mismatch.
Snapshot read_snapshot_h5(const std::string& path, const Mesh& mesh);

// What a solution file holds, without its arrays.
struct SnapshotInfo {
  std::string physics;
  double time = 0;
  std::int64_t step = 0, output_index = -1;
  std::int64_t viz_nodes = 0, viz_tris = 0; // 0 when the file has no /viz
  std::vector<std::string> fields;          // names under /viz
};
SnapshotInfo read_snapshot_info(const std::string& path);

// The viewable mesh and one field of a solution file (for `tridg plot`). An unknown field is a
// UserError(bad_case) that lists the fields present.
struct VizSnapshot {
  SnapshotInfo info;
  VizMesh mesh;
  VizField field;
};
VizSnapshot read_viz_h5(const std::string& path, const std::string& field);

} // namespace tridg
