#include "physics/shallow_water/geographic.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tridg {

namespace {
constexpr double kDeg = std::numbers::pi / 180.0;
} // namespace

double Geographic::metres_per_degree() const {
  return radius * kDeg;
}

Geographic read_geographic(const Config& cfg) {
  Geographic g;
  g.on =
      cfg.get_choice("mesh.coordinates", {"cartesian", "geographic"}, "cartesian") == "geographic";
  if (g.on) {
    g.radius = cfg.get_double_in("mesh.earth_radius", Config::Interval::open(0, 1e300), g.radius);
    g.rotation =
        cfg.get_double_in("physics.earth_rotation", Config::Interval::closed(-1, 1), g.rotation);
  }
  return g;
}

void check_geographic_mesh(const Config& cfg, const Mesh& mesh) {
  for (std::size_t i = 0; i < mesh.y.size(); ++i)
    if (!(std::abs(mesh.y[i]) <= 89))
      cfg.error("mesh.coordinates",
                fmt::format("a geographic mesh must stay within 89 degrees of the equator; node "
                            "{} has latitude {}",
                            i, mesh.y[i]));
}

double geo_area_element(const Geographic& geo, double lat) {
  const double d = geo.metres_per_degree();
  return d * d * std::cos(lat * kDeg);
}

GeoPoint geo_point(double lon, double lat) {
  return {lon, lat, std::sin(lat * kDeg), std::cos(lat * kDeg)};
}

double great_circle_distance(const GeoPoint& a, const GeoPoint& b, double radius) {
  // Haversine: accurate for short and long arcs alike.
  const double dlat = (b.lat - a.lat) * kDeg, dlon = (b.lon - a.lon) * kDeg;
  const double h = std::sin(dlat / 2) * std::sin(dlat / 2) +
                   a.cos_lat * b.cos_lat * std::sin(dlon / 2) * std::sin(dlon / 2);
  return 2 * radius * std::asin(std::min(1.0, std::sqrt(h)));
}

double great_circle_distance(double lon0, double lat0, double lon1, double lat1, double radius) {
  return great_circle_distance(geo_point(lon0, lat0), geo_point(lon1, lat1), radius);
}

void local_offset(const GeoPoint& origin, const GeoPoint& point, double radius, double& east,
                  double& north) {
  const double dl = (point.lon - origin.lon) * kDeg;
  const double d = great_circle_distance(origin, point, radius);
  // Initial bearing from the origin towards the point, clockwise from north.
  const double az =
      std::atan2(std::sin(dl) * point.cos_lat,
                 origin.cos_lat * point.sin_lat - origin.sin_lat * point.cos_lat * std::cos(dl));
  east = d * std::sin(az);
  north = d * std::cos(az);
}

void local_offset(double lon0, double lat0, double lon, double lat, double radius, double& east,
                  double& north) {
  local_offset(geo_point(lon0, lat0), geo_point(lon, lat), radius, east, north);
}

} // namespace tridg
