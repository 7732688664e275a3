#include "parallel/part_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "io/connectivity.hpp"
#include "io/error.hpp"
#include "io/isoparametric.hpp"
#include "io/part_mesh_h5.hpp"
#include "io/refine.hpp"
#include "io/renumber.hpp"
#include "parallel/comm.hpp"
#include "parallel/global_rank.hpp"

namespace tridg {

namespace {

// The key that orders edge e as build_connectivity orders the whole mesh's edges (boundary
// edges by group, left element and side; then interior edges by their two elements and the left
// side), extended by one bit: 0 for the edge's middle node, 1 for the second middle node of a
// periodic edge (io/refine.cpp numbers them in that order).
par::Key edge_node_key(const Mesh& m, std::int32_t e, std::uint64_t second) {
  const Edge& ed = m.edges[std::size_t(e)];
  const std::uint64_t side = std::uint64_t(ed.lside) << 1 | second;
  const auto gid = [&](std::int32_t k) { return std::uint64_t(m.part->elem_gid[std::size_t(k)]); };
  if (ed.right < 0) { // a boundary edge (never a rim edge here)
    const std::uint64_t group = std::uint64_t(m.group_of_edge(e));
    return {group, gid(ed.left) << 3 | side};
  }
  const std::uint64_t a = gid(ed.left), b = gid(ed.right);
  return {std::uint64_t(1) << 62 | std::min(a, b), std::max(a, b) << 3 | side};
}

bool is_rim(const Mesh& m, std::int32_t e) {
  return e >= m.n_boundary_edges && m.edges[std::size_t(e)].right < 0;
}

} // namespace

Mesh refine_part(const Mesh& c) {
  const MeshPart& cp = *c.part;
  RawMesh raw;
  raw.source = "refined part";
  raw.x = c.x;
  raw.y = c.y;
  std::vector<std::int64_t> node_gid = cp.node_gid;
  const auto add_node = [&](double px, double py) {
    raw.x.push_back(px);
    raw.y.push_back(py);
    node_gid.push_back(-1);
    return std::int32_t(raw.x.size() - 1);
  };
  for (const BoundaryGroup& g : c.groups) {
    raw.boundary[g.name]; // every group of the whole mesh, also one with no edge here
    if (g.arc) raw.arcs[g.name] = *g.arc;
  }
  // Middle nodes as io/refine.cpp makes them, with the keys that number them.
  std::vector<std::array<std::int32_t, 3>> mid(c.tri.size(), {-1, -1, -1});
  std::vector<par::Key> node_keys;
  std::vector<std::int32_t> keyed_node;
  for (std::int32_t e = 0; e < c.n_edges(); ++e) {
    const Edge& ed = c.edges[std::size_t(e)];
    const int g = c.group_of_edge(e);
    const auto pl = refined_edge_middle(c, e);
    const std::int32_t ml = add_node(pl[0], pl[1]);
    mid[std::size_t(ed.left)][std::size_t(ed.lside)] = ml;
    if (is_rim(c, e)) continue; // a node of outermost ghosts only: not numbered
    node_keys.push_back(edge_node_key(c, e, 0));
    keyed_node.push_back(ml);
    if (g >= 0) {
      raw.boundary[c.groups[std::size_t(g)].name].push_back({ed.n0, ml});
      raw.boundary[c.groups[std::size_t(g)].name].push_back({ml, ed.n1});
      continue;
    }
    const auto& tr = c.tri[std::size_t(ed.right)];
    const std::int32_t a = tr[std::size_t(ed.rside)], b = tr[std::size_t((ed.rside + 1) % 3)];
    if (!is_periodic_edge(c, e)) {
      mid[std::size_t(ed.right)][std::size_t(ed.rside)] = ml;
    } else { // periodic: the right element's own middle node, on its side of the domain
      const auto pr = refined_edge_middle(c, e, true);
      const std::int32_t mr = add_node(pr[0], pr[1]);
      mid[std::size_t(ed.right)][std::size_t(ed.rside)] = mr;
      raw.periodic_nodes.push_back({a, ed.n1});
      raw.periodic_nodes.push_back({b, ed.n0});
      raw.periodic_nodes.push_back({mr, ml});
      node_keys.push_back(edge_node_key(c, e, 1));
      keyed_node.push_back(mr);
    }
  }
  const par::GlobalRanks nodes = par::rank_keys(node_keys);
  for (std::size_t i = 0; i < keyed_node.size(); ++i)
    node_gid[std::size_t(keyed_node[i])] = cp.n_nodes + nodes.rank[i];

  // Children as io/refine.cpp makes them; numbered by the Hilbert order over all children (the
  // frame from every rank's own), ties by the raw order 4 k + c.
  const std::size_t ne = c.tri.size();
  std::vector<std::array<std::int32_t, 3>> child(4 * ne);
  for (std::size_t k = 0; k < ne; ++k) {
    const auto& t = c.tri[k];
    const auto& md = mid[k];
    child[4 * k] = {t[0], md[0], md[2]};
    child[4 * k + 1] = {md[0], t[1], md[1]};
    child[4 * k + 2] = {md[2], md[1], t[2]};
    child[4 * k + 3] = {md[0], md[1], md[2]};
  }
  std::vector<double> cx(4 * ne), cy(4 * ne);
  double box[4] = {
      std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
      std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  for (std::size_t i = 0; i < 4 * ne; ++i) {
    const auto& t = child[i];
    cx[i] = (raw.x[std::size_t(t[0])] + raw.x[std::size_t(t[1])] + raw.x[std::size_t(t[2])]) / 3;
    cy[i] = (raw.y[std::size_t(t[0])] + raw.y[std::size_t(t[1])] + raw.y[std::size_t(t[2])]) / 3;
    if (i < 4 * std::size_t(cp.n_owned)) { // every child is some rank's own
      box[0] = std::min(box[0], cx[i]);
      box[1] = std::max(box[1], cx[i]);
      box[2] = std::min(box[2], cy[i]);
      box[3] = std::max(box[3], cy[i]);
    }
  }
  const HilbertFrame frame = hilbert_frame(par::min_all(box[0]), par::max_all(box[1]),
                                           par::min_all(box[2]), par::max_all(box[3]));
  std::vector<par::Key> elem_keys(4 * ne);
  for (std::size_t i = 0; i < 4 * ne; ++i)
    elem_keys[i] = {hilbert_key_in(frame, cx[i], cy[i]),
                    std::uint64_t(4 * cp.elem_gid[i / 4] + std::int64_t(i % 4))};
  const par::GlobalRanks elems = par::rank_keys(elem_keys);
  if (elems.distinct != 4 * cp.n_elems)
    fail(ExitCode::internal, "refining the parts numbered " + std::to_string(elems.distinct) +
                                 " elements, not " + std::to_string(4 * cp.n_elems));

  // The part's own children first, then the others, each ascending.
  std::vector<std::int32_t> order(4 * ne);
  std::iota(order.begin(), order.end(), 0);
  const std::size_t n_own = 4 * std::size_t(cp.n_owned);
  const auto by_gid = [&](std::int32_t a, std::int32_t b) {
    return elems.rank[std::size_t(a)] < elems.rank[std::size_t(b)];
  };
  std::sort(order.begin(), order.begin() + std::ptrdiff_t(n_own), by_gid);
  std::sort(order.begin() + std::ptrdiff_t(n_own), order.end(), by_gid);
  MeshPart fp;
  fp.n_parts = cp.n_parts;
  fp.n_owned = std::int32_t(n_own);
  fp.n_elems = 4 * cp.n_elems;
  fp.n_nodes = cp.n_nodes + nodes.distinct;
  raw.tri.resize(4 * ne);
  fp.elem_gid.resize(4 * ne);
  fp.owner.resize(4 * ne);
  for (std::size_t i = 0; i < 4 * ne; ++i) {
    const std::size_t o = std::size_t(order[i]);
    raw.tri[i] = child[o];
    fp.elem_gid[i] = elems.rank[o];
    fp.owner[i] = cp.owner[o / 4];
  }
  if (c.geometry) {
    const int go = c.geometry->order;
    const auto per = static_cast<std::size_t>(2 * extra_geometry_nodes(go));
    raw.geometry_order = go;
    raw.geometry_nodes.resize(4 * ne * per);
    for (std::size_t i = 0; i < 4 * ne; ++i) {
      const std::size_t o = std::size_t(order[i]);
      refined_child_nodes(c, std::int32_t(o / 4), int(o % 4),
                          triangle_vertices(raw.x, raw.y, raw.tri[i]),
                          raw.geometry_nodes.data() + per * i);
    }
  }
  Mesh f = build_part_connectivity(raw, fp.elem_gid, fp.n_rim_edges);
  fp.node_gid = std::move(node_gid);
  f.n_periodic_edges = 2 * c.n_periodic_edges;
  f.part = std::move(fp);
  return f;
}

Mesh load_part_mesh(const std::string& path, int refine, std::int64_t max_elements) {
  Mesh m = read_part_mesh_h5(path, std::int32_t(par::rank()), max_elements);
  if (m.part->n_parts != par::size())
    fail(ExitCode::internal, path + ": a partition into " + std::to_string(m.part->n_parts) +
                                 " parts read by " + std::to_string(par::size()) + " ranks");
  for (int r = 0; r < refine; ++r) {
    if (4 * m.part->n_elems > max_elements)
      fail(ExitCode::bad_mesh, path + ": refined " + std::to_string(r + 1) +
                                   " time(s) the mesh has " + std::to_string(4 * m.part->n_elems) +
                                   " triangles, above the limit of " +
                                   std::to_string(max_elements) + " (--max-elements)");
    m = refine_part(m);
  }
  return m;
}

} // namespace tridg
