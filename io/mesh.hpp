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

  std::int32_t n_nodes() const { return static_cast<std::int32_t>(x.size()); }
  std::int32_t n_elems() const { return static_cast<std::int32_t>(tri.size()); }
  std::int32_t n_edges() const { return static_cast<std::int32_t>(edges.size()); }
  // Index of the boundary group an edge belongs to, or -1 for an interior edge.
  int group_of_edge(std::int32_t e) const;
  int group_index(const std::string& name) const; // -1 when absent
};

} // namespace tridg
