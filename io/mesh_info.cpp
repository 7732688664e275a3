#include "io/mesh_info.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/isoparametric.hpp"
#include "io/json.hpp"

namespace tridg {

namespace {

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

Json partition_json(const Partition& p) {
  Json parts = Json::array();
  for (const PartInfo& q : p.parts)
    parts.push_back({{"elements", q.elements},
                     {"interface_edges", q.interface_edges},
                     {"halo_elements", q.halo_elements},
                     {"neighbours", q.neighbours}});
  return {{"n_parts", p.n_parts},
          {"edge_cut", p.edge_cut},
          {"imbalance", p.imbalance},
          {"total_halo", p.total_halo},
          {"max_halo_fraction", p.max_halo_fraction},
          {"mean_halo_fraction", p.mean_halo_fraction},
          {"parts", parts}};
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
  if (m.geometry) {
    s.geometry_order = m.geometry->order;
    s.curved_elements = m.geometry->n_curved;
    s.min_jacobian_ratio = m.geometry->min_jacobian_ratio;
  }
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
  out += fmt::format("geometry order   {} ({}-node triangles)\n", s.geometry_order,
                     geometry_nodes_of_order(s.geometry_order));
  out += fmt::format("curved elements  {}", s.curved_elements);
  out += s.curved_elements > 0
             ? fmt::format(" (worst Jacobian ratio {:.4g})\n", s.min_jacobian_ratio)
             : std::string("\n");
  if (s.partition) out += partition_text(*s.partition);
  return out;
}

std::string mesh_stats_json(const MeshStats& s) {
  Json groups = Json::object();
  for (const auto& [name, count] : s.groups) groups[name] = count;
  Json j = {{"nodes", s.nodes},
            {"elements", s.elements},
            {"edges", s.edges},
            {"boundary_edges", s.boundary_edges},
            {"periodic_edges", s.periodic_edges},
            {"groups", groups},
            {"curved_groups", s.curved_groups},
            {"min_edge", s.min_edge},
            {"max_edge", s.max_edge},
            {"min_inradius", s.min_inradius},
            {"area", s.area},
            {"locality_before", s.locality_before},
            {"locality_after", s.locality_after},
            {"geometry_order", s.geometry_order},
            {"curved_elements", s.curved_elements},
            {"min_jacobian_ratio", s.min_jacobian_ratio}};
  if (s.partition) j["partition"] = partition_json(*s.partition);
  return json_text(j, false);
}

} // namespace tridg
