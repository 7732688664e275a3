// Shallow water on a longitude-latitude mesh (mesh.coordinates = "geographic"): the metric of
// the sphere, Coriolis from the latitude, and lengths in metres.
//  * A steady zonal flow (cases/zonal_flow_geographic.toml) balances pressure, Coriolis and the
//    metric terms exactly; its error falls at rate p + 1.
//  * A lake at rest over an island (cases/lake_at_rest_geographic.toml), with the level off the
//    datum, stays at rest to round-off at every order.
//  * A small hump over a flat bed arrives at gauges at the great-circle distance over sqrt(g H)
//    at 0 and 60 degrees latitude.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <sstream>

#include "compiled_orders.hpp"
#include "io/config.hpp"
#include "io/json.hpp"
#include "io/time_series.hpp"
#include "physics/shallow_water/case.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "solver/run_settings.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

constexpr double kDeg = std::numbers::pi / 180;

// The exact depth of the zonal flow (the case's constants).
double zonal_depth(double, double lat) {
  const double g = 9.80616, u0 = 38.61068276698372, h0 = 2998.0, R = 6.37122e6;
  const double omega = 7.2921159e-5;
  const double s = std::sin(lat * kDeg);
  return h0 - (R * omega * u0 + u0 * u0 / 2) * s * s / g;
}

} // namespace

TEST_CASE("steady zonal flow on the sphere converges at rate p + 1") {
  for (int p = 1; p <= 3; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue)
    std::vector<double> err;
    const int levels = p == 1 ? 3 : 2;
    for (int r = 0; r < levels; ++r) {
      Scratch out("zonal");
      const RunResult res =
          run_sw("cases/zonal_flow_geographic.toml", p, r, {"output.interval=0"}, out.path());
      const Mesh mesh = case_mesh("meshes/geographic_zonal.geo", r);
      err.push_back(l1_depth_error(mesh, res.final_state, p, zonal_depth));
    }
    for (std::size_t i = 1; i < err.size(); ++i) {
      const double rate = std::log2(err[i - 1] / err[i]);
      MESSAGE("p = " << p << ": L1 depth error " << err[i - 1] << " -> " << err[i] << ", rate "
                     << rate);
      CHECK(rate > p + 1 - 0.3);
    }
  }
}

TEST_CASE("lake at rest on the sphere, with an island and the level off the datum, stays at rest "
          "to round-off") {
  for (int i = 0; i < 6; ++i) {
    const int p = 1 + i / 2;
    const bool limiter = i % 2;
    CAPTURE(p);
    CAPTURE(limiter);
    TRIDG_SKIP_ORDER(p, continue)
    Scratch out("lake_geo");
    const RunResult r = run_sw(
        "cases/lake_at_rest_geographic.toml", p, -1,
        {limiter ? "limiter.type=\"barth_jespersen\"" : "limiter.type=\"none\""}, out.path());
    CHECK(r.steps == 500);
    const Mesh mesh = case_mesh("meshes/geographic_box.geo", 0);
    const int E = mesh.n_elems();
    const CellKinds kinds = cell_kinds(r.final_state, p, E);
    check_all_kinds(kinds);
    // Momentum in m^2/s of water 100 m deep: round-off of the pressure g h^2 / 2 ~ 5e4 per step
    // is ~1e-11 of it; a scheme that is not balanced moves it by O(1) within a few steps.
    const double qmax = max_momentum(r.final_state, p, E);
    MESSAGE("p = " << p << std::string(limiter ? ", limiter" : "")
                   << ": max |hu|, |hv| coefficient after "
                   << "500 steps " << qmax << " (" << kinds.wet << " wet, " << kinds.shore
                   << " shore, " << kinds.dry << " dry cells)");
    CHECK(qmax <= 1e-9);
    CHECK(relative_change(r, 0) <= 1e-14);
    const Columns g = read_columns(out.file("gauges.csv"), 3);
    CHECK(g.rows() > 10);
    for (double eta : g.data[g.column("deep")]) CHECK(std::abs(eta - 0.5) <= 1e-12);
  }
}

namespace {

// The time of the crest of a Gaussian hump A exp(-r^2 / (2 s^2)) of the linear wave equation
// with speed c, at distance r: eta(r, t) = A s^2 int_0^inf exp(-k^2 s^2 / 2) J0(k r) cos(c k t)
// k dk (a Hankel transform), maximised over t by golden-section search near r / c.
double crest_time(double r, double s, double c) {
  auto eta = [&](double t) {
    const int n = 4000;
    const double kmax = 8 / s, dk = kmax / n;
    double sum = 0;
    for (int i = 0; i <= n; ++i) {
      const double k = i * dk, w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2); // Simpson
      sum += w * std::exp(-k * k * s * s / 2) * std::cyl_bessel_j(0.0, k * r) *
             std::cos(c * k * t) * k;
    }
    return s * s * sum * dk / 3;
  };
  double a = 0.8 * r / c, b = 1.2 * r / c;
  const double gr = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 60; ++it) {
    const double x1 = b - gr * (b - a), x2 = a + gr * (b - a);
    if (eta(x1) > eta(x2))
      b = x2;
    else
      a = x1;
  }
  return (a + b) / 2;
}

// The time of a gauge's highest sample, refined by the parabola through it and its neighbours.
double gauge_crest(const Columns& g, const std::string& name) {
  const std::vector<double>& t = g.data[0];
  const std::vector<double>& eta = g.data[g.column(name)];
  const std::size_t i = std::max_element(eta.begin(), eta.end()) - eta.begin();
  REQUIRE(i > 0);
  REQUIRE(i + 1 < eta.size());
  const double a = eta[i - 1], b = eta[i], c = eta[i + 1];
  return t[i] + (t[i + 1] - t[i]) * 0.5 * (a - c) / (a - 2 * b + c);
}

} // namespace

