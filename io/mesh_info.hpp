#pragma once
// Numbers that describe a mesh, for `tridg info` and `tridg import` (text and JSON).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/mesh.hpp"
#include "io/partition.hpp"

namespace tridg {

struct MeshStats {
  std::int64_t nodes = 0, elements = 0, edges = 0;
  std::int64_t boundary_edges = 0, periodic_edges = 0;
  std::vector<std::pair<std::string, std::int64_t>> groups; // name -> edge count, in edge order
  std::vector<std::string> curved_groups;                   // groups with a CircleArc
  double min_edge = 0, max_edge = 0;
  double min_inradius = 0; // smallest inscribed-circle radius (drives the time step)
  double area = 0;
  double locality_before = 0, locality_after = 0;
  // Geometry order of the elements (1: 3-node triangles), how many are curved, and the smallest
  // over largest Jacobian determinant of the worst curved one (1 when none is).
  int geometry_order = 1;
  std::int64_t curved_elements = 0;
  double min_jacobian_ratio = 1;
  std::optional<Partition> partition; // tridg info --parts N
};

MeshStats mesh_stats(const Mesh& m);
// A few aligned lines for people; with a partition, its statistics and (up to
// text_part_lines parts) one line per part.
inline constexpr int text_part_lines = 32;
std::string mesh_stats_text(const MeshStats& s);
// One JSON object: nodes, elements, edges, boundary_edges, periodic_edges, groups (object
// name -> edge count), curved_groups (array), min_edge, max_edge, min_inradius, area,
// locality_before, locality_after, geometry_order, curved_elements, min_jacobian_ratio, and with a
// partition "partition": {n_parts, edge_cut, imbalance, total_halo, max_halo_fraction,
// mean_halo_fraction, parts: [{elements, interface_edges, halo_elements, neighbours}]}.
std::string mesh_stats_json(const MeshStats& s);

} // namespace tridg
