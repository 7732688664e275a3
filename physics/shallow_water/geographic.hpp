#pragma once
// Meshes in longitude and latitude (mesh.coordinates = "geographic"): x is the longitude and y
// the latitude, both in degrees, on a sphere of radius `radius`. The shallow-water physics then
// carries the metric of these coordinates (docs/shallow_water.md, "Geographic coordinates"); the
// helpers here give the distances that the rest of the code (sources, gauges, the time step)
// needs in metres.
#include "io/config.hpp"
#include "io/mesh.hpp"

namespace tridg {

struct Geographic {
  bool on = false;
  double radius = 6371000.0;      // mean Earth radius (IUGG), m
  double rotation = 7.2921159e-5; // Earth's angular velocity, rad/s (0: no Coriolis)
  double metres_per_degree() const;
};

// mesh.coordinates ("cartesian" by default, or "geographic"), mesh.earth_radius and
// physics.earth_rotation. Throws UserError(bad_case) naming the key.
Geographic read_geographic(const Config& cfg);

// Refuses a geographic mesh that reaches within a degree of a pole, where the metric
// 1 / cos(lat) grows without bound (UserError(bad_case) naming the node).
void check_geographic_mesh(const Config& cfg, const Mesh& mesh);

// The area of a square degree at latitude `lat` in m^2: D^2 cos(lat), D metres per degree.
double geo_area_element(const Geographic& geo, double lat);

// A (longitude, latitude) point in degrees with the sine and cosine of its latitude, for the
// many distances and offsets of one point (an earthquake's subfaults at a quadrature point).
struct GeoPoint {
  double lon = 0, lat = 0, sin_lat = 0, cos_lat = 1;
};
GeoPoint geo_point(double lon, double lat);

// Great-circle distance in metres between two (longitude, latitude) points in degrees.
double great_circle_distance(double lon0, double lat0, double lon1, double lat1, double radius);
double great_circle_distance(const GeoPoint& a, const GeoPoint& b, double radius);

// East and north offsets in metres of (lon, lat) from (lon0, lat0) in the tangent plane at
// (lon0, lat0) (azimuthal equidistant: the distance and direction along the great circle), so
// that formulas written for a plane (Okada's) apply near the origin.
void local_offset(double lon0, double lat0, double lon, double lat, double radius, double& east,
                  double& north);
void local_offset(const GeoPoint& origin, const GeoPoint& point, double radius, double& east,
                  double& north);

} // namespace tridg
