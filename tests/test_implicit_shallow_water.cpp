// Shallow water with the implicit schemes (its exact Jacobian, kernels/dg_jacobian.hpp, through
// the cells' means as well as the points' states): stiff Manning friction on a thin sheet of water
// decays the flow at BDF2's second order with steps far beyond the friction's time scale, the depth
// kept; a lake at rest in thin water over a bump stays at rest; thin water moving over the bump
// keeps positive depths and its volume; Newton converges in a few iterations (the assembled
// Jacobian is the residual's).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/cell_mean.hpp"
#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "io/json.hpp"
#include "sw_implicit_cases.hpp"
#include "test_support.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

constexpr double g = 9.81, n_manning = 0.05;

// A case file in `dir` (the mesh a prepared file of this source tree) and its quiet run at p.
RunResult run_text(const ScratchDir& dir, const std::string& text, int p,
                   std::vector<std::string> overrides = {}) {
  const std::string path = dir.file("case.toml");
  std::ofstream(path) << text;
  return run_cpu_quiet(path, p, -1, std::move(overrides), dir.file("out"));
}

// Mean of variable v in element k of a state C[var][mode][elem] with np modes.
double mean(const std::vector<double>& c, int v, int np, std::size_t E, std::size_t k) {
  return cell_mean(c[std::size_t(v) * std::size_t(np) * E + k]);
}

} // namespace

TEST_CASE("stiff Manning friction on a thin sheet decays at BDF2's second order, depth kept") {
  TRIDG_SKIP_ORDER(1, return );
  // The exact decay of the uniform flow: d|V|/dt = -a |V|^2 with a = g n^2 / h^(4/3), here
  // a |V0| = 109 per second: dt = 0.02 is 2.2 times the friction's time scale, and the explicit
  // schemes cap the friction rate at their CFL rate instead.
  const double h0 = 0.002, V0 = std::hypot(1.0, 0.5), t_end = 0.2;
  const double a = g * n_manning * n_manning / std::pow(h0, 4.0 / 3.0);
  const double u_exact = 1.0 / (1 + a * V0 * t_end);
  std::vector<double> err;
  for (const double dt : {0.02, 0.01}) {
    CAPTURE(dt);
    ScratchDir dir("sw_implicit_sheet");
    const RunResult r = run_text(dir, sheet_case(dt, t_end), 1);
    CHECK(r.final_time == doctest::Approx(t_end).epsilon(1e-12));
    const std::size_t E = r.final_state.size() / 9;
    double worst_h = 0, u_mean = 0;
    for (std::size_t k = 0; k < E; ++k) {
      const double h = mean(r.final_state, 0, 3, E, k);
      worst_h = std::max(worst_h, std::abs(h - h0));
      u_mean += mean(r.final_state, 1, 3, E, k) / h / double(E);
    }
    // A uniform state has no flux divergence: the depth changes only by round-off.
    CHECK(worst_h < 1e-15);
    err.push_back(std::abs(u_mean - u_exact));
    // Newton with the exact Jacobian: a few iterations per step to 1e-12.
    double newton = 0;
    for (const auto& [key, v] : r.solver)
      if (key == "newton_iterations") newton = v;
    CHECK(newton > 0);
    CHECK(newton <= 5 * double(r.steps));
  }
  MESSAGE("BDF2 errors of u at t = 0.2: " << err[0] << " (dt 0.02), " << err[1] << " (dt 0.01)");
  CHECK(err[1] < 0.05 * u_exact);
  CHECK(std::log2(err[0] / err[1]) > 1.8);
}

TEST_CASE("a lake at rest in thin water with friction stays at rest implicitly") {
  TRIDG_SKIP_ORDER(1, return );
  ScratchDir dir("sw_implicit_lake");
  const RunResult r = run_text(dir, lake_case(0.0), 1);
  CHECK(r.steps == 25);
  double worst = 0;
  const std::size_t third = r.final_state.size() / 3;
  for (std::size_t i = third; i < r.final_state.size(); ++i)
    worst = std::max(worst, std::abs(r.final_state[i]));
  MESSAGE("largest momentum coefficient after 25 BDF2 steps of 0.02 s: " << worst);
  CHECK(worst < 1e-12);
}

