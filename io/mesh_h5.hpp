#pragma once
// The prepared mesh file: a Mesh in HDF5, read without the Gmsh SDK (layout: docs/mesh_format.md).
#include <cstdint>
#include <string>
#include <vector>

#include "io/h5_util.hpp"
#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"

namespace tridg {

inline constexpr int mesh_format_version = 1;

// Writes `path`.tmp and renames it to `path`, so a crash never leaves half a file under the real
// name. Throws UserError(io_error).
void write_mesh_h5(const Mesh& m, const std::string& path);

// Reads a prepared mesh file back into exactly the Mesh that was written, after checking the
// format attributes and every index (so a damaged file gives an error, never a crash).
// Throws UserError(bad_mesh) naming the file.
// Datasets longer than a mesh of max_elements triangles needs are refused before they are read.
Mesh read_mesh_h5(const std::string& path, std::int64_t max_elements = default_max_elements);

// The boundary groups of a prepared mesh file, checked: names distinct and non-empty, edge ranges
// that follow each other and cover [0, n_boundary_edges), circles with a positive radius.
std::vector<BoundaryGroup> read_boundary_groups(const h5::File& f, std::int64_t n_boundary_edges);

// The `geometry_order` attribute of a prepared mesh's `geometry_nodes` (2 or 3); a clear error
// naming the file for any other value. Shared by the whole-mesh and the part readers.
int read_geometry_order(const h5::File& f);

} // namespace tridg
