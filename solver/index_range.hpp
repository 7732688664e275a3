#pragma once
// The explicit kernels (CPU and GPU alike) address their per-element and per-edge arrays as
// row * count + index in 32-bit ints. A mesh whose largest such array would pass 2^31 - 1
// entries on one process is refused before anything is allocated for it, naming the array, the
// entries it needs and what to do, instead of indexing past the array's end.
#include <cstdint>
#include <string>

#include "backends/backend.hpp"

namespace tridg {

struct IndexedArray {
  std::int64_t entries = 0;
  std::string name;
};

// The largest array the explicit kernels index on this process: the state (`vars` variables
// of `modes` modes), the edges' fluxes (`vars` at `edge_points` points), the mesh's geometry
// and connectivity, and the physics' rows per element and per edge (MeshArrays::n_aux,
// n_edge_aux).
IndexedArray largest_indexed_array(const MeshArrays& a, int vars, int modes, int edge_points);

// Throws a UserError (ExitCode::bad_mesh) naming `mesh_path` when that array passes 2^31 - 1.
void check_index_range(const MeshArrays& a, int vars, int modes, int edge_points,
                       const std::string& mesh_path);

} // namespace tridg
