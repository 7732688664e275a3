#include "solver/mesh_arrays.hpp"

#include <cmath>
#include <vector>

#include "core/row_offset.hpp"

namespace tridg {

ElementMap element_map(const Mesh& m, int k) {
  const auto& t = m.tri[k];
  return {m.x[t[0]], m.y[t[0]], m.x[t[1]], m.y[t[1]], m.x[t[2]], m.y[t[2]]};
}

MeshArrays make_mesh_arrays(const Mesh& m) {
  MeshArrays a;
  const int E = m.n_elems(), Ed = m.n_edges(), NB = m.n_boundary_edges;
  a.n_elems = E;
  a.n_edges = Ed;
  a.n_bedges = NB;
  a.geom.resize(4 * std::size_t(E));
  a.elem_face.resize(3 * std::size_t(E));
  for (int k = 0; k < E; ++k) {
    const ElementMap g = element_map(m, k);
    a.geom[k] = g.y2 - g.y0;
    a.geom[row_offset(1, E, k)] = g.x0 - g.x2;
    a.geom[row_offset(2, E, k)] = g.y0 - g.y1;
    a.geom[row_offset(3, E, k)] = g.x1 - g.x0;
  }
  // Vertex-to-element adjacency (compressed rows) for the vertex-based limiter.
  a.n_nodes = m.n_nodes();
  a.elem_node.resize(3 * std::size_t(E));
  a.node_elem_start.assign(std::size_t(a.n_nodes) + 1, 0);
  for (int k = 0; k < E; ++k)
    for (int i = 0; i < 3; ++i) {
      a.elem_node[row_offset(i, E, k)] = m.tri[k][i];
      ++a.node_elem_start[m.tri[k][i] + 1];
    }
  for (int n = 0; n < a.n_nodes; ++n) a.node_elem_start[n + 1] += a.node_elem_start[n];
  a.node_elem.resize(3 * std::size_t(E));
  {
    std::vector<int> fill(a.node_elem_start.begin(), a.node_elem_start.end() - 1);
    for (int k = 0; k < E; ++k)
      for (int i = 0; i < 3; ++i) a.node_elem[fill[m.tri[k][i]]++] = k;
  }
  a.edge_elem.resize(2 * std::size_t(Ed));
  a.edge_side.resize(Ed);
  a.edge_geom.resize(2 * std::size_t(Ed));
  a.bnd_xy.resize(4 * std::size_t(NB));
  for (int e = 0; e < Ed; ++e) {
    const Edge& ed = m.edges[e];
    a.edge_elem[e] = ed.left;
    a.edge_elem[row_offset(1, Ed, e)] = ed.right;
    a.edge_side[e] = static_cast<unsigned char>(ed.lside | ((ed.rside < 0 ? 0 : ed.rside) << 2));
    a.edge_geom[e] = ed.nx * ed.length;
    a.edge_geom[row_offset(1, Ed, e)] = ed.ny * ed.length;
    a.elem_face[row_offset(ed.lside, E, ed.left)] = 2 * e;
    if (ed.right >= 0) {
      a.elem_face[row_offset(ed.rside, E, ed.right)] = 2 * e + 1;
    } else if (e < NB) { // not a part's rim edge (io/mesh.hpp)
      a.bnd_xy[e] = m.x[ed.n0];
      a.bnd_xy[row_offset(1, NB, e)] = m.y[ed.n0];
      a.bnd_xy[row_offset(2, NB, e)] = m.x[ed.n1];
      a.bnd_xy[row_offset(3, NB, e)] = m.y[ed.n1];
    }
  }
  return a;
}

} // namespace tridg
