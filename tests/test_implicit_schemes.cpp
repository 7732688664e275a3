// The implicit time schemes: ESDIRK3's tableau, the temporal orders of BDF2 and ESDIRK3 on the
// isentropic vortex, conservation, independence of the thread count, and the errors a user sees.
#include <doctest/doctest.h>
#include <omp.h>

#include <cmath>
#include <string>
#include <vector>

#include "backends/implicit/esdirk.hpp"
#include "compiled_orders.hpp"
#include "euler_test_util.hpp"
#include "io/error.hpp"
#include "solver_stat.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

RunResult vortex(const std::string& scheme, int p, double dt, double end,
                 std::vector<std::string> extra = {}, int threads = 0) {
  extra.push_back("time.scheme=\"" + scheme + "\"");
  extra.push_back("time.dt=" + std::to_string(dt));
  extra.push_back("time.end=" + std::to_string(end));
  extra.push_back("implicit.newton_tol=1e-12");
  extra.push_back("implicit.gmres_tol=1e-10");
  return run_quiet(source_path("cases/isentropic_vortex.toml"), p, 0, extra, "", threads);
}

} // namespace

TEST_CASE("ESDIRK3 tableau: third-order conditions, embedded second order, stiffly accurate") {
  using S = Esdirk3;
  double sb = 0, sbc = 0, sbc2 = 0, sbac = 0, sbh = 0, sbhc = 0;
  for (int i = 0; i < 4; ++i) {
    double row = 0, ac = 0;
    for (int j = 0; j < 4; ++j) {
      row += S::a[i][j];
      ac += S::a[i][j] * S::c[j];
    }
    CHECK(std::abs(row - S::c[i]) < 1e-15); // c_i = sum_j a_ij
    const double b = S::a[3][i];
    sb += b;
    sbc += b * S::c[i];
    sbc2 += b * S::c[i] * S::c[i];
    sbac += b * ac;
    sbh += S::b_hat[i];
    sbhc += S::b_hat[i] * S::c[i];
    CHECK(S::a[i][i] == (i == 0 ? 0.0 : S::gamma));
  }
  // The fractions are the published 13-digit rationals: the conditions hold to about 1e-12.
  CHECK(std::abs(sb - 1) < 1e-12);
  CHECK(std::abs(sbc - 0.5) < 1e-12);
  CHECK(std::abs(sbc2 - 1.0 / 3) < 1e-12);
  CHECK(std::abs(sbac - 1.0 / 6) < 1e-12);
  CHECK(std::abs(sbh - 1) < 1e-12);
  CHECK(std::abs(sbhc - 0.5) < 1e-12);
  // L-stability's root: gamma solves 6 g^3 - 18 g^2 + 9 g - 1 = 0 (the b of an SA ESDIRK3).
  const double g = S::gamma;
  CHECK(std::abs(6 * g * g * g - 18 * g * g + 9 * g - 1) < 1e-12);
}

TEST_CASE("BDF2 and ESDIRK3: temporal orders 2 and 3 on the isentropic vortex") {
  if (!order_compiled(2)) return;
  // p = 2 on 162 elements, fixed steps of dt = 0.1, 0.05, 0.025 (CFL about 1.6 to 0.4 of the
  // explicit limit's 1/(2p+1) scale). Differences against ESDIRK3 with dt = 0.00625 isolate the
  // time error (the space error is the same in all). Measured:
  //   BDF2:    1.610e-3, 4.354e-4, 1.120e-4   rates 1.89, 1.96
  //   ESDIRK3: 3.047e-5, 4.198e-6, 5.409e-7   rates 2.86, 2.96
  // (at dt = 0.2 both are still pre-asymptotic: 1.7 and 2.7).
  const double end = 1.0;
  const RunResult ref = vortex("esdirk3", 2, 0.00625, end);
  for (const std::string scheme : {"bdf2", "esdirk3"}) {
    std::vector<double> err;
    for (const double dt : {0.1, 0.05, 0.025}) {
      const RunResult r = vortex(scheme, 2, dt, end);
      REQUIRE(r.final_time == end);
      err.push_back(rms_diff(r.final_state, ref.final_state));
    }
    const double r1 = std::log2(err[0] / err[1]), r2 = std::log2(err[1] / err[2]);
    const double order = scheme == "bdf2" ? 2 : 3;
    CAPTURE(scheme);
    CAPTURE(err[0]);
    CAPTURE(err[1]);
    CAPTURE(err[2]);
    CHECK(std::abs(r1 - order) < 0.3);
    CHECK(std::abs(r2 - order) < 0.3);
  }
}

