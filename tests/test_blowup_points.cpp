// Non-physical states inside elements, not only in their averages (double Mach reflection
// without a slope limiter at a CFL number far too large, on a coarse mesh):
//  * without the positivity fix a start state that is not admissible at its points is refused
//    (exit 3, naming the element); a run that becomes non-physical at points ends as diverged
//    (exit 6), and the state it keeps, last_good.h5, is admissible at every point the scheme
//    and the viewer use;
//  * with the positivity fix (and no slope limiter) the fix covers the view points too, so no
//    output shows a negative density or pressure.
#include <doctest/doctest.h>

#include "cli_run.hpp"

using namespace tridg_test;

namespace {

const std::string kCheck = R"py(import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
rho = f["viz/point/rho"][()]
p = f["viz/point/p"][()]
assert np.all(np.isfinite(rho)) and np.all(np.isfinite(p))
assert rho.min() > 0, rho.min()
assert p.min() > 0, p.min()
print("ok")
)py";

// Density and pressure at every view point of `file` are finite and positive (needs h5py).
void check_points_positive(const TempDir& d, const fs::path& file) {
  check_with_h5py(d, kCheck, file);
}

std::string run_args(const TempDir& d, bool positivity) {
  return "run " + quote(source_path("cases/double_mach.toml")) +
         " --device cpu -q --set mesh.size=4 --set limiter.type=none --set time.cfl=5"
         " --set output.gmsh=false --set limiter.positivity=" +
         (positivity ? "true" : "false") + " -o " + quote((d / "o").string());
}

} // namespace

TEST_CASE("without the positivity fix a state bad inside elements never passes for good") {
  {
    // The projected Mach 10 shock overshoots to negative pressures at vertices.
    TempDir d("blowup_start");
    const CmdResult r = run_tridg(run_args(d, false), d.path);
    INFO(r.err);
    CHECK(r.code == 3);
    CHECK(r.err.find("value at a point") != std::string::npos);
    CHECK(r.err.find("limiter.positivity") != std::string::npos);
  }
  {
    // A smooth start that the far too large CFL number destroys within a few steps.
    TempDir d("blowup_points");
    const CmdResult r =
        run_tridg("run " + quote(source_path("cases/isentropic_vortex.toml")) +
                      " --device cpu -q --set time.cfl=8 --set time.end=10 --set output.gmsh=false"
                      " -o " +
                      quote((d / "o").string()),
                  d.path);
    INFO(r.err);
    REQUIRE(r.code == 6);
    REQUIRE(fs::exists(d / "o" / "last_good.h5"));
    check_points_positive(d, d / "o" / "last_good.h5");
  }
}

TEST_CASE("with the positivity fix no output shows a negative density or pressure") {
  TempDir d("positive_points");
  const CmdResult r = run_tridg(run_args(d, true), d.path);
  INFO(r.err);
  REQUIRE((r.code == 0 || r.code == 6));
  check_points_positive(d, d / "o" / (r.code == 0 ? "final.h5" : "last_good.h5"));
}
