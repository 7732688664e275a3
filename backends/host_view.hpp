#pragma once
// The kernels' view of mesh arrays held in host memory (the CPU backend, the implicit schemes).
#include "backends/backend.hpp"

namespace tridg {

inline MeshView<double> host_view(MeshArrays& m) {
  MeshView<double> v;
  v.n_elems = m.n_elems;
  v.n_edges = m.n_edges;
  v.n_bedges = m.n_bedges;
  v.geom = m.geom.data();
  v.elem_face = m.elem_face.data();
  v.edge_elem = m.edge_elem.data();
  v.edge_side = m.edge_side.data();
  v.edge_geom = m.edge_geom.data();
  v.bnd_xy = m.bnd_xy.data();
  v.elem_node = m.elem_node.data();
  v.node_elem_start = m.node_elem_start.data();
  v.node_elem = m.node_elem.data();
  v.n_aux = m.n_aux;
  v.n_edge_aux = m.n_edge_aux;
  v.aux = m.aux.empty() ? nullptr : m.aux.data();
  v.edge_aux = m.edge_aux.empty() ? nullptr : m.edge_aux.data();
  return v;
}

} // namespace tridg
