#pragma once
// The viewable form of a DG solution. Each element is split into n^2 uniform sub-triangles over
// its own lattice of nodes (nodes are not shared between elements, so the solution may jump
// across element edges as it does in DG). Fields are sampled exactly at the lattice nodes; a
// viewer interpolates linearly inside each sub-triangle.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/mesh.hpp"

namespace tridg {

// Lattice nodes of one element in reference coordinates (r, s) = (i/n, j/n), ordered by row
// j = 0..n, then i = 0..n-j: (n+1)(n+2)/2 of them.
std::vector<std::array<double, 2>> lattice_points(int n);
// The n^2 sub-triangles of one element as local lattice indices, counter-clockwise.
std::vector<std::array<int, 3>> lattice_triangles(int n);
// Subdivision for polynomial order p: one piece per element up to p = 1 (exact there), p pieces
// per edge above, so every sub-triangle carries one node per degree of freedom or so.
int viz_subdivision(int order);

struct VizMesh {
  int subdivision = 1; // n: each element is split into n^2 sub-triangles
  int n_elems = 0;
  int nodes_per_elem = 3, tris_per_elem = 1;
  std::vector<double> xy;        // [node][2]; element k owns nodes k*nodes_per_elem...
  std::vector<std::int32_t> tri; // [sub-triangle][3]; element k owns k*tris_per_elem...

  std::int64_t n_nodes() const { return std::int64_t(xy.size() / 2); }
  std::int64_t n_tris() const { return std::int64_t(tri.size() / 3); }
};

VizMesh make_viz_mesh(const Mesh& mesh, int subdivision);

struct VizField {
  std::string name;
  std::vector<float> point; // one value per viz node (exact DG values)
  std::vector<float> cell;  // one value per sub-triangle: that of its element (cell average)
};

} // namespace tridg
