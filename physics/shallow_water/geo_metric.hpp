#pragma once
// The metric of longitude on a geographic mesh, per element, for the host code that fills the
// kernels' data of both shallow-water physics (docs/shallow_water.md, "Geographic coordinates").
#include "physics/shallow_water/geographic.hpp"
#include <vector>

#include "io/mesh.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

// wx = 1 / (D cos(lat)) (D: metres per degree) of one element, with its linear Taylor
// polynomial w1 in the latitude about the centroid, and the element's inscribed radius in
// metres (its vertices in the plane tangent at the centroid).
struct GeoMetric {
  double D = 1, lat_c = 0, w_c = 1, dw_c = 0, inradius = 1;
  double wx(double lat) const;
  double w1(double lat) const { return w_c + dw_c * (lat - lat_c); }
};

GeoMetric geo_metric(const Geographic& geo, const ElementMap& m);

// The edge rows of the metric, from row `first` of edge_aux ([rows][Ed]): wx at each edge's
// Gauss point q (in the left element's direction), then the left and the right element's w1
// there (the left one's on the boundary); `metric` holds every element's.
void fill_geo_edge_rows(const Mesh& mesh, const std::vector<GeoMetric>& metric, int nf, int first,
                        std::vector<double>& edge_aux);

// tan(lat) / R and 2 Omega sin(lat): the metric source and the Coriolis parameter.
double geo_tan_over_radius(const Geographic& geo, double lat);
double geo_coriolis(const Geographic& geo, double lat);

} // namespace tridg
