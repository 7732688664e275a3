// Steady solving by Newton-Krylov pseudo-transient continuation: Ringleb's flow (exact steady
// solution) to a residual of 1e-10 with errors at rate p + 1, and subsonic flow over a circular
// bump (curved wall) whose entropy error converges; the preconditioners and the matrix-free
// product reach the same state.
#include <doctest/doctest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "compiled_orders.hpp"
#include "core/basis.hpp"
#include "euler_test_util.hpp"
#include "implicit_test_util.hpp"
#include "solver_stat.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

RunResult steady(const std::string& name, int p, int refine, std::vector<std::string> extra = {},
                 int threads = 0) {
  return run_quiet(source_path("cases/" + name + ".toml"), p, refine, std::move(extra), "",
                   threads);
}

// The largest difference of two final states over the first one's largest coefficient.
double relative_difference(const RunResult& a, const RunResult& b) {
  double diff = 0, size = 0;
  for (std::size_t i = 0; i < a.final_state.size(); ++i) {
    diff = std::max(diff, std::abs(a.final_state[i] - b.final_state[i]));
    size = std::max(size, std::abs(a.final_state[i]));
  }
  return diff / size;
}

// sqrt(mean over the domain of (s / s_inf - 1)^2), s = p / rho^gamma, s_inf = 1 (the bump's
// free stream: rho = p = 1).
double entropy_error(const Mesh& mesh, int p, const std::vector<double>& c) {
  const TriangleRule rule = triangle_rule(2 * p + 2);
  const int E = mesh.n_elems();
  double sum = 0, area = 0;
  for (int k = 0; k < E; ++k) {
    const ElementMap g = element_map(mesh, k);
    for (std::size_t q = 0; q < rule.w.size(); ++q) {
      double u[4];
      evaluate(p, 4, E, c, k, rule.r[q], rule.s[q], u);
      const double pr = 0.4 * (u[3] - 0.5 * (u[1] * u[1] + u[2] * u[2]) / u[0]);
      const double e = pr / std::pow(u[0], 1.4) - 1;
      sum += rule.w[q] * g.det() * e * e;
      area += rule.w[q] * g.det();
    }
  }
  return std::sqrt(sum / area);
}

} // namespace

TEST_CASE("Ringleb's flow: residual 1e-10 and errors at rate p + 1") {
  // Measured (Roe flux, L2 error of the density; meshes of 152, 608, 2432 elements):
  //   p = 1: 2.6466e-3, 6.3385e-4, 1.5450e-4   rates 2.06, 2.04   (5-6 pseudo-steps each)
  //   p = 2: 1.7846e-4, 2.2467e-5, 2.7991e-6   rates 2.99, 3.00
  for (const int p : {1, 2, 3}) {
    if (!order_compiled(p)) continue;
    const int levels = p == 1 ? 3 : 2; // the finest p >= 2 meshes cost seconds each
    std::vector<double> err;
    for (int r = 0; r < levels; ++r) {
      const RunResult res = steady("ringleb", p, r);
      CAPTURE(p);
      CAPTURE(r);
      CHECK(stat(res, "residual") <= 1e-10);
      CHECK(res.steps <= 12); // Newton's quadratic convergence once the CFL has grown
      err.push_back(res.l2_error[0]);
    }
    for (int r = 0; r + 1 < levels; ++r) {
      const double rt = rate(err[r], err[r + 1]);
      CAPTURE(p);
      CAPTURE(rt);
      CHECK(std::abs(rt - (p + 1)) < 0.25);
    }
  }
}

TEST_CASE("subsonic bump: the entropy error converges; both preconditioners agree") {
  std::map<std::string, double> gmres;
  std::vector<double> err;
  for (const int r : {0, 1}) {
    const RunResult res = steady("bump", 1, r);
    CHECK(stat(res, "residual") <= 1e-10);
    const EulerCase c = euler_case(source_path("cases/bump.toml"), 1, r);
    err.push_back(entropy_error(c.mesh, 1, res.final_state));
    if (r == 0) gmres["block_ilu0"] = stat(res, "gmres_iterations");
  }
  // Measured at p = 1 on 1249 and 4996 elements: 1.160e-4, 6.944e-5 (rate 0.74). The arc
  // meets the floor at a kink, a singularity of the flow that caps the rate on uniform meshes.
  CHECK(err[1] < 0.7 * err[0]);
  const RunResult jac = steady("bump", 1, 0, {"implicit.preconditioner=\"block_jacobi\""});
  gmres["block_jacobi"] = stat(jac, "gmres_iterations");
  // Measured: 931 GMRES iterations with block ILU(0), 2467 with block Jacobi.
  CHECK(gmres["block_ilu0"] < gmres["block_jacobi"]);
}

TEST_CASE("steady: the matrix-free product reaches the assembled solve's state") {
  const RunResult a = steady("ringleb", 1, 0);
  const RunResult f = steady("ringleb", 1, 0, {"implicit.jacobian=\"matrix_free\""});
  CHECK(stat(f, "residual") <= 1e-10);
  // Both converge to the one discrete steady state; the residual tolerance bounds the distance.
  CHECK(relative_difference(a, f) < 1e-8);
}

