#include "io/curved_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "io/error.hpp"
#include "io/isoparametric.hpp"

namespace tridg {

CurvedGeometry check_curved_geometry(int order, std::vector<double> nodes,
                                     const std::vector<std::array<std::int32_t, 3>>& tri,
                                     const std::vector<double>& x, const std::vector<double>& y,
                                     const std::string& source,
                                     const std::vector<std::int64_t>& tags) {
  if (order < 2 || order > 3)
    fail(ExitCode::bad_mesh, fmt::format("{}: geometry order {} is not supported (2 or 3 are: "
                                         "6- and 10-node triangles)",
                                         source, order));
  const auto per = static_cast<std::size_t>(2 * extra_geometry_nodes(order));
  if (nodes.size() != per * tri.size())
    fail(ExitCode::bad_mesh,
         fmt::format("{}: {} high-order node coordinates for {} triangles of order {} (damaged?)",
                     source, nodes.size(), tri.size(), order));
  const std::string kind = order == 2 ? "6-node" : "10-node";
  CurvedGeometry g;
  g.order = order;
  g.curved.assign(tri.size(), 0);
  for (std::size_t k = 0; k < tri.size(); ++k) {
    const auto name = [&] {
      return tags.size() == tri.size()
                 ? fmt::format("element {} (a {} triangle)", tags[k], kind)
                 : fmt::format("element {} (a {} triangle, counting from 1)", k + 1, kind);
    };
    const auto& t = tri[k];
    const std::array<double, 6> v = triangle_vertices(x, y, t);
    const double* extra = nodes.data() + per * k;
    if (!std::all_of(extra, extra + per, [](double c) { return std::isfinite(c); }))
      fail(
          ExitCode::bad_mesh,
          fmt::format("{}: {} has a high-order node with a non-finite coordinate", source, name()));
    const ElementShape e = inspect_element(order, element_nodes(order, v, extra));
    if (!(e.max_offset <= e.longest_edge))
      fail(ExitCode::bad_mesh,
           fmt::format("{}: {} has a high-order node {:.6g} off its straight position, more than "
                       "the element's size {:.6g} (a node of another curve?)",
                       source, name(), e.max_offset, e.longest_edge));
    if (e.jacobian_ratio <= 0)
      fail(ExitCode::bad_mesh,
           fmt::format("{}: {} is inverted: the Jacobian of its mapping changes sign (its "
                       "high-order nodes fold it over; Gmsh's Mesh.HighOrderOptimize can untangle "
                       "it)",
                       source, name()));
    if (e.jacobian_ratio < min_jacobian_ratio)
      fail(ExitCode::bad_mesh,
           fmt::format("{}: {} is nearly inverted: smallest over largest Jacobian {:.3g}, below "
                       "{} (Gmsh's Mesh.HighOrderOptimize can improve it)",
                       source, name(), e.jacobian_ratio, min_jacobian_ratio));
    if (e.curved) {
      g.curved[k] = 1;
      ++g.n_curved;
      g.min_jacobian_ratio = std::min(g.min_jacobian_ratio, e.jacobian_ratio);
    }
  }
  g.nodes = std::move(nodes);
  return g;
}

std::vector<double> mesh_element_nodes(const Mesh& m, std::int32_t k) {
  const CurvedGeometry& g = *m.geometry;
  const auto& t = m.tri[std::size_t(k)];
  const std::array<double, 6> v = triangle_vertices(m.x, m.y, t);
  const auto per = static_cast<std::size_t>(2 * extra_geometry_nodes(g.order));
  return element_nodes(g.order, v, g.nodes.data() + per * std::size_t(k));
}

std::array<double, 2> curved_side_middle(const Mesh& m, std::int32_t k, int s) {
  // On its side the map is the Lagrange interpolant of the side's own nodes alone, so the
  // middle is formed from those, symmetric in their order: the element on the other side (which
  // lists them the other way round) then gives the same bits, as a part refined alone must.
  const int order = m.geometry->order;
  const std::vector<double> n = mesh_element_nodes(m, k);
  const auto at = [&](int node, int c) { return n[std::size_t(2 * node + c)]; };
  const int a = s, b = (s + 1) % 3, e = 3 + s * (order - 1); // e: the side's first edge node
  std::array<double, 2> p{};
  for (int c = 0; c < 2; ++c)
    p[std::size_t(c)] =
        order == 2 ? at(e, c) // the middle node itself
                              // order 3, nodes at 0, 1/3, 2/3, 1: weights -1/16, 9/16, 9/16, -1/16
                   : (9 * (at(e, c) + at(e + 1, c)) - (at(a, c) + at(b, c))) / 16;
  return p;
}

} // namespace tridg
