#pragma once
// One rank's part of a partitioned prepared mesh file (tridg partition): its own elements and
// its ghosts (io/part_lists.hpp), with their nodes, edges and the whole mesh's boundary groups,
// read without reading the rest of the file. The Mesh's `part` says what is whose.
#include <cstdint>
#include <string>

#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"

namespace tridg {

// Throws UserError(bad_mesh) naming the file for anything damaged, out of range or missing.
Mesh read_part_mesh_h5(const std::string& path, std::int32_t part,
                       std::int64_t max_elements = default_max_elements);

} // namespace tridg
