#include "tsunami/region_mesh.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "io/connectivity.hpp"
#include "io/error.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "physics/shallow_water/geographic.hpp"
#ifdef TRIDG_WITH_GMSH
#include "io/gmsh_region.hpp"
#endif

namespace tridg {

namespace {

constexpr double kDeg = std::numbers::pi / 180;

std::array<double, 2> read_range(const Config& t, const std::string& key, double lo, double hi) {
  const std::vector<double> v = t.get_doubles(key);
  if (v.size() != 2 || !(v[0] < v[1]) || v[0] < lo || v[1] > hi)
    t.error(key,
            fmt::format("needs two numbers [min, max] with min < max, within [{}, {}]", lo, hi));
  return {v[0], v[1]};
}

using Lattice = SizeLattice;

// The size field: s0 from the bed and the areas, then s(n) = min over m of s0(m) + grading
// |n m| (two chamfer passes over the 8 neighbours, lengths in metres), clamped.
Lattice size_field(const RegionSettings& r, const Bathymetry& bed, double D) {
  Lattice L;
  const double extent = std::max((r.lon1 - r.lon0) * D * std::cos(0.5 * (r.lat0 + r.lat1) * kDeg),
                                 (r.lat1 - r.lat0) * D);
  const double step = r.lattice > 0 ? r.lattice : std::max(0.5 * r.min_size, extent / 2000);
  L.nlat = std::max(2, int(std::ceil((r.lat1 - r.lat0) * D / step)) + 1);
  const double cmin = std::cos(std::max(std::abs(r.lat0), std::abs(r.lat1)) * kDeg);
  L.nlon = std::max(2, int(std::ceil((r.lon1 - r.lon0) * D * cmin / step)) + 1);
  if (double(L.nlon) * L.nlat > 4e7)
    fail(ExitCode::bad_case, fmt::format("region.lattice = {} m samples the box at {} x {} points; "
                                         "give a coarser region.lattice",
                                         step, L.nlon, L.nlat));
  L.lon0 = r.lon0;
  L.lat0 = r.lat0;
  L.dlon = (r.lon1 - r.lon0) / (L.nlon - 1);
  L.dlat = (r.lat1 - r.lat0) / (L.nlat - 1);
  L.metres.resize(std::size_t(L.nlon) * L.nlat);
  for (int j = 0; j < L.nlat; ++j)
    for (int i = 0; i < L.nlon; ++i) {
      const double lon = L.lon0 + i * L.dlon, lat = L.lat0 + j * L.dlat;
      const double b = bed(lon, lat);
      if (!std::isfinite(b))
        fail(ExitCode::bad_case, fmt::format("[bathymetry]: the bed ({}) is not finite at {}, {} "
                                             "of the [region] (every size sample needs one)",
                                             bed.description(), lon, lat));
      // Water: the wavelength's share, not below the coast's size; low land (which the water
      // may reach): the coast's size; high land: the largest.
      double s =
          b < 0 ? std::max(r.coast_size, std::sqrt(r.g * -b) * r.period / r.points_per_wavelength)
                : (b <= r.land_up_to ? r.coast_size : r.max_size);
      for (const auto& a : r.areas)
        if (lon >= a.lon0 && lon <= a.lon1 && lat >= a.lat0 && lat <= a.lat1 && b <= a.land_up_to)
          s = std::min(s, a.size);
      L.metres[std::size_t(j) * L.nlon + i] = s;
    }
  auto relax = [&](int i, int j, int di, int dj) {
    const int ii = i + di, jj = j + dj;
    if (ii < 0 || jj < 0 || ii >= L.nlon || jj >= L.nlat) return;
    const double lat = L.lat0 + (j + 0.5 * dj) * L.dlat;
    const double dx = di * L.dlon * D * std::cos(lat * kDeg), dy = dj * L.dlat * D;
    double& s = L.metres[std::size_t(j) * L.nlon + i];
    s = std::min(s, L.metres[std::size_t(jj) * L.nlon + ii] + r.grading * std::hypot(dx, dy));
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int j = 0; j < L.nlat; ++j)
      for (int i = 0; i < L.nlon; ++i)
        for (auto [di, dj] : {std::pair{-1, 0}, {-1, -1}, {0, -1}, {1, -1}}) relax(i, j, di, dj);
    for (int j = L.nlat - 1; j >= 0; --j)
      for (int i = L.nlon - 1; i >= 0; --i)
        for (auto [di, dj] : {std::pair{1, 0}, {1, 1}, {0, 1}, {-1, 1}}) relax(i, j, di, dj);
  }
  for (double& s : L.metres) s = std::clamp(s, r.min_size, r.max_size);
  return L;
}

// Triangles the field asks for: the area of each lattice cell over that of an equilateral
// triangle of its size.
double estimate(const Lattice& L, double D) {
  double n = 0;
  for (int j = 0; j + 1 < L.nlat; ++j) {
    const double lat = L.lat0 + (j + 0.5) * L.dlat;
    const double area = L.dlon * D * std::cos(lat * kDeg) * L.dlat * D;
    for (int i = 0; i + 1 < L.nlon; ++i) {
      const double s = L.metres[std::size_t(j) * L.nlon + i];
      n += area / (std::sqrt(3.0) / 4 * s * s);
    }
  }
  return n;
}

} // namespace

