#pragma once
// The kernels (CPU and GPU alike) number elements, edges and vertices in 32-bit ints and address
// their arrays with 64-bit offsets (core/row_offset.hpp), so a mesh's size on one process is
// bounded by its counts, not by its largest array. A mesh whose counts would not fit is refused
// before the state and the backend's arrays are allocated (after the mesh's own arrays), naming
// the count, its bound and what to do.
#include <cstdint>
#include <string>
#include <vector>

#include "backends/backend.hpp"

namespace tridg {

// A count the kernels keep in an int, what this mesh needs of it and the most that fits.
struct IntCount {
  std::string name;
  std::int64_t value = 0, limit = 0;
  std::string why; // why the bound is below 2^31 - 1, or empty
};

// The mesh's 32-bit counts on this process: its elements, edges and vertices.
std::vector<IntCount> int_counts(const MeshArrays& a);

// Throws a UserError (ExitCode::bad_mesh) naming `mesh_path` when a count passes its bound.
void check_index_range(const MeshArrays& a, const std::string& mesh_path);

} // namespace tridg
