#pragma once
// Mesh input through the Gmsh SDK (only in builds with TRIDG_WITH_GMSH).
#include <string>

#include "io/mesh_loader.hpp"
#include "io/raw_mesh.hpp"

namespace tridg {

// Reads a .msh file (2.2 or 4.1, ASCII or binary) or meshes a .geo file in 2D, with mesh sizes
// scaled by opt.size_factor (Gmsh's Mesh.MeshSizeFactor; ignored for .msh). A .geo is scanned by
// check_geo_safe first unless opt.trust_geo; a .msh is checked by check_msh_counts. Meshes of
// more than opt.max_elements triangles are refused (a .geo's count is estimated before meshing).
// Keeps the triangles of 3, 6 or 10 nodes (only those in physical surfaces when the file has any;
// a 6- or 10-node triangle's nodes beyond its vertices as its geometry_nodes, with Gmsh's element
// tags), the 2-, 3- or 4-node lines of physical curves as named boundary segments between their
// end points ("group<tag>" for an unnamed group), periodic node pairs and the groups that lie on
// a circle. Nodes that are no triangle's vertex are dropped. Throws UserError(bad_mesh) naming
// the file: missing, unreadable or truncated file, 3D elements or non-planar nodes, elements
// other than those triangles and lines, triangles of two types in one mesh (named by element
// tag).
RawMesh read_gmsh(const std::string& path, const MeshOptions& opt);

// A failure inside Gmsh that cannot return (an exception escaping a parallel meshing loop ends
// the process) is reported as one error line on stderr, or, once this is set, handed to
// `report` (a meshing process sends it to its parent: io/mesh_worker.hpp) before the process
// ends with ExitCode::bad_mesh.
using GmshFailureReport = void (*)(const std::string& message);
void set_gmsh_failure_report(GmshFailureReport report);

} // namespace tridg
