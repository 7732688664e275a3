#pragma once
// What a mesh source (Gmsh SDK, prepared file, refinement) hands to the connectivity builder:
// geometry and tags only, no edges yet.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "io/mesh.hpp"

namespace tridg {

struct RawMesh {
  std::string source; // file name, for error messages
  std::vector<double> x, y;
  std::vector<std::array<std::int32_t, 3>> tri;
  // Boundary segments (node pairs) by physical group name.
  std::map<std::string, std::vector<std::array<std::int32_t, 2>>> boundary;
  std::map<std::string, CircleArc> arcs; // groups that lie on a circle
  // Periodic node pairs (slave, master) from the mesh's periodic declarations.
  std::vector<std::array<std::int32_t, 2>> periodic_nodes;
  // Geometry order of the triangles (1, 2 or 3); above 1, geometry_nodes holds per triangle its
  // extra_geometry_nodes(order) nodes beyond the vertices as (x, y) pairs, in Gmsh's order
  // (io/isoparametric.hpp), following the triangle's vertex order in tri.
  int geometry_order = 1;
  std::vector<double> geometry_nodes;
  // Gmsh's element tag of each triangle, which error messages name (empty: they name the
  // triangle's position, counting from 1).
  std::vector<std::int64_t> tags;
};

} // namespace tridg
