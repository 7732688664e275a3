#include "parallel/local_mesh.hpp"

#include <algorithm>

#include "io/error.hpp"
#include "parallel/comm.hpp"

namespace tridg {

namespace {

// Neighbours of element k: through an edge, and with `vertex` also through a vertex. Repeats
// possible; `out` is appended to.
void neighbours_of(const MeshArrays& g, int k, bool vertex, std::vector<std::int32_t>& out) {
  const int E = g.n_elems, Ed = g.n_edges;
  for (int s = 0; s < 3; ++s) {
    const int face = g.elem_face[std::size_t(s) * E + k], e = face >> 1;
    const int other = g.edge_elem[std::size_t(face & 1 ? 0 : 1) * Ed + e];
    if (other >= 0) out.push_back(other);
  }
  if (vertex)
    for (int i = 0; i < 3; ++i) {
      const int n = g.elem_node[std::size_t(i) * E + k];
      for (int j = g.node_elem_start[n]; j < g.node_elem_start[n + 1]; ++j)
        out.push_back(g.node_elem[j]);
    }
}

void sort_unique(std::vector<std::int32_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The ghost layers of every part (backends/halo.hpp): with the vertex-based limiter three
// (vertex, vertex, edge neighbours outward), else one (edge neighbours). Each sorted.
struct Layers {
  std::vector<std::vector<std::int32_t>> layer[3]; // [layer][part]
};

// With only >= 0, the layers of that part alone (the others stay empty).
Layers ghost_layers(const MeshArrays& g, const std::vector<std::int32_t>& owner, int n_parts,
                    bool vertex, int only) {
  const int E = g.n_elems;
  Layers L;
  for (auto& l : L.layer) l.resize(n_parts);
  std::vector<std::int32_t> near;
  // Layer 1 of every part in one pass over the elements.
  for (int k = 0; k < E; ++k) {
    if (only >= 0 && owner[k] != only) continue;
    near.clear();
    neighbours_of(g, k, vertex, near);
    for (const std::int32_t j : near)
      if (owner[j] != owner[k]) L.layer[0][owner[k]].push_back(j);
  }
  for (auto& v : L.layer[0]) sort_unique(v);
  if (!vertex) return L;
  // Layers 2 (through vertices) and 3 (through edges), grown from the layer before; `mark`
  // holds, per element, the last part and layer that took it (no clearing between parts).
  std::vector<std::int64_t> mark(E, -1);
  for (int q = 0; q < n_parts; ++q) {
    if (only >= 0 && q != only) continue;
    const std::int64_t base = std::int64_t(q) * 4;
    for (const std::int32_t j : L.layer[0][q]) mark[j] = base + 1;
    for (int l = 1; l < 3; ++l) {
      std::vector<std::int32_t>& out = L.layer[l][q];
      for (const std::int32_t k : L.layer[l - 1][q]) {
        near.clear();
        neighbours_of(g, k, l == 1, near);
        for (const std::int32_t j : near)
          if (owner[j] != q && mark[j] < base) {
            mark[j] = base + 1 + l;
            out.push_back(j);
          }
      }
      sort_unique(out);
    }
  }
  return L;
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

// The exchange lists of a part read on its own (gid: its elements' whole-mesh numbers, its own
// first and ascending, then its ghosts, ascending): each rank asks the owners of the ghosts it
// receives for them, in ascending whole-mesh order, and learns what the others ask of it.
void exchange_lists(LocalPart& p, const std::vector<std::int32_t>& owner, int rank,
                    const std::vector<std::int32_t>& received,
                    const std::vector<std::int32_t>& local, const std::vector<std::int64_t>& gid) {
  const int n_ranks = par::size();
  std::vector<std::vector<std::int64_t>> ask(n_ranks);
  std::vector<std::vector<std::int32_t>> from(n_ranks);
  for (const std::int32_t k : received) { // ascending index: ascending gid among the ghosts
    ask[owner[k]].push_back(gid[k]);
    from[owner[k]].push_back(k);
  }
  const std::vector<std::vector<std::int64_t>> asked = par::exchange(ask);
  const auto owned_begin = gid.begin(), owned_end = gid.begin() + p.layout.n_owned;
  for (int q = 0; q < n_ranks; ++q) {
    if (q == rank || (from[q].empty() && asked[q].empty())) continue;
    p.neighbours.push_back(q);
    p.rows_recv.push_back(int(from[q].size()));
    p.rows_send.push_back(int(asked[q].size()));
    for (const std::int64_t g : asked[q]) {
      const auto it = std::lower_bound(owned_begin, owned_end, g);
      if (it == owned_end || *it != g)
        fail(ExitCode::internal, "rank " + std::to_string(q) + " asked for element " +
                                     std::to_string(g) + ", which this rank does not own");
      p.layout.send_elems.push_back(local[std::size_t(it - gid.begin())]);
    }
    for (const std::int32_t k : from[q]) p.layout.recv_elems.push_back(local[k]);
  }
}

} // namespace

LocalPart make_local_part(const MeshArrays& g, const std::vector<std::int32_t>& owner, int rank,
                          bool vertex_halo, const std::vector<Range>& groups,
                          const std::vector<std::int64_t>* gid) {
  const int E = g.n_elems, Ed = g.n_edges, NB = g.n_bedges;
  if (owner.size() != std::size_t(E)) fail(ExitCode::internal, "partition of the wrong size");
  LocalPart p;
  p.groups = groups;
  int n_parts = 0;
  for (int k = 0; k < E; ++k) n_parts = std::max(n_parts, int(owner[k]) + 1);
  const Layers L = ghost_layers(g, owner, n_parts, vertex_halo, gid ? rank : -1);
  // What a part receives: the ghosts it does not update and limit itself.
  auto received = [&](int q) -> std::vector<std::int32_t> {
    if (!vertex_halo) return L.layer[0][q];
    std::vector<std::int32_t> r = L.layer[1][q];
    r.insert(r.end(), L.layer[2][q].begin(), L.layer[2][q].end());
    sort_unique(r);
    return r;
  };

  // Owned elements: those whose edges all join two owned elements first.
  std::vector<std::int32_t>& eg = p.elem_global;
  std::vector<std::int32_t> border;
  for (int k = 0; k < E; ++k) {
    if (owner[k] != rank) continue;
    bool inner = true;
    for (int s = 0; s < 3; ++s) {
      const int face = g.elem_face[std::size_t(s) * E + k], e = face >> 1;
      const int other = g.edge_elem[std::size_t(face & 1 ? 0 : 1) * Ed + e];
      inner = inner && other >= 0 && owner[other] == rank;
    }
    (inner ? eg : border).push_back(k);
  }
  p.layout.n_inner = int(eg.size());
  eg.insert(eg.end(), border.begin(), border.end());
  p.layout.n_owned = int(eg.size());
  const int n_layers = vertex_halo ? 3 : 1;
  for (int l = 0; l < n_layers; ++l) {
    eg.insert(eg.end(), L.layer[l][rank].begin(), L.layer[l][rank].end());
    if (l == 0) p.layout.n_limit = vertex_halo ? int(eg.size()) : p.layout.n_owned;
    if (l == 1) p.layout.n_update = int(eg.size());
  }
  if (!vertex_halo) p.layout.n_update = p.layout.n_owned;
  const int nl = int(eg.size());
  std::vector<std::int32_t> local(E, -1);
  for (int i = 0; i < nl; ++i) local[eg[i]] = i;

  // Exchange lists: from each part the received ghosts it owns, to each part what it receives
  // of ours, both in increasing element number.
  const std::vector<std::int32_t> mine = received(rank);
  if (gid) exchange_lists(p, owner, rank, mine, local, *gid);
  for (int q = 0; q < n_parts && !gid; ++q) {
    if (q == rank) continue;
    std::vector<std::int32_t> from, to;
    for (const std::int32_t k : mine)
      if (owner[k] == q) from.push_back(k);
    for (const std::int32_t k : received(q))
      if (owner[k] == rank) to.push_back(k);
    if (from.empty() && to.empty()) continue;
    p.neighbours.push_back(q);
    p.rows_recv.push_back(int(from.size()));
    p.rows_send.push_back(int(to.size()));
    for (const std::int32_t k : to) p.layout.send_elems.push_back(local[k]);
    for (const std::int32_t k : from) p.layout.recv_elems.push_back(local[k]);
  }

  // Edges: the updated elements' boundary edges by group, the edges between two owned
  // elements, then the others an updated element needs; each keeps its orientation.
  const int n_update = p.layout.n_update;
  auto updated = [&](int k) { return k >= 0 && local[k] >= 0 && local[k] < n_update; };
  std::vector<std::int32_t> edges;
  for (const Range& gr : groups) {
    Range lr;
    lr.first = int(edges.size());
    for (int e = gr.first; e < gr.last; ++e)
      if (updated(g.edge_elem[e])) edges.push_back(e);
    lr.last = int(edges.size());
    p.local_groups.push_back(lr);
  }
  const int nb = int(edges.size());
  p.bedge_global = edges;
  std::vector<std::int32_t> rest;
  for (int e = NB; e < Ed; ++e) {
    const int l = g.edge_elem[e], r = g.edge_elem[Ed + e];
    if (r < 0) continue; // a rim edge of a part read on its own: only outermost ghosts have it
    if (owner[l] == rank && owner[r] == rank)
      edges.push_back(e);
    else if (updated(l) || updated(r))
      rest.push_back(e);
  }
  p.layout.n_local_edges = int(edges.size());
  edges.insert(edges.end(), rest.begin(), rest.end());
  p.edge_global = edges;
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
  // Faces that lead out of the part (only the outermost ghosts have them, and those are never
  // updated) point at edge 0.
  m.elem_face.assign(3 * std::size_t(nl), 0);
  for (int i = 0; i < ne; ++i) {
    const int e = edges[i];
    m.edge_side[i] = g.edge_side[e];
    const int l = g.edge_elem[e], r = g.edge_elem[Ed + e];
    if (local[l] < 0 || (r >= 0 && local[r] < 0))
      fail(ExitCode::internal, "an edge of the part leads outside its ghosts");
    m.edge_elem[i] = local[l];
    m.edge_elem[ne + i] = r < 0 ? -1 : local[r];
    m.elem_face[std::size_t(g.edge_side[e] & 3) * nl + local[l]] = 2 * i;
    if (r >= 0) m.elem_face[std::size_t(g.edge_side[e] >> 2) * nl + local[r]] = 2 * i + 1;
  }
  // Vertices of the local elements, and their patches in the whole mesh's order restricted to
  // the local elements: the patches the limiter reads (owned elements and the first layer) are
  // complete, and read in the same order.
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

void cut_part_aux(const LocalPart& part, const std::vector<double>& aux,
                  const std::vector<double>& edge_aux, int n_elems, int n_edges,
                  std::vector<double>& local_aux, std::vector<double>& local_edge_aux) {
  const int rows = n_elems ? int(aux.size() / std::size_t(n_elems)) : 0;
  const int edge_rows = n_edges ? int(edge_aux.size() / std::size_t(n_edges)) : 0;
  local_aux = cut_columns(aux, rows, n_elems, part.elem_global);
  local_edge_aux = cut_columns(edge_aux, edge_rows, n_edges, part.edge_global);
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
