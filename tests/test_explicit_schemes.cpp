// The explicit Runge-Kutta schemes (solver/time_schemes.cpp): each one's temporal order on the
// isentropic vortex at fixed steps, against classic RK4 at a step eight times smaller (the space
// error is the same in all runs, so the differences are the time error alone). Classic RK4's
// own error at steps this mesh allows is 1e-11 to 3e-10, at the reference's round-off: its order
// cannot be seen here.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "compiled_orders.hpp"
#include "euler_test_util.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

RunResult vortex(const std::string& scheme, double dt, double end) {
  return run_quiet(source_path("cases/isentropic_vortex.toml"), 2, 0,
                   {"time.scheme=\"" + scheme + "\"", "time.dt=" + std::to_string(dt),
                    "time.end=" + std::to_string(end), "limiter.type=\"none\""});
}

} // namespace

TEST_CASE("explicit schemes: temporal orders 2, 2, 2 and 3 on the isentropic vortex") {
  if (!order_compiled(2)) return;
  // p = 2, steps of 0.004, 0.002 and 0.001 (the case's own RK4 step is about 0.0085) to t = 0.5.
  // Measured: SSP-RK2 7.4e-7, 1.9e-7, 4.6e-8; lsssprk42 2.5e-7, 6.2e-8, 1.5e-8; lsssprk92
  // 9.3e-8, 2.3e-8, 5.8e-9 (a third and an eighth of SSP-RK2's error at the same step); SSP-RK3
  // 5.1e-9, 6.5e-10, 8.1e-11: rates 2.00, 2.00, 2.00, 3.00.
  const double end = 0.5;
  const RunResult ref = vortex("rk4", 0.000125, end);
  struct Scheme {
    const char* name;
    double order;
  };
  for (const Scheme sc :
       {Scheme{"ssprk2", 2}, Scheme{"lsssprk42", 2}, Scheme{"lsssprk92", 2}, Scheme{"ssprk3", 3}}) {
    std::vector<double> err;
    for (const double dt : {0.004, 0.002, 0.001}) {
      const RunResult r = vortex(sc.name, dt, end);
      REQUIRE(r.final_time == end);
      err.push_back(rms_diff(r.final_state, ref.final_state));
    }
    const double r1 = std::log2(err[0] / err[1]), r2 = std::log2(err[1] / err[2]);
    MESSAGE(std::string(sc.name) << ": " << err[0] << ", " << err[1] << ", " << err[2] << "; rates "
                                 << r1 << ", " << r2);
    CAPTURE(sc.name);
    CHECK(std::abs(r2 - sc.order) < 0.3);
    CHECK(r1 > sc.order - 0.5);
  }
}
