#pragma once
// The connectivity every solver component works from. Built once by io/ from a Gmsh mesh or a
// prepared mesh file; read-only afterwards.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tridg {

// Local side s of a triangle (v0, v1, v2) runs from vertex s to vertex (s+1)%3, counter-clockwise.
// On the reference triangle (0,0),(1,0),(0,1): side 0 is (t,0), side 1 is (1-t,t), side 2 is
// (0,1-t).
struct Edge {
  std::int32_t n0, n1;      // node indices, in the left element's counter-clockwise direction
  std::int32_t left, right; // element indices; right = -1 on a boundary edge
  std::int8_t lside, rside; // local side in the left/right element (rside = -1 on the boundary)
  double nx, ny;            // unit normal from left to right (outward on the boundary)
  double length;
};

// A circle arc that a boundary group lies on (the Krivodonova-Berger curved wall uses its exact
// normal; uniform refinement puts new boundary nodes on it).
struct CircleArc {
  double cx, cy, r;
};

struct BoundaryGroup {
  std::string name;       // Gmsh physical name
  std::int32_t first = 0; // first edge index of the group
  std::int32_t count = 0; // edges [first, first + count)
  std::optional<CircleArc> arc;
};

// One rank's part of a partitioned mesh (parallel/part_mesh.hpp): the Mesh then holds the part's
// own elements first, ascending in the whole mesh's numbering, then its ghosts, ascending. Edges
// of a ghost that lead out of the part ("rim" edges) come last: right = -1, in no group; only
// the outermost ghosts have them, and those are never updated. Groups are the whole mesh's,
// some perhaps with no edges here; n_periodic_edges counts the whole mesh's.
struct MeshPart {
  std::int32_t n_parts = 0, n_owned = 0, n_rim_edges = 0;
  std::vector<std::int64_t> elem_gid;    // local element -> whole-mesh element
  std::vector<std::int64_t> node_gid;    // local node -> whole-mesh node (-1: a rim element's only)
  std::vector<std::int32_t> owner;       // part of each local element
  std::int64_t n_elems = 0, n_nodes = 0; // of the whole mesh
};

// The high-order (isoparametric) geometry of a mesh read from 6- or 10-node triangles
// (io/isoparametric.hpp has the node order and the map). Elements that are not curved are the
// straight triangles of their vertices: everything that reads only x, y and tri treats them as
// such.
struct CurvedGeometry {
  int order = 2; // 2 or 3
  // Per element, its extra_geometry_nodes(order) nodes beyond the vertices as (x, y) pairs,
  // following the element's (counter-clockwise) vertex order.
  std::vector<double> nodes;
  std::vector<std::uint8_t> curved; // per element: an extra node off its straight position
  std::int64_t n_curved = 0;
  double min_jacobian_ratio = 1; // smallest over largest Jacobian, worst element (1: none curved)
};

struct Mesh {
  std::vector<double> x, y;                     // node coordinates
  std::vector<std::array<std::int32_t, 3>> tri; // counter-clockwise vertex indices
  std::vector<Edge> edges;                      // boundary edges first (grouped), then interior
  std::vector<BoundaryGroup> groups;            // in edge order; groups[g].first increasing
  std::vector<std::array<std::int32_t, 3>> elem_edges; // edge index of each local side
  std::int32_t n_boundary_edges = 0;
  std::int32_t n_periodic_edges = 0; // interior edges that join periodic boundaries
  // Mean |i - j| over interior edges (left i, right j) before and after renumbering.
  double locality_before = 0.0, locality_after = 0.0;
  std::optional<MeshPart> part;           // set when this is one rank's part of a partitioned mesh
  std::optional<CurvedGeometry> geometry; // set for a mesh of 6- or 10-node triangles

  std::int32_t n_nodes() const { return static_cast<std::int32_t>(x.size()); }
  std::int32_t n_elems() const { return static_cast<std::int32_t>(tri.size()); }
  std::int32_t n_edges() const { return static_cast<std::int32_t>(edges.size()); }
  // Elements of this process's own (the whole mesh, or a part's own: [0, n_owned())).
  std::int32_t n_owned() const { return part ? part->n_owned : n_elems(); }
  // The whole mesh's element count (the part's whole mesh for a part).
  std::int64_t n_elems_global() const { return part ? part->n_elems : n_elems(); }
  // The whole-mesh number of local element k.
  std::int64_t elem_gid(std::int32_t k) const { return part ? part->elem_gid[std::size_t(k)] : k; }
  // Index of the boundary group an edge belongs to, or -1 for an interior edge.
  int group_of_edge(std::int32_t e) const;
  int group_index(const std::string& name) const; // -1 when absent
  std::int64_t n_curved() const { return geometry ? geometry->n_curved : 0; }
};

} // namespace tridg
