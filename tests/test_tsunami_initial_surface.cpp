// The initial sea surface from a raster ([initial] surface = "file"): shallow water and linear
// shallow water, on the plane and on the sphere, with and without surface_outside. The rasters
// are ESRI ASCII (read through GDAL) of a linear field, which bilinear interpolation and the
// p = 1 projection reproduce exactly.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "compiled_orders.hpp"
#include "grid_test_util.hpp"
#include "io/config.hpp"
#include "io/raster.hpp"
#include "physics/linear_shallow_water/case.hpp"
#include "physics/shallow_water/case.hpp"
#include "solver/run_settings.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::gridtest;
using namespace tridg::swtest;

namespace {

// An ESRI ASCII raster of eta(x, y) = a + bx x + by y on n x n cells of size d from (x0, y0).
void write_surface(const std::string& path, double x0, double y0, double d, int n, double a,
                   double bx, double by) {
  std::string s = "ncols " + std::to_string(n) + "\nnrows " + std::to_string(n) + "\nxllcorner " +
                  std::to_string(x0) + "\nyllcorner " + std::to_string(y0) + "\ncellsize " +
                  std::to_string(d) + "\n";
  char buf[64];
  for (int j = n - 1; j >= 0; --j) {
    for (int i = 0; i < n; ++i) {
      std::snprintf(buf, sizeof buf, "%.17g ",
                    a + bx * (x0 + (i + 0.5) * d) + by * (y0 + (j + 0.5) * d));
      s += buf;
    }
    s += "\n";
  }
  write(path, s);
}

// The largest difference between each element's mean of h (from the initial coefficients) and
// f at its centroid: equal for a linear f on a triangle of the plane.
template <class F> double worst_mean_depth(const Mesh& mesh, const std::vector<double>& c0, F f) {
  const int E = mesh.n_elems();
  double err = 0;
  for (int k = 0; k < E; ++k) {
    const auto& t = mesh.tri[std::size_t(k)];
    const double xc = (mesh.x[t[0]] + mesh.x[t[1]] + mesh.x[t[2]]) / 3;
    const double yc = (mesh.y[t[0]] + mesh.y[t[1]] + mesh.y[t[2]]) / 3;
    err = std::max(err, std::abs(mean(c0, 1, E, 0, k) - f(xc, yc)));
  }
  return err;
}

struct Setup {
  Config cfg;
  RunSettings s;
};

Setup load(const Scratch& dir, const std::string& text) {
  write(dir.file("case.toml"), text);
  Setup st{Config::load(dir.file("case.toml")), {}};
  st.s = case_settings(st.cfg, dir.file("case.toml"), dir.path());
  return st;
}

std::string plane_case(const std::string& physics, const std::string& initial) {
  return "[physics]\ntype = \"" + physics + "\"\n[mesh]\nfile = \"" +
         source_path("meshes/unit_square.geo") +
         "\"\n[discretization]\norder = 1\n[time]\nscheme = \"ssprk2\"\nsteps = 1\n"
         "[limiter]\ntype = \"none\"\n[bathymetry]\ndepth = \"1\"\n[initial]\n" +
         initial + "\n[boundary.boundary]\ntype = \"wall\"\n";
}

} // namespace

