// Dam breaks on a flat bed (cases/dam_break.toml: Stoker, wet downstream; dam_break_dry.toml:
// Ritter, dry downstream) at p = 1 with the Barth-Jespersen limiter: the L1 error of the depth
// against the exact solution shrinks under uniform refinement (the solutions have a bore or a
// wet/dry front and kinks, so the rate is below 1), and the water volume is conserved to
// round-off (walls all around; the waves do not reach the ends).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include "io/h5_util.hpp"
#include "physics/shallow_water/exact.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

void check_convergence(const char* case_rel, double h_right) {
  DamBreak d;
  d.x0 = 5;
  d.h_left = 1;
  d.h_right = h_right;
  const double t_end = 0.5, width = 0.5;
  double prev = 0;
  for (int refine = 0; refine <= 2; ++refine) {
    CAPTURE(refine);
    Scratch out("dam");
    const RunResult r = run_sw(case_rel, 1, refine, {}, out.path());
    CHECK(r.final_time == doctest::Approx(t_end).epsilon(1e-12));
    const Mesh mesh = case_mesh("meshes/dam_break.geo", refine);
    const double err = l1_depth_error(mesh, r.final_state, 1,
                                      [&](double x, double) { return d.at(x, t_end)[0]; }) /
                       width;
    MESSAGE(std::string(case_rel) << " refine " << refine << " (" << mesh.n_elems()
                                  << " elements): L1 error of h " << err << ", volume change "
                                  << relative_change(r, 0));
    CHECK(relative_change(r, 0) <= 1e-14);
    // The depth is never negative anywhere the kernels look.
    for (int k = 0; k < mesh.n_elems(); ++k)
      CHECK(mean(r.final_state, 1, mesh.n_elems(), 0, k) >= 0);
    if (refine > 0) CHECK(err < 0.8 * prev); // halving h reduces the error by at least 20 %
    prev = err;
  }
}

} // namespace

TEST_CASE("Stoker's dam break (wet bed): L1 error shrinks with refinement, volume conserved") {
  check_convergence("cases/dam_break.toml", 0.1);
}

TEST_CASE("Ritter's dam break (dry bed): L1 error shrinks with refinement, volume conserved") {
  check_convergence("cases/dam_break_dry.toml", 0.0);
}

TEST_CASE("exact dam-break solutions: Stoker's plateau satisfies both wave relations") {
  DamBreak d;
  d.h_left = 1;
  d.h_right = 0.1;
  const double hm = d.h_middle(), g = d.g;
  const double um = 2 * (std::sqrt(g) - std::sqrt(g * hm)); // across the rarefaction
  const double us = (hm - 0.1) * std::sqrt(g * (hm + 0.1) / (2 * hm * 0.1)); // across the bore
  CHECK(um == doctest::Approx(us).epsilon(1e-12));
  // Ritter: the front runs at 2 sqrt(g h_left), the rarefaction head at -sqrt(g h_left).
  DamBreak r;
  r.h_left = 1;
  const double c = std::sqrt(r.g);
  CHECK(r.at(r.x0 + 1.99 * c, 1.0)[0] > 0);
  CHECK(r.at(r.x0 + 2.01 * c, 1.0)[0] == 0);
  CHECK(r.at(r.x0 - 1.01 * c, 1.0)[0] == 1);
}