TEST_CASE("thin water moving over a bump keeps positive depths and its volume implicitly") {
  TRIDG_SKIP_ORDER(1, return );
  ScratchDir dir("sw_implicit_flow");
  const RunResult r = run_text(dir, lake_case(0.1), 1);
  CHECK(r.steps == 25);
  const std::size_t E = r.final_state.size() / 9;
  double smallest = 1e300;
  for (std::size_t k = 0; k < E; ++k)
    smallest = std::min(smallest, mean(r.final_state, 0, 3, E, k));
  MESSAGE("smallest cell depth after 25 steps: " << smallest);
  CHECK(smallest > 0);
  REQUIRE(r.conserved_initial.size() == 3);
  CHECK(std::abs(r.conserved_final[0] - r.conserved_initial[0]) <
        1e-12 * std::abs(r.conserved_initial[0]));
}

TEST_CASE("gauges' maxima with the implicit schemes: tracked after every accepted step") {
  TRIDG_SKIP_ORDER(1, return );
  ScratchDir dir("sw_implicit_maxima");
  // One sample at the start and one at the end; the maxima are the steps'.
  const RunResult r = run_text(dir,
                               lake_case(0.1) + "[gauges]\ninterval = 10.0\n"
                                                "[gauges.runup.top]\npoint = [0.5, 0.5]\n"
                                                "radius = 0.1\nmeasure = \"surface\"\n",
                               1);
  const h5::File f = h5::File::open(dir.file("out/max_inundation.h5"));
  std::vector<hsize_t> dims;
  const std::vector<double> depth = f.read<double>("max_depth", dims);
  const std::vector<double> level = f.read<double>("max_eta", dims);
  const std::size_t E = r.final_state.size() / 9;
  REQUIRE(depth.size() == E);
  int above = 0;
  for (std::size_t k = 0; k < E; ++k) {
    const double h = mean(r.final_state, 0, 3, E, k);
    CHECK(depth[k] >= h); // the last step is among the tracked ones
    CHECK(std::isfinite(level[k]));
    above += depth[k] > h;
  }
  MESSAGE(above << " of " << E << " elements were deeper before the end than at it");
  CHECK(above > 0); // the flow over the bump moved the water between the two samples
  std::ifstream summary(dir.file("out/gauges_summary.json"));
  const Json j = Json::parse(std::string((std::istreambuf_iterator<char>(summary)), {}));
  // The surface over the bump's top (0.2 m) stands near the lake's level, 0.25 m.
  CHECK(j.at("runup").at("top").at("elevation").get<double>() ==
        doctest::Approx(0.25).epsilon(0.1));
}

TEST_CASE("steady solves beside dry cells at rest: their pseudo-step is finite, the pond settles") {
  TRIDG_SKIP_ORDER(1, return );
  // A dry cell has no wave speed: its pseudo-time step was cfl / 0 (0 * infinity = NaN in
  // steady_rk: non-physical at the first step) and its shift in the steady Jacobian 0 (a singular
  // block, whose failed set-up left Newton an empty update). Both schemes now settle the pond to
  // rest beside the dry plateau.
  for (const std::string scheme : {"steady_rk", "steady"}) {
    CAPTURE(scheme);
    ScratchDir dir("sw_implicit_pond");
    const RunResult r = run_text(dir, pond_case(scheme), 1);
    const std::size_t E = r.final_state.size() / 9;
    int dry = 0, wet = 0;
    double q = 0;
    for (std::size_t k = 0; k < E; ++k) {
      const double h = mean(r.final_state, 0, 3, E, k);
      REQUIRE(std::isfinite(h));
      q = std::max({q, std::abs(mean(r.final_state, 1, 3, E, k)),
                    std::abs(mean(r.final_state, 2, 3, E, k))});
      (h == 0 ? dry : wet) += 1;
    }
    MESSAGE(scheme << ": " << r.steps << " pseudo-steps, " << dry << " dry and " << wet
                   << " wet cells, largest mean momentum " << q);
    // The plateau (half the square, 20 of the 42 triangles) stays dry, the pond wet.
    CHECK(dry == 20);
    CHECK(wet == 22);
    CHECK(q < 1e-8);
  }
}

TEST_CASE("the implicit schemes refuse shallow water's positivity limiter by name") {
  TRIDG_SKIP_ORDER(1, return );
  ScratchDir dir("sw_implicit_limiter");
  try {
    run_text(dir, lake_case(0.0), 1, {"limiter.positivity=true"});
    FAIL("expected an error");
  } catch (const UserError& e) {
    CHECK(e.code() == ExitCode::bad_case);
    CHECK(std::string(e.what()).find("limiter.positivity") != std::string::npos);
  }
}
