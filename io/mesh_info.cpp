#include "io/mesh_info.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

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

std::string partition_text(const Partition& p) {
  std::int64_t lo = p.parts.empty() ? 0 : p.parts[0].elements, hi = lo;
  for (const PartInfo& q : p.parts) lo = std::min(lo, q.elements), hi = std::max(hi, q.elements);
  std::string out;
  if (p.n_parts == 1)
    out += "parts            1 (the whole mesh)\n";
  else
    out += fmt::format("parts            {} (METIS k-way, seed {})\n", p.n_parts, partition_seed);
  out += fmt::format("part elements    {} .. {} (imbalance {:.4f}: largest / mean)\n", lo, hi,
                     p.imbalance);
  out += fmt::format("edge cut         {} interior edges\n", p.edge_cut);
  out += fmt::format("halo             {} elements in all; halo / own elements {:.4f} mean, "
                     "{:.4f} max\n",
                     p.total_halo, p.mean_halo_fraction, p.max_halo_fraction);
  if (p.n_parts > text_part_lines) {
    out += fmt::format("  (one line per part up to {} parts; --json lists them all)\n",
                       text_part_lines);
    return out;
  }
  out += "  part  elements  interface  halo  neighbours\n";
  for (std::size_t i = 0; i < p.parts.size(); ++i) {
    const PartInfo& q = p.parts[i];
    out += fmt::format("  {:>4}  {:>8}  {:>9}  {:>4}  {}\n", i, q.elements, q.interface_edges,
                       q.halo_elements, fmt::join(q.neighbours, " "));
  }
  return out;
}

std::string partition_json(const Partition& p) {
  std::string parts;
  for (const PartInfo& q : p.parts)
    parts += fmt::format("{}{{\"elements\": {}, \"interface_edges\": {}, \"halo_elements\": {}, "
                         "\"neighbours\": [{}]}}",
                         parts.empty() ? "" : ", ", q.elements, q.interface_edges, q.halo_elements,
                         fmt::join(q.neighbours, ", "));
  return fmt::format("{{\"n_parts\": {}, \"edge_cut\": {}, \"imbalance\": {}, \"total_halo\": {}, "
                     "\"max_halo_fraction\": {}, \"mean_halo_fraction\": {}, \"parts\": [{}]}}",
                     p.n_parts, p.edge_cut, json_number(p.imbalance), p.total_halo,
                     json_number(p.max_halo_fraction), json_number(p.mean_halo_fraction), parts);
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
  if (s.partition) out += partition_text(*s.partition);
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
                     "\"locality_before\": {}, \"locality_after\": {}{}}}",
                     s.nodes, s.elements, s.edges, s.boundary_edges, s.periodic_edges, groups,
                     curved, json_number(s.min_edge), json_number(s.max_edge),
                     json_number(s.min_inradius), json_number(s.area),
                     json_number(s.locality_before), json_number(s.locality_after),
                     s.partition ? ", \"partition\": " + partition_json(*s.partition) : "");
}

} // namespace tridg