TEST_CASE("arrival time per element: Stoker's bore reaches each element when the exact one does") {
  DamBreak d;
  d.x0 = 5;
  d.h_left = 1;
  d.h_right = 0.1;
  const double interval = 0.01, threshold = 0.05;
  Scratch out("dam_arrival");
  run_sw("cases/dam_break.toml", 1, 1,
         {"gauges.interval=0.01", "gauges.arrival.threshold=0.05", "gauges.arrival.level=0.1"},
         out.path());
  const h5::File f = h5::File::open(out.path() + "/max_inundation.h5");
  std::vector<hsize_t> dims;
  const std::vector<double> arrival = f.read<double>("arrival_time", dims),
                            x = f.read<double>("x", dims);
  CHECK(f.attr_double("/", "arrival_threshold") == threshold);
  const Mesh mesh = case_mesh("meshes/dam_break.geo", 1);
  double dx = 0; // the largest element diameter
  for (int k = 0; k < mesh.n_elems(); ++k) {
    const ElementMap m = element_map(mesh, k);
    dx = std::max({dx, std::hypot(m.x1 - m.x0, m.y1 - m.y0), std::hypot(m.x2 - m.x1, m.y2 - m.y1),
                   std::hypot(m.x0 - m.x2, m.y0 - m.y2)});
  }
  // The bore speed from the exact solution: where it has passed at t = 0.5.
  double front = d.x0;
  for (double xs = d.x0; xs < 10; xs += 1e-4)
    if (d.at(xs, 0.5)[0] > d.h_right + threshold) front = xs;
  const double speed = (front - d.x0) / 0.5;
  int checked = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (x[k] < d.x0 + 2 * dx) continue; // left of the dam the level falls: no arrival
    // The first sample at which the exact level exceeds the threshold there, if any.
    double exact = NAN;
    for (int n = 0; n * interval <= 0.5 + 1e-12; ++n)
      if (d.at(x[k], n * interval)[0] > d.h_right + threshold) {
        exact = n * interval;
        break;
      }
    if (std::isnan(exact)) {
      // Not reached by the exact bore: not reached (or only by the smeared front just ahead).
      if (!std::isnan(arrival[k])) CHECK(x[k] - front < 2 * dx);
      continue;
    }
    REQUIRE(!std::isnan(arrival[k]));
    // One sample (the exact time is on the samples' grid, the computed one after every step),
    // plus the time the bore takes to cross the element it is smeared over.
    CHECK(std::abs(arrival[k] - exact) <= interval + dx / speed);
    ++checked;
  }
  MESSAGE("bore speed " << speed << " m/s, " << checked << " elements checked, dx " << dx);
  CHECK(checked > 20);
}

TEST_CASE("gauge maxima, arrival times and run-up do not depend on the thread count") {
  // Run-up points over a flat bed: many elements tie for the highest reach, so the element
  // reported is decided by the visiting order, which the threads must not change.
  const std::vector<std::string> sets = {
      "gauges.interval=0.01", "gauges.arrival.threshold=0.05", "gauges.arrival.level=0.1",
      "gauges.runup.bore={point=[6.0,0.25],radius=1.0,min_depth=0.05}",
      "gauges.runup.reservoir={point=[2.0,0.25],radius=2.0,min_depth=0.5}"};
  Scratch one("gauges_1_thread"), three("gauges_3_threads");
  test::run_cpu_quiet(source_path("cases/dam_break.toml"), 1, 1, sets, one.path(), "", 1);
  test::run_cpu_quiet(source_path("cases/dam_break.toml"), 1, 1, sets, three.path(), "", 3);
  const h5::File a = h5::File::open(one.path() + "/max_inundation.h5"),
                 b = h5::File::open(three.path() + "/max_inundation.h5");
  for (const char* name : {"max_eta", "max_depth", "arrival_time"}) {
    std::vector<hsize_t> da, db;
    const std::vector<double> va = a.read<double>(name, da), vb = b.read<double>(name, db);
    REQUIRE(va.size() == vb.size());
    CHECK_MESSAGE(std::memcmp(va.data(), vb.data(), va.size() * sizeof(double)) == 0, name);
  }
  auto text = [](const std::string& path) {
    std::ifstream f(path);
    return std::string(std::istreambuf_iterator<char>(f), {});
  };
  const std::string summary = text(one.path() + "/gauges_summary.json");
  CHECK(summary.find("\"bore\"") != std::string::npos);
  CHECK(summary == text(three.path() + "/gauges_summary.json"));
}
