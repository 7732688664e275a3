#pragma once
// Isoparametric triangles of geometry order 2 and 3 (Gmsh's 6- and 10-node triangles): the
// Lagrange map from the reference triangle (0,0),(1,0),(0,1), its Jacobian, and what the mesh
// checks ask of one element.
//
// An element's nodes are in Gmsh's order: the three vertices, then the edge nodes edge by edge
// (edge 0 from vertex 0 to 1, edge 1 from 1 to 2, edge 2 from 2 to 0, each listed from its first
// vertex on), then the interior node (order 3). Order 2: edge nodes at the middles; order 3: at
// the thirds, interior node at the centroid.
#include <array>
#include <cstdint>
#include <vector>

namespace tridg {

// Nodes of a triangle of this order: 3, 6 or 10.
int geometry_nodes_of_order(int order);
// Nodes beyond the three vertices (what a mesh stores per element): 0, 3 or 7.
int extra_geometry_nodes(int order);

// The reference coordinates (r, s) of the nodes, in Gmsh's order.
const std::vector<std::array<double, 2>>& reference_nodes(int order);

// One element's nodes: x then y for each node, in Gmsh's order (2 * geometry_nodes_of_order).
using ElementNodes = std::vector<double>;

// The element's nodes from its vertices (x, y of each) and the stored extra nodes.
ElementNodes element_nodes(int order, const std::array<double, 6>& vertices, const double* extra);

// The vertices (x0, y0, x1, y1, x2, y2) of triangle t of a mesh's coordinates.
std::array<double, 6> triangle_vertices(const std::vector<double>& x, const std::vector<double>& y,
                                        const std::array<std::int32_t, 3>& t);

// The image of the reference point (r, s) under the element's map.
std::array<double, 2> map_point(int order, const ElementNodes& nodes, double r, double s);

// The determinant of the map's Jacobian at (r, s): twice the area scale.
double jacobian_determinant(int order, const ElementNodes& nodes, double r, double s);

// The element's shape as the mesh checks see it.
struct ElementShape {
  double longest_edge = 0; // between vertices
  // Largest distance of an extra node from where the straight (affine) triangle puts it.
  double max_offset = 0;
  // Smallest over largest Jacobian determinant at the sample points (the lattice of order
  // 2 * order, vertices included), signed by the straight triangle's orientation: 1 for a
  // straight element, below 0 when the mapping folds over.
  double jacobian_ratio = 1;
  bool curved = false; // max_offset above curved_tolerance * longest_edge
};

// An element is curved when an extra node is off its straight position by more than this
// fraction of the longest edge: well above the round-off of coordinates written with 16 digits
// far from the origin, well below any curve meant as one.
inline constexpr double curved_tolerance = 1e-10;
// Elements whose Jacobian ratio is below this are refused as (nearly) inverted. Gmsh measures
// high-order elements the same way (minJ/maxJ of its AnalyseMeshQuality plugin), and its
// Mesh.HighOrderOptimize raises the ratio of the elements it moves.
inline constexpr double min_jacobian_ratio = 0.05;

ElementShape inspect_element(int order, const ElementNodes& nodes);

// Reorders the extra nodes of an element whose vertices 1 and 2 are swapped (to make it
// counter-clockwise), so that they follow the new vertex order.
void reverse_extra_nodes(int order, double* extra);

// The extra nodes of the straight triangle with these vertices (x, y of each).
void straight_extra_nodes(int order, const std::array<double, 6>& vertices, double* extra);

// The extra nodes of child c (0..3) of the 1 -> 4 split in the reference element, children
// (v0,m01,m20), (m01,v1,m12), (m20,m12,v2), (m01,m12,m20) as io/refine.hpp makes them, mapped
// through the parent's map: the children stay on the parent's curved geometry.
void child_extra_nodes(int order, const ElementNodes& parent, int c, double* extra);

} // namespace tridg