TEST_CASE("initial surface: a raster over the plane, shallow water and linear shallow water") {
  TRIDG_SKIP_ORDER(1, return )
  if (!have_gdal()) return;
  Scratch dir("surface");
  write_surface(dir.file("eta.asc"), -0.2, -0.2, 0.1, 14, 0.01, 0.02, -0.03);
  const Mesh mesh = case_mesh("meshes/unit_square.geo", 0);
  const auto eta = [](double x, double y) { return 0.01 + 0.02 * x - 0.03 * y; };
  {
    Setup st = load(dir, plane_case("shallow_water", "type = \"level\"\nsurface = \"eta.asc\""));
    const SwCase c = make_sw_case(st.cfg, st.s, mesh);
    st.cfg.check_all_used();
    const double err = worst_mean_depth(mesh, c.problem.initial_coeffs(),
                                        [&](double x, double y) { return 1 + eta(x, y); });
    CHECK(err < 1e-13); // the mean depth of a linear surface over a flat bed
  }
  {
    Setup st = load(
        dir, plane_case("linear_shallow_water", "type = \"expression\"\nsurface = \"eta.asc\""));
    const LswCase c = make_lsw_case(st.cfg, st.s, mesh);
    double u[3];
    for (double x : {0.0, 0.33, 1.0})
      for (double y : {0.0, 0.71, 1.0}) {
        c.problem.initial(x, y, u);
        CHECK(u[0] == doctest::Approx(eta(x, y)).epsilon(1e-13));
      }
  }
  // Both an expression and a raster is an error; so is a raster that misses the mesh without
  // surface_outside, naming the point.
  Setup both = load(
      dir, plane_case("shallow_water", "type = \"level\"\neta = \"0\"\nsurface = \"eta.asc\""));
  CHECK(contains(error_of([&] { make_sw_case(both.cfg, both.s, mesh); }),
                 "initial.eta: give the surface as eta = \"expression\" or surface = \"raster\", "
                 "not both"));
  write_surface(dir.file("half.asc"), 0.5, -0.2, 0.1, 14, 0.01, 0.02, -0.03);
  Setup half = load(dir, plane_case("shallow_water", "type = \"level\"\nsurface = \"half.asc\""));
  CHECK(contains(error_of([&] { make_sw_case(half.cfg, half.s, mesh).problem.initial_coeffs(); }),
                 "has no value at ("));
  Setup outside = load(dir, plane_case("shallow_water", "type = \"level\"\nsurface = "
                                                        "\"half.asc\"\nsurface_outside = 0.25"));
  const SwCase c = make_sw_case(outside.cfg, outside.s, mesh);
  const std::vector<double> c0 = c.problem.initial_coeffs();
  // An element left of x = 0.45 lies wholly outside the raster's cover: its surface is 0.25.
  const int E = mesh.n_elems();
  int checked = 0;
  for (int k = 0; k < E; ++k) {
    const auto& t = mesh.tri[std::size_t(k)];
    if (std::max({mesh.x[t[0]], mesh.x[t[1]], mesh.x[t[2]]}) < 0.45) {
      CHECK(mean(c0, 1, E, 0, k) == doctest::Approx(1.25).epsilon(1e-14));
      ++checked;
    }
  }
  CHECK(checked > 10);
}

TEST_CASE("initial surface: a raster in degrees on a geographic mesh") {
  TRIDG_SKIP_ORDER(1, return )
  if (!have_gdal()) return;
  Scratch dir("surface_geo");
  // 138.9-140.1 E, 41.9-43.1 N around the 1 x 1 degree box of geographic_box.geo.
  write_surface(dir.file("eta.asc"), 138.9, 41.9, 0.05, 24, 0.5, 0.1, -0.2);
  write(dir.file("case.toml"),
        "[physics]\ntype = \"shallow_water\"\n[mesh]\nfile = \"" +
            source_path("meshes/geographic_box.geo") +
            "\"\ncoordinates = \"geographic\"\n[discretization]\norder = 1\n[time]\nscheme = "
            "\"ssprk2\"\nsteps = 1\n[limiter]\ntype = \"none\"\n[bathymetry]\ndepth = "
            "\"100\"\n[initial]\ntype = \"level\"\nsurface = \"eta.asc\"\n[boundary.wall]\n"
            "type = \"wall\"\n");
  Setup st{Config::load(dir.file("case.toml")), {}};
  st.s = case_settings(st.cfg, dir.file("case.toml"), dir.path());
  const Mesh mesh = case_mesh("meshes/geographic_box.geo", 0);
  const SwCase c = make_sw_case(st.cfg, st.s, mesh);
  const double err = worst_mean_depth(mesh, c.problem.initial_coeffs(), [](double x, double y) {
    return 100 + 0.5 + 0.1 * x - 0.2 * y;
  });
  // The mean over a triangle in (lon, lat) of a field linear in both: its centroid value, up to
  // the cos(latitude) weight of the area on the sphere, which moves the mean by
  // 0.2 times the shift of the weighted centroid, at most h^2 tan(lat) / 36 (2.6e-4 degrees for
  // cells of 0.1 degree); a raster read half a cell off would be off by 2.5e-3.
  CHECK(err < 1e-4);
}
