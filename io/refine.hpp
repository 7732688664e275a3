#pragma once
// Uniform refinement, used to build convergence series from one coarse mesh.
#include <array>
#include <cstdint>
#include <string>

#include "io/mesh.hpp"
#include "io/raw_mesh.hpp"

namespace tridg {

// The RawMesh of one uniform 1 -> 4 split: a node at the middle of every edge (projected onto
// the circle of a group that has a CircleArc), children (v0,m01,m20), (m01,v1,m12),
// (m20,m12,v2), (m01,m12,m20). Boundary groups are split with their edges; periodic edges get a
// middle node on each side, and the node pairs that join them are listed in periodic_nodes.
// A curved element (io/mesh.hpp's CurvedGeometry) is split in its reference triangle instead: its
// side middles and its children's high-order nodes are images under its map, so the children
// stay on its curve; a straight element's children are straight between their vertices.
RawMesh refine_raw(const Mesh& m, const std::string& source);

// Whether interior edge e joins its two sides across a periodic boundary (the right element runs
// the other way along a copy of the side on the other side of the domain).
bool is_periodic_edge(const Mesh& m, std::int32_t e);

// Where refinement puts the new vertex of edge e: on its left side, shared by the right side
// unless the edge is periodic (right = true: the right element's own middle). A side of a curved
// element (on either side) is split at the image of its reference middle, formed from the side's
// own nodes of the element with the smaller global number: a part refined alone puts it at the
// same bits as the whole mesh, whichever side its numbering puts each element on. A straight
// side's middle is the mean of its ends, projected onto the circle of a group that has one.
std::array<double, 2> refined_edge_middle(const Mesh& m, std::int32_t e, bool right = false);

// The extra geometry nodes of child c (0..3) of element k of a mesh with curved geometry, whose
// vertices are child_vertices: a curved parent's map at the child's nodes, or the straight
// child's own (its vertices may have been put on a circle, as a 3-node mesh's are).
void refined_child_nodes(const Mesh& m, std::int32_t k, int c,
                         const std::array<double, 6>& child_vertices, double* extra);

// refine_raw followed by build_connectivity; `source` names the mesh in error messages.
Mesh refine_uniform(const Mesh& m, const std::string& source = "refined mesh");

} // namespace tridg
