#include "physics/shallow_water/geo_metric.hpp"

#include <cmath>
#include <numbers>

#include "core/dg_basis_tables.hpp"
#include "core/quadrature.hpp"

namespace tridg {

namespace {
constexpr double kDegree = std::numbers::pi / 180;
} // namespace

double GeoMetric::wx(double lat) const {
  return 1 / (D * std::cos(lat * kDegree));
}

GeoMetric geo_metric(const Geographic& geo, const ElementMap& m) {
  GeoMetric gm;
  gm.D = geo.metres_per_degree();
  gm.lat_c = m.yc();
  gm.w_c = gm.wx(gm.lat_c);
  gm.dw_c = gm.w_c * std::tan(gm.lat_c * kDegree) * kDegree; // d/dlat of 1 / (D cos(lat))
  const double sx = gm.D * std::cos(gm.lat_c * kDegree), sy = gm.D;
  const double ax = sx * (m.x1 - m.x0), ay = sy * (m.y1 - m.y0);
  const double bx = sx * (m.x2 - m.x0), by = sy * (m.y2 - m.y0);
  const double cx = bx - ax, cy = by - ay;
  const double area2 = std::abs(ax * by - ay * bx);
  gm.inradius = area2 / (std::hypot(ax, ay) + std::hypot(bx, by) + std::hypot(cx, cy));
  return gm;
}

void fill_geo_edge_rows(const Mesh& mesh, const std::vector<GeoMetric>& metric, int nf, int first,
                        std::vector<double>& edge_aux) {
  const std::size_t Ed = mesh.edges.size();
  const LineRule lr = gauss_legendre(nf);
  for (std::size_t e = 0; e < Ed; ++e) {
    const Edge& ed = mesh.edges[e];
    const ElementMap m = element_map(mesh, ed.left);
    for (int q = 0; q < nf; ++q) {
      // The left element's point q is the right one's point nf - 1 - q.
      double r, s;
      side_point(ed.lside, lr.t[q], r, s);
      const double lat = m.y(r, s);
      const GeoMetric& ml = metric[ed.left];
      edge_aux[std::size_t(first + q) * Ed + e] = ml.wx(lat);
      edge_aux[std::size_t(first + nf + q) * Ed + e] = ml.w1(lat);
      edge_aux[std::size_t(first + 2 * nf + q) * Ed + e] =
          ed.right < 0 ? ml.w1(lat) : metric[ed.right].w1(lat);
    }
  }
}

double geo_tan_over_radius(const Geographic& geo, double lat) {
  return std::tan(lat * kDegree) / geo.radius;
}

double geo_coriolis(const Geographic& geo, double lat) {
  return 2 * geo.rotation * std::sin(lat * kDegree);
}

} // namespace tridg
