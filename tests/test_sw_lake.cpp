// Lake at rest around an emerged bump (cases/lake_at_rest.toml): the shoreline cuts through
// elements, so wet, shore (partially wet) and dry cells all meet. The well-balanced scheme must
// keep the water at rest to round-off at every order: after 1000 steps every momentum
// coefficient stays below 1e-12 (round-off per step is about 1e-17 here), the gauges read the
// still level, and the water volume is unchanged to round-off.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "compiled_orders.hpp"
#include "io/time_series.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

TEST_CASE("lake at rest over an emerged bump stays at rest to round-off (p = 1, 2, 3)") {
  for (int p = 1; p <= 3; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    Scratch out("lake");
    const RunResult r = run_sw("cases/lake_at_rest.toml", p, -1, {}, out.path());
    CHECK(r.steps == 1000);
    const Mesh mesh = case_mesh("meshes/lake.geo", 0);
    const int E = mesh.n_elems();
    const CellKinds kinds = cell_kinds(r.final_state, p, E);
    check_all_kinds(kinds);
    const double qmax = max_momentum(r.final_state, p, E);
    MESSAGE("p = " << p << ": max |hu|, |hv| coefficient after 1000 steps " << qmax << " ("
                   << kinds.wet << " wet, " << kinds.shore << " shore, " << kinds.dry
                   << " dry cells)");
    CHECK(qmax <= 1e-12);
    CHECK(relative_change(r, 0) <= 1e-14);
    // The gauges: the deep one reads the still level, the one on the bump's top the dry bed.
    const Columns g = read_columns(out.file("gauges.csv"), 4);
    CHECK(g.rows() > 10);
    for (double eta : g.data[g.column("deep")]) CHECK(std::abs(eta) <= 1e-12);
    for (double eta : g.data[g.column("top")]) CHECK(eta > 0.15);
  }
}

TEST_CASE(
    "a film thinner than dry_depth leaves the limiter without momentum (means written back)") {
  // The lake's bed covered by 5e-5 m of water (physics.dry_depth is 1e-4 m) moving at 0.3 m/s:
  // limited_mean takes the momentum out of every such film, and the limiter writes a cell's
  // means back only where that step changed them. After the first step's last limiter pass
  // every film's momentum means must be zero; without the write-back they keep 1.5e-5.
  Scratch out("film");
  const RunResult r = run_sw(
      "cases/lake_at_rest.toml", 1, -1,
      {"time.steps=1", "initial.eta=\"-0.2 + 0.4 * exp(-20 * ((x - 0.5)^2 + (y - 0.5)^2)) + 5e-5\"",
       "initial.u=\"0.3\""},
      out.path());
  CHECK(r.steps == 1);
  const int E = int(r.final_state.size() / (3 * n_modes(1)));
  int films = 0;
  for (int k = 0; k < E; ++k) {
    if (!(mean(r.final_state, 1, E, 0, k) < 1e-4)) continue;
    ++films;
    CHECK(mean(r.final_state, 1, E, 1, k) == 0);
    CHECK(mean(r.final_state, 1, E, 2, k) == 0);
  }
  MESSAGE(films << " of " << E << " cells are films after the step");
  // 60 of 242: the others start thicker than 1e-4 m, since the depth is the level minus the bed
  // as the p = 1 basis represents it.
  CHECK(films >= E / 8);
}
