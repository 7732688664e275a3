#include "io/refine.hpp"

#include <cmath>

#include "io/connectivity.hpp"
#include "io/curved_check.hpp"
#include "io/isoparametric.hpp"

namespace tridg {

bool is_periodic_edge(const Mesh& m, std::int32_t e) {
  const Edge& ed = m.edges[std::size_t(e)];
  if (ed.right < 0 || m.group_of_edge(e) >= 0) return false;
  const auto& t = m.tri[std::size_t(ed.right)];
  return !(t[std::size_t(ed.rside)] == ed.n1 && t[std::size_t((ed.rside + 1) % 3)] == ed.n0);
}

std::array<double, 2> refined_edge_middle(const Mesh& m, std::int32_t e, bool right) {
  const Edge& ed = m.edges[std::size_t(e)];
  const int g = m.group_of_edge(e);
  const auto curved = [&](std::int32_t k) {
    return k >= 0 && m.geometry && m.geometry->curved[std::size_t(k)];
  };
  std::int32_t k = right ? ed.right : ed.left;
  int s = right ? ed.rside : ed.lside;
  // Both sides get this middle (a part's outermost ghosts have sides with no element beyond).
  const bool shared = g < 0 && ed.right >= 0 && !is_periodic_edge(m, e);
  if (curved(k) || (shared && curved(ed.right))) {
    if (shared && m.elem_gid(ed.right) < m.elem_gid(ed.left)) k = ed.right, s = ed.rside;
    return curved_side_middle(m, k, s);
  }
  const std::int32_t a = m.tri[std::size_t(k)][std::size_t(s)];
  const std::int32_t b = m.tri[std::size_t(k)][std::size_t((s + 1) % 3)];
  double px = 0.5 * (m.x[std::size_t(a)] + m.x[std::size_t(b)]);
  double py = 0.5 * (m.y[std::size_t(a)] + m.y[std::size_t(b)]);
  const CircleArc* arc =
      g >= 0 && m.groups[std::size_t(g)].arc ? &*m.groups[std::size_t(g)].arc : nullptr;
  if (arc) {
    const double dx = px - arc->cx, dy = py - arc->cy, d = std::hypot(dx, dy);
    if (d > 0) px = arc->cx + arc->r * dx / d, py = arc->cy + arc->r * dy / d;
  }
  return {px, py};
}

void refined_child_nodes(const Mesh& m, std::int32_t k, int c,
                         const std::array<double, 6>& child_vertices, double* extra) {
  const int order = m.geometry->order;
  if (m.geometry->curved[std::size_t(k)]) {
    child_extra_nodes(order, mesh_element_nodes(m, k), c, extra);
  } else {
    straight_extra_nodes(order, child_vertices, extra);
  }
}

RawMesh refine_raw(const Mesh& m, const std::string& source) {
  RawMesh r;
  r.source = source;
  r.x = m.x;
  r.y = m.y;
  const std::int32_t ne = m.n_elems();
  const auto add_node = [&r](double px, double py) {
    r.x.push_back(px);
    r.y.push_back(py);
    return static_cast<std::int32_t>(r.x.size() - 1);
  };
  // mid[k][s]: the new node in the middle of local side s of element k (the two elements of a
  // periodic edge each get their own, on their own side of the domain).
  std::vector<std::array<std::int32_t, 3>> mid(ne, {-1, -1, -1});
  for (std::int32_t e = 0; e < m.n_edges(); ++e) {
    const Edge& ed = m.edges[e];
    const int g = m.group_of_edge(e);
    const auto pl = refined_edge_middle(m, e);
    const std::int32_t ml = add_node(pl[0], pl[1]);
    mid[ed.left][ed.lside] = ml;
    if (g >= 0) {
      r.boundary[m.groups[g].name].push_back({ed.n0, ml});
      r.boundary[m.groups[g].name].push_back({ml, ed.n1});
      continue;
    }
    if (!is_periodic_edge(m, e)) {
      mid[ed.right][ed.rside] = ml;
    } else {
      // Periodic: the right element runs b -> a on its side, facing the left's n0 -> n1.
      const std::int32_t a = m.tri[ed.right][ed.rside], b = m.tri[ed.right][(ed.rside + 1) % 3];
      const auto pr = refined_edge_middle(m, e, true);
      const std::int32_t mr = add_node(pr[0], pr[1]);
      mid[ed.right][ed.rside] = mr;
      r.periodic_nodes.push_back({a, ed.n1});
      r.periodic_nodes.push_back({b, ed.n0});
      r.periodic_nodes.push_back({mr, ml});
    }
  }
  for (const auto& g : m.groups)
    if (g.arc) r.arcs[g.name] = *g.arc;

  r.tri.reserve(4 * static_cast<std::size_t>(ne));
  for (std::int32_t k = 0; k < ne; ++k) {
    const auto& t = m.tri[k];
    const auto& md = mid[k]; // md[0] on v0-v1, md[1] on v1-v2, md[2] on v2-v0
    r.tri.push_back({t[0], md[0], md[2]});
    r.tri.push_back({md[0], t[1], md[1]});
    r.tri.push_back({md[2], md[1], t[2]});
    r.tri.push_back({md[0], md[1], md[2]});
  }
  if (m.geometry) {
    const int order = m.geometry->order;
    const auto per = static_cast<std::size_t>(2 * extra_geometry_nodes(order));
    r.geometry_order = order;
    r.geometry_nodes.resize(4 * per * static_cast<std::size_t>(ne));
    for (std::int32_t k = 0; k < ne; ++k)
      for (int c = 0; c < 4; ++c) {
        const std::size_t child = 4 * static_cast<std::size_t>(k) + c;
        refined_child_nodes(m, k, c, triangle_vertices(r.x, r.y, r.tri[child]),
                            r.geometry_nodes.data() + per * child);
      }
  }
  return r;
}

Mesh refine_uniform(const Mesh& m, const std::string& source) {
  return build_connectivity(refine_raw(m, source));
}

} // namespace tridg
