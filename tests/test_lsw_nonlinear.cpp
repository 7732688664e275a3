// Linearised against nonlinear shallow water over a variable depth H = 1 + 0.5 x y in a closed
// basin: a Gaussian hump of amplitude eps run with physics.type = "shallow_water" and
// "linear_shallow_water" (same mesh, order p = 2, time scheme and fixed dt). The equations differ
// by terms of relative size eps / H (advection, and eta in the depth of g h grad eta), so for
// eps = 1e-4 H the surfaces agree to O(eps^2) absolutely: relative differences of order 1e-4,
// asserted below 3e-4, on the finest mesh, where the two discretisations' truncation errors
// (both converge to the linear solution at rate p + 1) have dropped to that level too. The
// nonlinear part is identified by its growth with eps. The bed is of degree 2, so at p = 2 both
// physics project it exactly and eta_sw = h + b holds at every point. Also: a lake at rest
// (eta = 0, q = 0 over the variable depth) stays exactly at rest, and the case errors (a dry
// point, a limiter) name the problem.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/basis.hpp"
#include "io/error.hpp"
#include "lsw_test_util.hpp"

using namespace tridg;
using namespace tridg::lswtest;

namespace {

const char* kBed = "-(1 + 0.5 * x * y)";
double bed(double x, double y) {
  return -(1 + 0.5 * x * y);
}

std::string case_text(const std::string& type, const std::string& initial,
                      const std::string& extra = "") {
  return "[physics]\ntype = \"" + type + "\"\ng = 9.81\n[mesh]\nfile = \"" +
         source_path("meshes/unit_square.geo") + "\"\nsize = 2.0\n[discretization]\norder = 2\n" +
         "[time]\nscheme = \"ssprk3\"\ndt = 2e-4\nend = 0.12\n" + "[bathymetry]\nelevation = \"" +
         kBed + "\"\n[initial]\n" + initial + "\n[boundary.boundary]\ntype = \"wall\"\n" + extra +
         "[output]\ninterval = 0.0\n";
}

// The relative L2 difference of eta and q after the run, at refinement r and amplitude eps.
struct Difference {
  double eta, q;
};
Difference difference(int r, const std::string& eps) {
  const int p = 2;
  const std::string hump = eps + " * exp(-60 * ((x - 0.4)^2 + (y - 0.55)^2))";
  Scratch dir("lsw_nl");
  const RunResult nl =
      run_case(write_case(dir, "sw.toml",
                          case_text("shallow_water", "type = \"level\"\neta = \"" + hump + "\"")),
               p, r, {"discretization.flux=\"hll\""}, dir.path());
  const RunResult li =
      run_case(write_case(dir, "lsw.toml",
                          case_text("linear_shallow_water",
                                    "type = \"expression\"\neta = \"" + hump + "\"")),
               p, r, {"discretization.flux=\"upwind\""}, dir.path());
  REQUIRE(nl.steps == 600);
  REQUIRE(li.steps == 600);
  const Mesh mesh = square_mesh(r, 2.0);
  // eta_sw - eta_lsw = (h - eta_lsw) + b; discharges directly.
  std::vector<double> d(nl.final_state.size());
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = nl.final_state[i] - li.final_state[i];
  REQUIRE(d.size() == std::size_t(3 * n_modes(p) * mesh.n_elems()));
  auto norm = [&](const std::vector<double>& c, bool add_bed, int v) {
    return std::sqrt(integrate(mesh, c, p, [&](double x, double y, const double* u) {
      if (v == 0) {
        const double e = u[0] + (add_bed ? bed(x, y) : 0.0);
        return e * e;
      }
      return u[1] * u[1] + u[2] * u[2];
    }));
  };
  const double eta = norm(li.final_state, false, 0), q = norm(li.final_state, false, 1);
  CHECK(eta > 0.05 * std::stod(eps)); // the wave is still there
  const Difference out{norm(d, true, 0) / eta, norm(d, false, 1) / q};
  MESSAGE("amplitude " << eps << ", refine " << r << ": |eta_sw - eta_lsw| / |eta| = " << out.eta
                       << ", |q_sw - q_lsw| / |q| = " << out.q);
  return out;
}

} // namespace