TEST_CASE("steady: p-multigrid shortens GMRES and reaches the same state") {
  if (!order_compiled(2)) return;
  const RunResult ilu = steady("ringleb", 2, 1);
  const RunResult mg = steady("ringleb", 2, 1, {"implicit.preconditioner=\"p_multigrid\""});
  CHECK(stat(mg, "residual") <= 1e-10);
  // Measured on 608 elements: 293 GMRES iterations with block ILU(0), 87 with the V-cycle
  // (p = 2, 1, 0, ILU(0) smoothing); on the bump at p = 2, 973 and 175.
  CHECK(stat(mg, "gmres_iterations") < 0.5 * stat(ilu, "gmres_iterations"));
  CHECK(relative_difference(ilu, mg) < 1e-8);
  CHECK_THROWS_WITH_AS(steady("ringleb", 2, 0, {"implicit.smoother=\"block_jacobi\""}),
                       doctest::Contains("p_multigrid"), UserError);
}

namespace {

// The final states of one case on one thread and on two (at least), bit for bit.
bool same_on_any_thread_count(const std::string& name, int p,
                              const std::vector<std::string>& sets) {
  const RunResult one = steady(name, p, 0, sets, 1);
  const RunResult two = steady(name, p, 0, sets, std::max(2, omp_get_max_threads()));
  return differing_bits(one.final_state, two.final_state) == 0 &&
         stat(one, "gmres_iterations") == stat(two, "gmres_iterations");
}

// A p-multigrid smoother against block Jacobi smoothing on Ringleb's flow at p = 2: the same
// state in fewer than `ratio` times the GMRES iterations, and the same bits on any thread count.
void smoother_against_jacobi(const std::string& smoother, double ratio) {
  const std::string mg = "implicit.preconditioner=\"p_multigrid\"";
  const RunResult jac = steady("ringleb", 2, 1, {mg, "implicit.smoother=\"block_jacobi\""});
  const std::vector<std::string> sets = {mg, "implicit.smoother=\"" + smoother + "\""};
  const RunResult other = steady("ringleb", 2, 1, sets);
  CAPTURE(smoother);
  CHECK(stat(other, "residual") <= 1e-10);
  CHECK(stat(other, "gmres_iterations") < ratio * stat(jac, "gmres_iterations"));
  CHECK(relative_difference(jac, other) < 1e-8);
  CHECK(same_on_any_thread_count("ringleb", 2, sets));
}

} // namespace

TEST_CASE("steady: vertex-patch smoothing shortens GMRES and does not depend on the thread count") {
  // Measured on 608 elements: 224 GMRES iterations with block Jacobi smoothing, 83 with vertex
  // patches (ILU(0) smoothing takes 87). Patches are solved in any order on any thread; each
  // element sums its three in a fixed one.
  if (order_compiled(2)) smoother_against_jacobi("vertex_patch", 0.5);
}

TEST_CASE("steady: colour sweeps shorten GMRES against block Jacobi, on any thread count") {
  // Measured on 608 elements: 224 GMRES iterations with block Jacobi smoothing, 115 with the
  // colour sweeps (on the bump at p = 2 on 80k elements, on the GPU: 3,934 and 1,593). The
  // colours are made in element order; within a colour no element reads another's update.
  if (order_compiled(2)) smoother_against_jacobi("multicolor_gs", 0.6);
}

TEST_CASE("steady: agglomerated levels shorten GMRES and do not depend on the thread count") {
  const std::vector<std::string> mg = {"implicit.preconditioner=\"p_multigrid\""};
  std::vector<std::string> agg = mg;
  agg.push_back("implicit.mg_agglomerate=true");
  const RunResult plain = steady("bump", 1, 0, mg);
  const RunResult more = steady("bump", 1, 0, agg);
  CHECK(stat(more, "residual") <= 1e-10);
  // Measured (p = 1, ILU(0) smoothing): 226 GMRES iterations without the agglomerated levels and
  // 184 with them on 1,249 elements; 422 and 284 on 4,996; 989 and 545 on 19,984.
  CHECK(stat(more, "gmres_iterations") < 0.9 * stat(plain, "gmres_iterations"));
  CHECK(relative_difference(plain, more) < 1e-8);
  // The groups are made in one order on one thread; every sum has a fixed order.
  agg.push_back("implicit.smoother=\"block_jacobi\"");
  CHECK(same_on_any_thread_count("bump", 1, agg));
}

TEST_CASE("steady_rk: explicit local steps reach the Newton solve's state in far more iterations") {
  const RunResult newton = steady("ringleb", 1, 0);
  const RunResult rk = steady("ringleb", 1, 0, {"time.scheme=\"steady_rk\"", "time.steps=100000"});
  CHECK(stat(rk, "residual") <= 1e-10);
  MESSAGE("Ringleb p = 1: " << newton.steps << " Newton pseudo-steps, " << rk.steps
                            << " SSP-RK2 local steps; states differ by "
                            << relative_difference(newton, rk));
  // Measured: 6 pseudo-steps against 2,557 explicit ones (0.036 s against 0.19 s).
  CHECK(rk.steps > 100 * newton.steps);
  CHECK(relative_difference(newton, rk) < 1e-8);
  // Nothing of the Newton solve applies to explicit steps: its keys are refused by name.
  CHECK_THROWS_WITH_AS(
      steady("ringleb", 1, 0, {"time.scheme=\"steady_rk\"", "implicit.gmres_tol=1e-3"}),
      doctest::Contains("implicit.gmres_tol"), UserError);
}
