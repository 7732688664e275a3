#pragma once
// Solution snapshots and checkpoints in HDF5: the mesh, the modal coefficients and enough
// provenance to restart or post-process (layout in docs/output_format.md).
#include <cstdint>
#include <string>
#include <vector>

#include "io/mesh.hpp"

namespace tridg {

struct Snapshot {
  std::string physics; // "euler", "shallow_water"
  int order = 0;
  std::vector<std::string> var_names; // conserved variables
  double time = 0;
  std::int64_t step = 0;
  std::vector<double> coeffs; // C[var][mode][elem]
  std::string case_toml;      // the case file as run (overrides applied)
};

// Writes `path` through a temporary name and a rename, so a killed run leaves no partial file.
void write_snapshot_h5(const std::string& path, const Mesh& mesh, const Snapshot& s);
// Reads a snapshot; checks it belongs to `mesh` (same element and node counts and coordinates).
Snapshot read_snapshot_h5(const std::string& path, const Mesh& mesh);

} // namespace tridg
