#include "io/mesh_info.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tridg {

namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
      else
        out += c;
    }
  }
  return out + "\"";
}

// JSON has no inf/nan; an empty mesh's extrema become null.
std::string json_number(double v) {
  return std::isfinite(v) ? fmt::format("{}", v) : "null";
}

} // namespace

MeshStats mesh_stats(const Mesh& m) {
  MeshStats s;
  s.nodes = m.n_nodes();
  s.elements = m.n_elems();
  s.edges = m.n_edges();
  s.boundary_edges = m.n_boundary_edges;
  s.periodic_edges = m.n_periodic_edges;
  for (const auto& g : m.groups) {
    s.groups.emplace_back(g.name, g.count);
    if (g.arc) s.curved_groups.push_back(g.name);
  }
  s.min_edge = std::numeric_limits<double>::infinity();
  s.max_edge = m.edges.empty() ? s.min_edge : 0.0;
  for (const auto& e : m.edges) {
    s.min_edge = std::min(s.min_edge, e.length);
    s.max_edge = std::max(s.max_edge, e.length);
  }
  s.min_inradius = std::numeric_limits<double>::infinity();
  for (const auto& t : m.tri) {
    const double ax = m.x[t[1]] - m.x[t[0]], ay = m.y[t[1]] - m.y[t[0]];
    const double bx = m.x[t[2]] - m.x[t[0]], by = m.y[t[2]] - m.y[t[0]];
    const double area = 0.5 * (ax * by - ay * bx);
    const double perimeter = std::hypot(ax, ay) + std::hypot(bx, by) + std::hypot(bx - ax, by - ay);
    s.area += area;
    s.min_inradius = std::min(s.min_inradius, 2 * area / perimeter);
  }
  s.locality_before = m.locality_before;
  s.locality_after = m.locality_after;
  return s;
}

std::string mesh_stats_text(const MeshStats& s) {
  std::string out;
  out += fmt::format("nodes            {}\n", s.nodes);
  out += fmt::format("elements         {}\n", s.elements);
  out += fmt::format("edges            {} ({} boundary, {} periodic)\n", s.edges, s.boundary_edges,
                     s.periodic_edges);
  for (const auto& [name, count] : s.groups) {
    const bool curved =
        std::find(s.curved_groups.begin(), s.curved_groups.end(), name) != s.curved_groups.end();
    out += fmt::format("  group {:<16} {} edges{}\n", name, count, curved ? " (circle arc)" : "");
  }
  out += fmt::format("edge length      {:.6g} .. {:.6g}\n", s.min_edge, s.max_edge);
  out += fmt::format("min inradius     {:.6g}\n", s.min_inradius);
  out += fmt::format("area             {:.12g}\n", s.area);
  out += fmt::format("locality         {:.6g} before renumbering, {:.6g} after\n",
                     s.locality_before, s.locality_after);
  return out;
}

std::string mesh_stats_json(const MeshStats& s) {
  std::string groups, curved;
  for (const auto& [name, count] : s.groups)
    groups += fmt::format("{}{}: {}", groups.empty() ? "" : ", ", json_string(name), count);
  for (const auto& name : s.curved_groups)
    curved += (curved.empty() ? "" : ", ") + json_string(name);
  return fmt::format("{{\"nodes\": {}, \"elements\": {}, \"edges\": {}, \"boundary_edges\": {}, "
                     "\"periodic_edges\": {}, \"groups\": {{{}}}, \"curved_groups\": [{}], "
                     "\"min_edge\": {}, \"max_edge\": {}, \"min_inradius\": {}, \"area\": {}, "
                     "\"locality_before\": {}, \"locality_after\": {}}}",
                     s.nodes, s.elements, s.edges, s.boundary_edges, s.periodic_edges, groups,
                     curved, json_number(s.min_edge), json_number(s.max_edge),
                     json_number(s.min_inradius), json_number(s.area),
                     json_number(s.locality_before), json_number(s.locality_after));
}

} // namespace tridg