TEST_CASE("a small wave: linear and nonlinear shallow water agree to O(amplitude)") {
  if (!test::order_compiled(2)) return;
  const Difference d1 = difference(1, "1e-4"), d2 = difference(2, "1e-4");
  // The discretisations' difference shrinks at about rate p + 1 = 3 (measured: by 6.5).
  CHECK(d2.eta < d1.eta / 4);
  // On the finest mesh the relative difference is the nonlinear terms' O(eps / H) = 1e-4 plus a
  // truncation difference of the same size (measured 1.1e-4 and 3.5e-4 for q).
  CHECK(d2.eta < 3e-4);
  CHECK(d2.q < 1e-3);
  // Ten times the amplitude: the nonlinear part grows with it (relative O(eps): measured 6.6e-4
  // for eta, about 0.6 eps beyond the truncation difference), the linear one does not.
  const Difference d3 = difference(2, "1e-3");
  CHECK(d3.eta > 3 * d2.eta);
  CHECK(d3.eta < 2e-3);
}

TEST_CASE("lake at rest over a variable depth stays at rest (exactly at eta = 0)") {
  for (int p = 1; p <= 3; ++p) {
    if (!test::order_compiled(p)) continue;
    CAPTURE(p);
    Scratch dir("lsw_lake");
    const RunResult r = run_case(
        write_case(dir, "lake.toml",
                   case_text("linear_shallow_water", "type = \"expression\"\neta = \"0\"")),
        p, 0, {"discretization.flux=\"upwind\"", "time.end=0.02"}, dir.path());
    CHECK(r.steps == 100);
    double m = 0;
    for (const double c : r.final_state) m = std::max(m, std::abs(c));
    CHECK(m == 0.0); // every term is linear in the state
    // A still surface at eta0 = 0.01, held by a level boundary, over a depth that is no
    // polynomial: its projection jumps between elements, and only the side correction keeps the
    // volume and edge terms in balance (without it: momentum coefficients of 1e-7 to 4e-5 after
    // 100 steps). The
    // pressure term g H eta0 is 0.15 here; round-off leaves momentum of order 1e-16 per step.
    std::string text = case_text("linear_shallow_water", "type = \"expression\"\neta = \"0.01\"");
    text.replace(text.find("type = \"wall\""), 13, "type = \"level\"\nlevel = 0.01");
    text.replace(text.find(kBed), std::string(kBed).size(), "-(1 + 0.3 * sin(3 * x) * cos(2 * y))");
    Scratch dir2("lsw_level");
    const RunResult l = run_case(write_case(dir2, "level.toml", text), p, 0,
                                 {"discretization.flux=\"upwind\"", "time.end=0.02"}, dir2.path());
    const Mesh mesh = square_mesh(0, 2.0);
    const std::size_t NE = std::size_t(n_modes(p)) * mesh.n_elems();
    REQUIRE(l.final_state.size() == 3 * NE);
    double dq = 0, deta = 0;
    for (std::size_t i = 0; i < NE; ++i)
      deta =
          std::max(deta, std::abs(l.final_state[i] -
                                  (i < std::size_t(mesh.n_elems()) ? 0.01 / std::sqrt(2.0) : 0.0)));
    for (std::size_t i = NE; i < 3 * NE; ++i) dq = std::max(dq, std::abs(l.final_state[i]));
    MESSAGE("p = " << p << ", still level 0.01: max |eta - 0.01|, |q| coefficient after 100 steps "
                   << deta << ", " << dq);
    CHECK(deta < 1e-14);
    CHECK(dq < 1e-13);
  }
}

TEST_CASE("linear shallow water: a dry point and a limiter are case errors") {
  if (!test::order_compiled(1)) return;
  Scratch dir("lsw_err");
  auto message = [&](const std::string& text) -> std::string {
    try {
      run_case(write_case(dir, "bad.toml", text), 1, 0, {}, dir.path());
    } catch (const UserError& e) {
      CHECK(e.code() == ExitCode::bad_case);
      return e.what();
    }
    return "";
  };
  std::string text = case_text("linear_shallow_water", "type = \"expression\"\neta = \"0\"");
  text.replace(text.find(kBed), std::string(kBed).size(), "x - 0.5");
  const std::string dry = message(text);
  MESSAGE(dry);
  CHECK(dry.find("bathymetry") != std::string::npos);
  CHECK(dry.find("(x, y) = (") != std::string::npos);
  const std::string lim =
      message(case_text("linear_shallow_water", "type = \"expression\"\neta = \"0\"",
                        "[limiter]\ntype = \"barth_jespersen\"\n"));
  MESSAGE(lim);
  CHECK(lim.find("limiter.type") != std::string::npos);
}
