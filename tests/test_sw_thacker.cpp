// Thacker's planar surface in a paraboloid bowl (cases/thacker_bowl.toml, p = 1): the water is a
// disc whose centre circles the bowl, so the shoreline moves through the mesh all the time. The
// test follows the water's centre of mass (for the exact solution, the disc's centre) and the L1
// error of the depth at snapshots over half a period, and checks that the volume is conserved to
// round-off. The bounds are a few times the measured errors of this mesh (about 1 % of the
// disc's radius for the centre, a few % of the volume for the depth).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "io/solution_h5.hpp"
#include "physics/shallow_water/exact.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

// Runs the bowl with `scheme` and checks the orbit, the depth and the volume; returns its steps.
long check_bowl(const std::string& scheme) {
  Thacker th;
  th.h0 = 0.1;
  th.a = 1;
  th.eta = 0.5;
  th.xc = th.yc = 2;
  const double period = 2 * M_PI / th.omega();
  Scratch out("thacker_" + scheme);
  spdlog::set_level(spdlog::level::warn);
  RunOptions opt;
  opt.case_path = source_path("cases/thacker_bowl.toml");
  opt.output_dir = out.path();
  opt.device = "cpu";
  opt.quiet = true;
  char end[64], every[64];
  std::snprintf(end, sizeof end, "time.end=%.17g", period / 2);
  std::snprintf(every, sizeof every, "output.interval=%.17g", period / 8);
  opt.overrides = {"mesh.size=1.5", end, every, "output.gmsh=false",
                   "time.scheme=\"" + scheme + "\""};
  const RunResult r = run_case(opt);
  CHECK(relative_change(r, 0) <= 1e-14);
  MeshOptions mo;
  mo.size_factor = 1.5;
  const Mesh mesh = load_mesh(source_path("meshes/thacker.geo"), mo);
  const int E = mesh.n_elems();
  const double volume = r.conserved_initial[0];
  for (int i = 1; i <= 4; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "solution_%04d.h5", i);
    const Snapshot s = read_snapshot_h5(out.file(name), mesh);
    CAPTURE(s.time);
    CHECK(s.time == doctest::Approx(i * period / 8).epsilon(1e-9));
    double mx = 0, my = 0, m = 0;
    for (int k = 0; k < E; ++k) {
      const ElementMap g = element_map(mesh, k);
      const double w = mean(s.coeffs, 1, E, 0, k) * g.det() / 2;
      m += w;
      mx += w * (g.x0 + g.x1 + g.x2) / 3;
      my += w * (g.y0 + g.y1 + g.y2) / 3;
    }
    const auto c = th.centre(s.time);
    const double centre_error = std::hypot(mx / m - c[0], my / m - c[1]);
    const double l1 = l1_depth_error(mesh, s.coeffs, 1,
                                     [&](double x, double y) { return th.at(x, y, s.time)[0]; });
    MESSAGE("t = " << s.time << ": centre (" << mx / m << ", " << my / m << "), exact (" << c[0]
                   << ", " << c[1] << "), error " << centre_error << "; L1 depth error "
                   << l1 / volume << " of the volume");
    CHECK(centre_error < 0.03);
    CHECK(l1 / volume < 0.1);
  }
  return r.steps;
}

} // namespace

TEST_CASE("Thacker's bowl: the wet disc follows the exact orbit, depth error small") {
  const long rk2 = check_bowl("ssprk2");
  // The four-stage SSP scheme at three times SSP-RK2's step: the moving shoreline stays
  // positive and in place, the volume to round-off.
  const long ls42 = check_bowl("lsssprk42");
  // ... and the nine-stage one at eight times.
  const long ls92 = check_bowl("lsssprk92");
  MESSAGE("steps: ssprk2 " << rk2 << ", lsssprk42 " << ls42 << ", lsssprk92 " << ls92);
  CHECK(std::abs(3.0 * double(ls42) / double(rk2) - 1) < 0.05);
  CHECK(std::abs(8.0 * double(ls92) / double(rk2) - 1) < 0.1);
}