TEST_CASE("BDF2 on linearised shallow water: second order against the exact standing wave") {
  if (!order_compiled(2)) return;
  // p = 2 on the case's 208 elements, to t = 0.15, a third of the period.
  // Measured: 8.87e-5 (dt = 0.01), 2.31e-5 (dt = 0.005) in eta's L2 error: rate 1.94.
  std::vector<double> err;
  for (const double dt : {0.01, 0.005}) {
    ScratchDir dir("lsw_bdf2");
    const RunResult r =
        run_cpu_quiet(source_path("cases/standing_wave.toml"), 2, -1,
                      {"time.scheme=\"bdf2\"", "time.dt=" + std::to_string(dt)}, dir.file("out"),
                      source_path("meshes/prepared/unit_square_s4.h5"));
    REQUIRE(r.l2_error.size() == 3);
    CHECK(r.final_time == doctest::Approx(0.15).epsilon(1e-12));
    // A linear system: Newton's first update solves it to GMRES's tolerance.
    CHECK(stat(r, "newton_iterations") <= 3 * double(r.steps));
    err.push_back(r.l2_error[0]);
  }
  CAPTURE(err[0]);
  CAPTURE(err[1]);
  CHECK(std::log2(err[0] / err[1]) > 1.8);
}

TEST_CASE("implicit steps conserve to round-off and do not depend on the thread count") {
  const RunResult one = vortex("bdf2", 1, 0.1, 0.5, {}, 1);
  const RunResult many = vortex("bdf2", 1, 0.1, 0.5, {}, std::max(2, omp_get_max_threads()));
  CHECK(differing_bits(one.final_state, many.final_state) == 0);
  for (int v = 0; v < 4; ++v) {
    const double drift = std::abs(many.conserved_final[v] - many.conserved_initial[v]);
    // Each Newton update is a sum of DG residuals, whose element integrals cancel pairwise
    // across edges: the totals move only by the solves' round-off.
    CHECK(drift < 1e-12 * (1 + std::abs(many.conserved_initial[v])));
  }
}

TEST_CASE("a Newton solve that cannot converge is a clear error") {
  try {
    vortex("bdf2", 1, 2.0, 4.0, {"implicit.newton_max=1"});
    FAIL("the run should have failed");
  } catch (const UserError& e) {
    const std::string what = e.what();
    CAPTURE(what);
    CHECK(e.code() == ExitCode::diverged);
    CHECK(what.find("Newton did not converge in 1 iterations") != std::string::npos);
    CHECK(what.find("last good state saved") != std::string::npos);
  }
}

TEST_CASE("implicit settings: keys checked, limiter refused") {
  CHECK_THROWS_WITH_AS(vortex("ssprk2", 1, 0.01, 0.02, {"implicit.newton_max=3"}),
                       doctest::Contains("is for the implicit and steady schemes"), UserError);
  CHECK_THROWS_WITH_AS(vortex("bdf2", 1, 0.1, 0.2, {"limiter.type=\"barth_jespersen\""}),
                       doctest::Contains("without the limiter"), UserError);
  CHECK_THROWS_WITH_AS(vortex("bdf2", 1, 0.1, 0.2, {"implicit.error_tol=1e-4"}),
                       doctest::Contains("ESDIRK3"), UserError);
}

TEST_CASE("ESDIRK3 with adaptive steps: a tighter error_tol takes more steps, smaller errors") {
  if (!order_compiled(2)) return;
  const RunResult ref = vortex("esdirk3", 2, 0.00625, 1.0);
  auto adaptive = [](const std::string& tol) {
    return run_quiet(source_path("cases/isentropic_vortex.toml"), 2, 0,
                     {"time.scheme=\"esdirk3\"", "time.end=1.0", "time.cfl=2",
                      "implicit.error_tol=" + tol, "implicit.newton_tol=1e-12",
                      "implicit.gmres_tol=1e-10"});
  };
  const RunResult loose = adaptive("1e-4"), tight = adaptive("1e-6");
  const double e_loose = rms_diff(loose.final_state, ref.final_state);
  const double e_tight = rms_diff(tight.final_state, ref.final_state);
  // Measured: 6 steps and 2.5e-4 at 1e-4; 24 steps (2 rejected) and 3.5e-6 at 1e-6.
  CHECK(loose.final_time == 1.0);
  CHECK(tight.final_time == 1.0);
  CHECK(tight.steps > 2 * loose.steps);
  CHECK(e_tight < 0.1 * e_loose);
}

TEST_CASE("Jacobian reuse: fewer assemblies, the same solution to Newton's tolerance") {
  // ESDIRK3's three implicit stages share one shift, so one Jacobian can serve the whole step.
  const RunResult every = vortex("esdirk3", 1, 0.2, 1.0);
  const RunResult reuse = vortex("esdirk3", 1, 0.2, 1.0, {"implicit.rebuild_every=6"});
  CHECK(reuse.final_time == 1.0);
  CHECK(stat(every, "jacobian_builds") == stat(every, "newton_iterations"));
  CHECK(stat(reuse, "jacobian_builds") < 0.5 * stat(every, "jacobian_builds"));
  // Both solve every stage to a Newton update of 1e-12 of the state (newton_tol), so over the
  // five steps they may differ by a few such updates, not by the time error (about 1e-4 here).
  CHECK(rms_diff(every.final_state, reuse.final_state) < 1e-10);
  CHECK_THROWS_WITH_AS(
      run_quiet(source_path("cases/ringleb.toml"), 1, 0, {"implicit.rebuild_every=2"}),
      doctest::Contains("time schemes"), UserError);
}