TEST_CASE("a hump's crest travels the great-circle distance at sqrt(g H), at 0 and 60 degrees") {
  TRIDG_SKIP_ORDER(2, return )
  const double c = std::sqrt(9.81 * 1000.0), R = 6371000.0;
  const double s = 0.15 * kDeg * R; // the hump's width in metres
  for (const char* name : {"equator", "60n"}) {
    CAPTURE(name);
    const double lat0 = std::string(name) == "equator" ? 0 : 60;
    Scratch out("hump");
    run_sw(std::string("cases/hump_geographic_") + name + ".toml", -1, -1, {}, out.path());
    const Columns g = read_columns(out.file("gauges.csv"), 7);
    // Between the gauges 1 and 2 degrees of arc out on one ray the crest takes (d2 - d1) / c:
    // the ring's crest runs ahead of r / c by an amount that hardly changes between them.
    for (const char* ray : {"east", "north", "south"}) {
      CAPTURE(ray);
      const double dt =
          gauge_crest(g, std::string(ray) + "2") - gauge_crest(g, std::string(ray) + "1");
      CHECK(dt == doctest::Approx(kDeg * R / c).epsilon(0.005));
    }
    for (const char* gauge : {"east1", "east2", "north1", "north2", "south1", "south2"}) {
      CAPTURE(gauge);
      const std::string gn = gauge;
      const double arc = gn.back() == '1' ? 1 : 2;
      // The gauge's position as the case gives it: the arc east is along the great circle.
      double lon = 0, lat = lat0 + (gn[0] == 'n' ? arc : gn[0] == 's' ? -arc : 0);
      if (gn[0] == 'e') {
        const double p = lat0 * kDeg;
        lon = std::acos((std::cos(arc * kDeg) - std::sin(p) * std::sin(p)) /
                        (std::cos(p) * std::cos(p))) /
              kDeg;
      }
      const double d = great_circle_distance(0, lat0, lon, lat, R);
      CHECK(d == doctest::Approx(arc * kDeg * R).epsilon(1e-9));
      const double t_num = gauge_crest(g, gauge), t_exact = crest_time(d, s, c);
      MESSAGE(std::string(name) << " " << std::string(gauge) << ": crest at " << t_num
                                << " s, exact " << t_exact << " s, d / c = " << d / c << " s");
      CHECK(std::abs(t_num - t_exact) <= 0.005 * t_exact);
    }
  }
}

TEST_CASE("linear shallow water on the sphere: a still surface stays at rest, and the hump "
          "travels as in the nonlinear equations (with the Earth's rotation)") {
  TRIDG_SKIP_ORDER(2, return ) {
    Scratch out("still_lsw");
    const RunResult r =
        run_sw("cases/still_surface_geographic_linear.toml", -1, -1, {}, out.path());
    const int E = case_mesh("meshes/geographic_box.geo", 0).n_elems();
    double eta_err = 0;
    for (int k = 0; k < E; ++k)
      eta_err = std::max(eta_err, std::abs(mean(r.final_state, 2, E, 0, k) - 0.5));
    const double qmax = max_momentum(r.final_state, 2, E);
    MESSAGE("still surface: max |hu|, |hv| coefficient "
            << qmax << ", max |eta - 0.5| of the means " << eta_err);
    CHECK(qmax <= 1e-11);
    CHECK(eta_err <= 1e-13);
  }
  Scratch a("hump_lsw"), b("hump_sw");
  const RunResult lin = run_sw("cases/hump_geographic_linear.toml", -1, -1, {}, a.path());
  const RunResult non = run_sw(
      "cases/hump_geographic_60n.toml", -1, -1,
      {"time.end=1200", "physics.earth_rotation=7.2921159e-5", "gauges.interval=100"}, b.path());
  const int E = case_mesh("meshes/geographic_hump_60n.geo", 0).n_elems();
  double diff = 0, peak = 0;
  for (int k = 0; k < E; ++k) {
    const double eta_lin = mean(lin.final_state, 2, E, 0, k);
    const double eta_non = mean(non.final_state, 2, E, 0, k) - 1000;
    diff = std::max(diff, std::abs(eta_lin - eta_non));
    peak = std::max(peak, std::abs(eta_lin));
  }
  MESSAGE("hump after 1200 s: max |eta_linear - eta_nonlinear| of the means " << diff << " m, peak "
                                                                              << peak);
  CHECK(peak > 0.005); // the wave is there
  CHECK(diff <= 0.02 * peak);
}

TEST_CASE("run-up at named points, within radii in metres on a geographic mesh") {
  TRIDG_SKIP_ORDER(1, return )
  // Two steps of the lake at rest: the backend's maxima hold the still water.
  Scratch out("runup");
  run_sw("cases/lake_at_rest_geographic.toml", 1, -1, {"time.steps=2"}, out.path());
  const Json summary = Json::parse(test::read_text(out.file("gauges_summary.json")));
  const Json& runup = summary.at("runup");
  const double island = runup.at("island").at("elevation").get<double>();
  const double corner = runup.at("corner").at("elevation").get<double>();
  // The shore cells around the island hold their water as a flat surface at the still level.
  MESSAGE("run-up: island " << island << ", corner " << corner);
  CHECK(island == doctest::Approx(0.5).epsilon(1e-9));
  // In the corner's 5 km only water 100 m deep: the highest bed point under it.
  CHECK(corner < -90);
  CHECK(!runup.contains("nowhere"));
}
