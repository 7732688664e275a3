// `tridg region` (tsunami/region_mesh.hpp): a longitude-latitude box meshed from the bathymetry.
// On a sloping sea with an island and a harbour area: the triangles have the sizes of the
// field (the wavelength's share offshore, the coast's size on the shore, the area's size in
// the area), finer at the coast than offshore, and the box's sides are the four boundary
// groups; bad regions are one-line errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "io/config.hpp"
#include "io/error.hpp"
#include "mesh_checks.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "test_support.hpp"
#include "tsunami/region_mesh.hpp"

using namespace tridg;

namespace {

// The sea deepens westwards to 2000 m (the coast near 139.95 E), with an island at
// (139.3 E, 42.5 N) rising 1500 m from the sea floor; a harbour area in the north-east.
const std::string kCase = R"toml([physics]
type = "shallow_water"
[mesh]
file = "r.h5"
coordinates = "geographic"
[bathymetry]
elevation = "-2000 + 2100 * (x - 139) + 1500 * exp(-((x - 139.3)^2 + (y - 42.5)^2) / 0.005)"
[region]
lon = [139.0, 140.0]
lat = [42.0, 43.0]
period = 300
points_per_wavelength = 10
min_size = 200
max_size = 8000
coast_size = 500
grading = 0.3
land_up_to = 20
[[region.area]]
name = "harbour"
lon = [139.7, 139.8]
lat = [42.7, 42.8]
size = 250
)toml";

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

TEST_CASE("a region's triangles follow the tsunami size field") {
  const Config cfg = Config::parse(kCase, "region.toml");
  const RegionMesh r = make_region_mesh(cfg, 1000000);
  const Mesh& m = r.mesh;
  const Bathymetry bed = Bathymetry::read(cfg.table("bathymetry"), cfg);
  MESSAGE(m.n_elems() << " triangles (about " << r.estimated << " asked for), edges " << r.min_edge
                      << " - " << r.max_edge << " m");
  CHECK(m.n_elems() > 1000);
  // The element count the field asks for is what Gmsh makes, within 25 %.
  CHECK(double(m.n_elems()) == doctest::Approx(double(r.estimated)).epsilon(0.25));
  std::vector<double> ratio, coast, deep, harbour;
  for (int k = 0; k < m.n_elems(); ++k) {
    const auto& n = m.tri[k];
    double len = 0;
    for (int s = 0; s < 3; ++s)
      len += great_circle_distance(m.x[n[s]], m.y[n[s]], m.x[n[(s + 1) % 3]], m.y[n[(s + 1) % 3]],
                                   6371000.0) /
             3;
    const double xc = (m.x[n[0]] + m.x[n[1]] + m.x[n[2]]) / 3;
    const double yc = (m.y[n[0]] + m.y[n[1]] + m.y[n[2]]) / 3;
    ratio.push_back(len / r.sizes.at(xc, yc));
    const double b = bed(xc, yc);
    if (std::abs(b) < 20) coast.push_back(len);
    if (b < -1500) deep.push_back(len);
    if (xc > 139.71 && xc < 139.79 && yc > 42.71 && yc < 42.79) harbour.push_back(len);
  }
  // Gmsh's triangles have the field's size at their centroid: the median within 20 %, and 90 %
  // within a factor 1.6 (the field changes across a triangle and Gmsh rounds edge counts).
  std::sort(ratio.begin(), ratio.end());
  const double med = ratio[ratio.size() / 2];
  const double lo = ratio[ratio.size() / 20], hi = ratio[ratio.size() * 19 / 20];
  MESSAGE("edge / field: median " << med << ", 5 % " << lo << ", 95 % " << hi);
  CHECK(med > 0.8);
  CHECK(med < 1.2);
  CHECK(lo > 1 / 1.6);
  CHECK(hi < 1.6);
  // Offshore the wavelength's share: sqrt(9.81 * 2000) * 300 / 10 = 4202 m at 2000 m, graded
  // from the coast; at the coast 500 m; in the harbour 250 m.
  REQUIRE(!coast.empty());
  REQUIRE(!deep.empty());
  REQUIRE(!harbour.empty());
  MESSAGE("median edges: coast " << median(coast) << " m, deep " << median(deep) << " m, harbour "
                                 << median(harbour) << " m");
  CHECK(median(coast) < 0.25 * median(deep));
  CHECK(median(coast) == doctest::Approx(500).epsilon(0.3));
  CHECK(median(harbour) == doctest::Approx(250).epsilon(0.3));
  CHECK(median(deep) > 2500);
  for (const char* side : {"south", "east", "north", "west"}) {
    CAPTURE(side);
    const auto g = std::find_if(m.groups.begin(), m.groups.end(),
                                [&](const BoundaryGroup& bg) { return bg.name == side; });
    REQUIRE(g != m.groups.end());
    CHECK(g->count > 5);
  }
}

TEST_CASE("an area's size holds on its land only up to its land_up_to") {
  // An area over the island (its top about 130 m above the sea), first on all of it, then on
  // its water and land up to 20 m.
  const std::string area = "[[region.area]]\nname = \"island\"\nlon = [139.2, 139.4]\n"
                           "lat = [42.4, 42.6]\nsize = 300\n";
  const RegionMesh all = make_region_mesh(Config::parse(kCase + area, "region.toml"), 1000000);
  const RegionMesh low =
      make_region_mesh(Config::parse(kCase + area + "land_up_to = 20\n", "region.toml"), 1000000);
  CHECK(all.sizes.at(139.3, 42.5) == doctest::Approx(300));
  CHECK(low.sizes.at(139.3, 42.5) > 2 * 300); // high land: its own size, graded from the shore
  CHECK(low.sizes.at(139.22, 42.42) == doctest::Approx(300)); // the area's water
  CHECK(low.mesh.n_elems() < all.mesh.n_elems());
}

TEST_CASE("bad regions are one-line errors") {
  const std::string base = kCase;
  auto error_of = [&](const std::string& from, const std::string& to, std::int64_t max = 1000000) {
    std::string t = base;
    if (!from.empty()) t.replace(t.find(from), from.size(), to);
    return test::user_error_of([&] { make_region_mesh(Config::parse(t, "r.toml"), max); },
                               ExitCode::bad_case);
  };
  CHECK(error_of("lat = [42.0, 43.0]", "lat = [43.0, 42.0]").find("region.lat") !=
        std::string::npos);
  CHECK(error_of("lat = [42.0, 43.0]", "lat = [42.0, 90.0]").find("region.lat") !=
        std::string::npos);
  CHECK(
      error_of("coordinates = \"geographic\"", "coordinates = \"cartesian\"").find("geographic") !=
      std::string::npos);
  CHECK(error_of("", "", 1000).find("--max-elements") != std::string::npos);
  CHECK(error_of("size = 250", "size = 50").find("region.area") != std::string::npos);
}
