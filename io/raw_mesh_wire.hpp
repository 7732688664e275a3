#pragma once
// A RawMesh as bytes, for a mesh made in another process (io/mesh_worker.hpp): nodes, triangles,
// boundary segments by group, periodic pairs, the geometry order with the high-order nodes, and
// the element tags, in the machine's own byte order (both ends are the same executable). The
// circle arcs are not sent: the receiver detects them again.
#include <string>

#include "io/raw_mesh.hpp"

namespace tridg {

std::string encode_raw_mesh(const RawMesh& raw);

// Throws UserError(bad_mesh) naming `source` for bytes that are not a whole encoded mesh (cut
// short, counts beyond the bytes, node indices beyond the nodes).
RawMesh decode_raw_mesh(const std::string& bytes, const std::string& source);

} // namespace tridg
