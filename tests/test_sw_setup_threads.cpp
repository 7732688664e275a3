// The shallow-water set-up runs element by element on all threads: the bed's projection (an
// expression, evaluated through a copy per thread), its rows for the kernels, the initial state's
// projection (a level over an island: wet and shore cells) and the geographic integrals. None of
// their bits may depend on the thread count.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "compiled_orders.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

TEST_CASE("the shallow-water set-up does not depend on the thread count") {
  const int p = 2;
  TRIDG_SKIP_ORDER(p, return );
  const std::vector<std::string> sets = {
      "time.steps=2", "output.interval=0",
      "initial.eta=\"0.5 + 2 * exp(-((x - 139.25)^2 + (y - 42.3)^2) / 0.005)\""};
  Scratch one("setup_1_thread"), three("setup_3_threads");
  const RunResult a = test::run_cpu_quiet(source_path("cases/lake_at_rest_geographic.toml"), p, 0,
                                          sets, one.path(), "", 1);
  const RunResult b = test::run_cpu_quiet(source_path("cases/lake_at_rest_geographic.toml"), p, 0,
                                          sets, three.path(), "", 3);
  auto same = [](const std::vector<double>& x, const std::vector<double>& y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0;
  };
  REQUIRE(!a.final_state.empty());
  CHECK(same(a.final_state, b.final_state));
  CHECK(same(a.conserved_initial, b.conserved_initial));
  CHECK(same(a.conserved_final, b.conserved_final));
}
