#include "io/circle_fit.hpp"

#include <algorithm>
#include <cmath>

namespace tridg {

std::optional<CircleArc> fit_circle(const std::vector<double>& px, const std::vector<double>& py) {
  const std::size_t n = px.size();
  if (n < 4) return std::nullopt;
  // Three well-separated points: the first, the farthest from it, and the farthest from the line
  // through those two. This keeps the circumcentre well conditioned.
  std::size_t a = 0, b = 0, c = 0;
  double best = -1;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::hypot(px[i] - px[a], py[i] - py[a]);
    if (d > best) best = d, b = i;
  }
  const double chord = best;
  if (!(chord > 0)) return std::nullopt;
  const double ux = px[b] - px[a], uy = py[b] - py[a];
  best = -1;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::abs(ux * (py[i] - py[a]) - uy * (px[i] - px[a]));
    if (d > best) best = d, c = i;
  }
  if (best <= 1e-9 * chord * chord) return std::nullopt; // straight
  // Circumcentre of a, b, c relative to a.
  const double bx = ux, by = uy, cx = px[c] - px[a], cy = py[c] - py[a];
  const double den = 2 * (bx * cy - by * cx);
  const double b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;
  const double ox = (cy * b2 - by * c2) / den, oy = (bx * c2 - cx * b2) / den;
  CircleArc arc{px[a] + ox, py[a] + oy, std::hypot(ox, oy)};
  for (std::size_t i = 0; i < n; ++i)
    if (std::abs(std::hypot(px[i] - arc.cx, py[i] - arc.cy) - arc.r) > 1e-9 * arc.r)
      return std::nullopt;
  return arc;
}

void detect_arcs(RawMesh& raw) {
  const auto n_nodes = static_cast<std::int32_t>(raw.x.size());
  for (const auto& [name, segs] : raw.boundary) {
    std::vector<std::int32_t> nodes;
    for (const auto& s : segs)
      for (std::int32_t v : s)
        if (v >= 0 && v < n_nodes) nodes.push_back(v);
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    std::vector<double> px, py;
    for (std::int32_t v : nodes) px.push_back(raw.x[v]), py.push_back(raw.y[v]);
    if (auto arc = fit_circle(px, py)) raw.arcs[name] = *arc;
  }
}

} // namespace tridg
