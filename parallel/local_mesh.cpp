#include "parallel/local_mesh.hpp"

#include <algorithm>

#include "io/error.hpp"

namespace tridg {

namespace {

// The parts other than `self` among the elements adjacent to k (through an edge, and with
// `vertex` through a vertex), increasing, without repeats.
void adjacent_parts(const MeshArrays& g, const std::vector<std::int32_t>& owner, int k, int self,
                    bool vertex, std::vector<int>& out) {
  out.clear();
  const int E = g.n_elems, Ed = g.n_edges;
  for (int s = 0; s < 3; ++s) {
    const int face = g.elem_face[std::size_t(s) * E + k], e = face >> 1;
    const int other = g.edge_elem[std::size_t(face & 1 ? 0 : 1) * Ed + e];
    if (other >= 0 && owner[other] != self) out.push_back(owner[other]);
  }
  if (vertex)
    for (int i = 0; i < 3; ++i) {
      const int n = g.elem_node[std::size_t(i) * E + k];
      for (int j = g.node_elem_start[n]; j < g.node_elem_start[n + 1]; ++j)
        if (owner[g.node_elem[j]] != self) out.push_back(owner[g.node_elem[j]]);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

// Copies the columns `pick` of an SoA table of `rows` rows and `n` columns.
template <class T>
std::vector<T> cut_columns(const std::vector<T>& a, int rows, int n,
                           const std::vector<std::int32_t>& pick) {
  std::vector<T> out(std::size_t(rows) * pick.size());
  if (a.empty()) return {};
  for (int r = 0; r < rows; ++r)
    for (std::size_t i = 0; i < pick.size(); ++i)
      out[r * pick.size() + i] = a[std::size_t(r) * n + pick[i]];
  return out;
}

} // namespace

LocalPart make_local_part(const MeshArrays& g, const std::vector<std::int32_t>& owner, int rank,
                          bool vertex_halo, const std::vector<Range>& groups) {
  const int E = g.n_elems, Ed = g.n_edges, NB = g.n_bedges;
  if (owner.size() != std::size_t(E)) fail(ExitCode::internal, "partition of the wrong size");
  LocalPart p;
  p.groups = groups;
  // Owned elements split into those that touch no other part and those that do; what each
  // neighbour part needs of them (the same adjacency seen from its side).
  std::vector<std::int32_t> inner, border;
  std::vector<std::vector<std::int32_t>> send_to; // indexed by part, whole-mesh elements
  std::vector<int> near;
  int max_part = 0;
  for (int k = 0; k < E; ++k) max_part = std::max(max_part, int(owner[k]));
  send_to.resize(std::size_t(max_part) + 1);
  std::vector<char> ghost(E, 0);
  for (int k = 0; k < E; ++k) {
    if (owner[k] != rank) continue;
    adjacent_parts(g, owner, k, rank, vertex_halo, near);
    (near.empty() ? inner : border).push_back(k);
    for (const int q : near) send_to[q].push_back(k);
  }
  // Ghosts: elements of other parts adjacent to an owned border element.
  for (const std::int32_t k : border) {
    for (int s = 0; s < 3; ++s) {
      const int face = g.elem_face[std::size_t(s) * E + k], e = face >> 1;
      const int other = g.edge_elem[std::size_t(face & 1 ? 0 : 1) * Ed + e];
      if (other >= 0 && owner[other] != rank) ghost[other] = 1;
    }
    if (vertex_halo)
      for (int i = 0; i < 3; ++i) {
        const int n = g.elem_node[std::size_t(i) * E + k];
        for (int j = g.node_elem_start[n]; j < g.node_elem_start[n + 1]; ++j)
          if (owner[g.node_elem[j]] != rank) ghost[g.node_elem[j]] = 1;
      }
  }
  // Ghosts grouped by their part, increasing element number within: the order in which that
  // part sends them (send_to above, seen from its side).
  std::vector<std::vector<std::int32_t>> recv_from(send_to.size());
  for (int k = 0; k < E; ++k)
    if (ghost[k]) recv_from[owner[k]].push_back(k);

  std::vector<std::int32_t>& eg = p.elem_global;
  eg = inner;
  eg.insert(eg.end(), border.begin(), border.end());
  const int n_owned = int(eg.size());
  std::vector<std::int32_t> local(E, -1);
  for (std::size_t q = 0; q < recv_from.size(); ++q) {
    if (recv_from[q].empty() && send_to[q].empty()) continue;
    p.neighbours.push_back(int(q));
    p.rows_recv.push_back(int(recv_from[q].size()));
    p.rows_send.push_back(int(send_to[q].size()));
    eg.insert(eg.end(), recv_from[q].begin(), recv_from[q].end());
  }
  const int nl = int(eg.size());
  for (int i = 0; i < nl; ++i) local[eg[i]] = i;
  for (const int q : p.neighbours) {
    for (const std::int32_t k : send_to[q]) p.layout.send_elems.push_back(local[k]);
    for (const std::int32_t k : recv_from[q]) p.layout.recv_elems.push_back(local[k]);
  }
  p.layout.n_owned = n_owned;
  p.layout.n_inner = int(inner.size());

  // Edges: the owned elements' boundary edges by group, the edges between two owned elements,
  // then those between an owned element and a ghost; each keeps its orientation.
  std::vector<std::int32_t> edges;
  for (const Range& gr : groups) {
    Range lr;
    lr.first = int(edges.size());
    for (int e = gr.first; e < gr.last; ++e)
      if (owner[g.edge_elem[e]] == rank) edges.push_back(e);
    lr.last = int(edges.size());
    p.local_groups.push_back(lr);
  }
  const int nb = int(edges.size());
  p.bedge_global = edges;
  std::vector<std::int32_t> cross;
  for (int e = NB; e < Ed; ++e) {
    const bool l = owner[g.edge_elem[e]] == rank, r = owner[g.edge_elem[Ed + e]] == rank;
    if (l && r) edges.push_back(e);
    if (l != r && local[g.edge_elem[e]] >= 0 && local[g.edge_elem[Ed + e]] >= 0) cross.push_back(e);
  }
  p.layout.n_local_edges = int(edges.size());
  edges.insert(edges.end(), cross.begin(), cross.end());
  const int ne = int(edges.size());

  MeshArrays& m = p.mesh;
  m.n_elems = nl;
  m.n_edges = ne;
  m.n_bedges = nb;
  m.geom = cut_columns(g.geom, 4, E, eg);
  m.edge_geom = cut_columns(g.edge_geom, 2, Ed, edges);
  m.edge_side.resize(ne);
  m.edge_elem.resize(2 * std::size_t(ne));
  std::vector<std::int32_t> bedges(edges.begin(), edges.begin() + nb);
  m.bnd_xy = cut_columns(g.bnd_xy, 4, NB, bedges);
  // Faces of a ghost that lead out of the part point at edge 0: a ghost is never updated.
  m.elem_face.assign(3 * std::size_t(nl), 0);
  for (int i = 0; i < ne; ++i) {
    const int e = edges[i];
    m.edge_side[i] = g.edge_side[e];
    const int l = g.edge_elem[e], r = g.edge_elem[Ed + e];
    m.edge_elem[i] = local[l];
    m.edge_elem[ne + i] = r < 0 ? -1 : local[r];
    m.elem_face[std::size_t(g.edge_side[e] & 3) * nl + local[l]] = 2 * i;
    if (r >= 0) m.elem_face[std::size_t(g.edge_side[e] >> 2) * nl + local[r]] = 2 * i + 1;
  }
  // Vertices of the local elements, and their patches in the whole mesh's order restricted to
  // the local elements: an owned element's patches are complete (its vertex neighbours are
  // local), and the limiter reads them in the same order.
  std::vector<std::int32_t> node_local(g.n_nodes, -1), nodes;
  m.elem_node.resize(3 * std::size_t(nl));
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < nl; ++k) {
      const int n = g.elem_node[std::size_t(i) * E + eg[k]];
      if (node_local[n] < 0) {
        node_local[n] = int(nodes.size());
        nodes.push_back(n);
      }
      m.elem_node[std::size_t(i) * nl + k] = node_local[n];
    }
  m.n_nodes = int(nodes.size());
  m.node_elem_start.assign(nodes.size() + 1, 0);
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    for (int j = g.node_elem_start[nodes[n]]; j < g.node_elem_start[nodes[n] + 1]; ++j)
      if (local[g.node_elem[j]] >= 0) m.node_elem.push_back(local[g.node_elem[j]]);
    m.node_elem_start[n + 1] = int(m.node_elem.size());
  }
  m.n_aux = g.n_aux;
  m.n_edge_aux = g.n_edge_aux;
  m.aux = cut_columns(g.aux, g.n_aux, E, eg);
  m.edge_aux = cut_columns(g.edge_aux, g.n_edge_aux, Ed, edges);
  return p;
}

std::vector<double> cut_boundary_table(const std::vector<double>& table, const LocalPart& part,
                                       int group, int n_vars) {
  if (table.empty()) return {};
  const Range& gr = part.groups[group];
  const Range& lr = part.local_groups[group];
  const std::size_t count = gr.last - gr.first;
  const std::size_t rows = table.size() / count; // n_vars * NF
  if (rows * count != table.size() || rows % std::size_t(n_vars) != 0)
    fail(ExitCode::internal, "boundary table of the wrong size");
  std::vector<std::int32_t> pick;
  for (int i = lr.first; i < lr.last; ++i) pick.push_back(part.bedge_global[i] - gr.first);
  return cut_columns(table, int(rows), int(count), pick);
}

} // namespace tridg