RegionSettings read_region(const Config& cfg) {
  if (!read_geographic(cfg).on)
    cfg.error("mesh.coordinates", "tridg region meshes in longitude and latitude: set "
                                  "mesh.coordinates = \"geographic\"");
  const Config t = cfg.table("region");
  RegionSettings r;
  const auto lon = read_range(t, "lon", -360, 360), lat = read_range(t, "lat", -89, 89);
  r.lon0 = lon[0];
  r.lon1 = lon[1];
  r.lat0 = lat[0];
  r.lat1 = lat[1];
  r.period = t.get_double_in("period", Config::Interval::open(0, 1e6), r.period);
  r.points_per_wavelength =
      t.get_double_in("points_per_wavelength", Config::Interval::open(0, 1e4), 10.0);
  r.min_size = t.get_double_in("min_size", Config::Interval::open(0, 1e7), r.min_size);
  r.max_size = t.get_double_in("max_size", Config::Interval::closed(r.min_size, 1e7), r.max_size);
  r.coast_size =
      t.get_double_in("coast_size", Config::Interval::closed(r.min_size, r.max_size), r.min_size);
  r.grading = t.get_double_in("grading", Config::Interval::open(0, 10), r.grading);
  r.land_up_to = t.get_double_in("land_up_to", Config::Interval::closed(0, 1e4), r.land_up_to);
  r.lattice = t.get_double_in("lattice", Config::Interval::closed(0, 1e7), 0.0);
  r.g = cfg.get_double_in("physics.g", 0, 1e300, 9.81);
  for (const Config& a : cfg.tables("region.area")) {
    RegionSettings::Area area;
    area.name = a.get_string("name");
    const auto alon = read_range(a, "lon", -360, 360), alat = read_range(a, "lat", -89, 89);
    area.lon0 = alon[0];
    area.lon1 = alon[1];
    area.lat0 = alat[0];
    area.lat1 = alat[1];
    area.size = a.get_double_in("size", Config::Interval::closed(r.min_size, r.max_size));
    if (a.has("land_up_to")) area.land_up_to = a.get_double_in("land_up_to", -1e4, 1e4);
    r.areas.push_back(area);
  }
  return r;
}

RegionMesh make_region_mesh(const Config& cfg, std::int64_t max_elements, double size_factor) {
  RegionSettings r = read_region(cfg);
  if (!(size_factor > 0 && size_factor <= 100))
    fail(ExitCode::bad_case, fmt::format("--size-factor {} is out of range (0, 100]", size_factor));
  for (double* s : {&r.min_size, &r.max_size, &r.coast_size}) *s *= size_factor;
  r.points_per_wavelength /= size_factor;
  for (auto& a : r.areas) a.size *= size_factor;
  const Geographic geo = read_geographic(cfg);
  const double D = geo.metres_per_degree();
  if (!cfg.has("bathymetry"))
    cfg.error("bathymetry", "tridg region sizes the elements from the bathymetry: add it");
  GridArea area;
  area.window = RasterWindow{r.lon0, r.lon1, r.lat0, r.lat1};
  area.crs = RasterRequest::Crs::geographic;
  const Bathymetry bed = Bathymetry::read(cfg.table("bathymetry"), cfg, area);
  const Lattice L = size_field(r, bed, D);
  RegionMesh out;
  out.sizes = L;
  out.estimated = std::int64_t(estimate(L, D));
  spdlog::info("region: {} x {} size samples, sizes {:.0f}-{:.0f} m, about {} triangles", L.nlon,
               L.nlat, *std::min_element(L.metres.begin(), L.metres.end()),
               *std::max_element(L.metres.begin(), L.metres.end()), out.estimated);
  if (out.estimated > max_elements)
    fail(ExitCode::bad_case,
         fmt::format("{}: the size field asks for about {} triangles, more than the limit of {} "
                     "(coarser region sizes, or raise --max-elements)",
                     cfg.source(), out.estimated, max_elements));
#ifdef TRIDG_WITH_GMSH
  RawMesh raw = mesh_region({r.lon0, r.lon1, r.lat0, r.lat1}, L, D);
  raw.source = cfg.source() + " [region]";
  out.mesh = build_connectivity(raw);
  out.min_edge = 1e300;
  for (const Edge& e : out.mesh.edges) {
    const double d = great_circle_distance(out.mesh.x[e.n0], out.mesh.y[e.n0], out.mesh.x[e.n1],
                                           out.mesh.y[e.n1], geo.radius);
    out.min_edge = std::min(out.min_edge, d);
    out.max_edge = std::max(out.max_edge, d);
  }
  return out;
#else
  fail(ExitCode::bad_mesh, "this build of tridg has no Gmsh support: tridg region needs it");
#endif
}

} // namespace tridg
