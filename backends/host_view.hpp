#pragma once
// The kernels' view of mesh arrays held in host memory (the CPU backend, the implicit schemes).
#include <algorithm>
#include <vector>

#include "backends/backend.hpp"
#include "io/error.hpp"

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

// New physics' data (a bed that moved) into the arrays in place, so that a view of them stays
// valid.
inline void set_host_aux(MeshArrays& m, const std::vector<double>& aux,
                         const std::vector<double>& edge_aux) {
  if (aux.size() != m.aux.size() || edge_aux.size() != m.edge_aux.size())
    fail(ExitCode::internal, "set_aux: the physics' data changed size");
  std::copy(aux.begin(), aux.end(), m.aux.begin());
  std::copy(edge_aux.begin(), edge_aux.end(), m.edge_aux.begin());
}

// Points each boundary group at its table in the configuration (after a copy of it, or a
// condition replaced).
template <class Bc> void bind_host_tables(BackendConfig<Bc>& cfg) {
  for (std::size_t i = 0; i < cfg.boundaries.size(); ++i)
    cfg.boundaries[i].table = cfg.bc_tables[i].empty() ? nullptr : cfg.bc_tables[i].data();
}

} // namespace tridg
