#pragma once
// Turns a RawMesh (nodes, triangles, named boundary segments, periodic node pairs) into the Mesh
// every solver component works from.
#include "io/mesh.hpp"
#include "io/raw_mesh.hpp"

namespace tridg {

// Validates the triangles (node indices, zero area, edges shared by 3 or more triangles, folded
// meshes), makes every triangle counter-clockwise, renumbers elements along a Hilbert curve,
// joins periodic boundary edges into interior edges, assigns every remaining boundary edge to its
// physical group, carries high-order geometry (checked by io/curved_check.hpp, turned and
// renumbered with its triangles), and orders edges: boundary edges first, grouped by group (groups
// sorted by name), then interior edges by (lower element index, higher element index). Boundary
// segments of a group that are not boundary edges of the mesh (a physical line through the
// interior, or lines around triangles that are not in the physical surface) are ignored. Throws
// UserError(bad_mesh) naming raw.source.
Mesh build_connectivity(const RawMesh& raw);

// The same for a part's triangles (io/mesh.hpp's MeshPart), which keep their order: each edge's
// left element is the one with the lower whole-mesh number `elem_gid` (the master side for a
// periodic edge), as build_connectivity makes it for the whole mesh; every group of raw.boundary
// is kept, also without edges; sides with no partner and no group become the rim edges, last,
// counted in n_rim_edges. The caller sets the Mesh's `part`.
Mesh build_part_connectivity(const RawMesh& raw, const std::vector<std::int64_t>& elem_gid,
                             std::int32_t& n_rim_edges);

} // namespace tridg
