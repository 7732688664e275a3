// The level of a shore cell: the water of a nearly dry cell must not stand higher than its
// volume allows. A sample weight that is zero in exact arithmetic but 1e-16 after rounding once
// put the level of a cell holding 2.6e-19 m of water 2.3 mm above its flat bed, and that phantom
// water drained the cell to a negative depth (the Okushiri benchmark at Aonae).
#include <doctest/doctest.h>

#include "compiled_orders.hpp"
#include "core/basis.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "physics/shallow_water/bed.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

TEST_CASE("shore level: the sample weights are zero or well above rounding") {
  for (int p = 1; p <= 4; ++p) {
    const BasisTables t = make_basis_tables(p);
    const SwSampleRule rule = sw_sample_rule(t);
    for (std::size_t q = 0; q < rule.lambda.size(); ++q) {
      INFO("p = " << p << ", volume point " << q << ": weight " << rule.lambda[q]);
      CHECK((rule.lambda[q] == 0 || rule.lambda[q] > 1e-10 * t.vw[q]));
    }
  }
}

TEST_CASE("shore level: a film of 1e-19 m on a flat bed stands within 1e-12 m of the bed") {
  for (int p = 1; p <= 3; ++p) {
    TRIDG_SKIP_ORDER(p, continue)
    const Mesh mesh = case_mesh("meshes/unit_square.geo", 0);
    // A flat bed at 5 m whose projection varies by rounding only, as on the Aonae grid.
    const SwBed bed(mesh, p, Bathymetry(5.000000000000001), 9.81);
    SwSettings<double> ph;
    ph.dry_depth = 0.01;
    double worst = 0;
    int shore = 0; // a cell whose samples all round to one value is wet at any depth
    for (int k = 0; k < mesh.n_elems(); ++k) {
      const SwCell<double> c = bed.cell(ph, k, 2.6e-19, 0, 0);
      if (c.kind != sw_shore) continue;
      ++shore;
      worst = std::max(worst, c.level - bed.mean(k));
    }
    INFO("p = " << p << ": " << shore << " shore cells");
    CHECK(shore > 0);
    CHECK(worst < 1e-12);
  }
}
