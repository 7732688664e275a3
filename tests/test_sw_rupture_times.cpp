// Earthquake subfaults that slip at their rupture times ([source] timing = "rupture"): until a
// subfault's time the run is, bit for bit, the run without it; at its time the bed (shallow
// water) or the surface (linear shallow water) moves by its projected uplift, the water volume
// does not change, and with every time at 0 the run is the instantaneous one.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "compiled_orders.hpp"
#include "io/config.hpp"
#include "io/time_series.hpp"
#include "test_support.hpp"
#include "tsunami/source.hpp"

using namespace tridg;

namespace {

// A 200 km square of water 1000 m deep, walls (10 km elements).
const char* kGeo = R"(h = 10e3;
Point(1) = {-100e3, -100e3, 0, h}; Point(2) = {100e3, -100e3, 0, h};
Point(3) = {100e3, 100e3, 0, h}; Point(4) = {-100e3, 100e3, 0, h};
Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4}; Plane Surface(1) = {1};
Physical Curve("wall") = {1, 2, 3, 4}; Physical Surface("sea") = {1};
)";

// Two thrusts, north and south; the south one slips at `t_south` (< 0: left out).
std::string case_text(bool linear, const std::string& timing, double t_south) {
  std::string s = std::string("[physics]\ntype = \"") +
                  (linear ? "linear_shallow_water" : "shallow_water") +
                  "\"\n[mesh]\nfile = \"square.geo\"\n[discretization]\norder = 1\nflux = \"" +
                  (linear ? "upwind" : "hll") + "\"\n[time]\nscheme = \"ssprk2\"\nend = 150\n" +
                  "[bathymetry]\ndepth = \"1000\"\n[boundary.wall]\ntype = \"wall\"\n";
  s += linear ? "[initial]\ntype = \"expression\"\neta = 0\n"
              : "[initial]\ntype = \"level\"\neta = 0\n"
                "[gauges]\ninterval = 10\npoints = { south = [-8e3, -50e3] }\n";
  s += "[source]\ntiming = \"" + timing + "\"\n";
  s += "[source.subfaults.north]\nx = 0.0\ny = 50e3\ndepth = 10e3\nlength = 40e3\nwidth = 20e3\n"
       "strike = 0.0\ndip = 20.0\nrake = 90.0\nslip = 3.0\n";
  if (t_south >= 0)
    s += "[source.subfaults.south]\nx = 0.0\ny = -50e3\ndepth = 10e3\nlength = 40e3\n"
         "width = 20e3\nstrike = 0.0\ndip = 20.0\nrake = 90.0\nslip = 3.0\nrupture_time = " +
         std::to_string(t_south) + "\n";
  return s;
}

struct Run {
  RunResult r;
  Columns gauges;
};

Run run(const test::ScratchDir& dir, const std::string& name, const std::string& text,
        bool gauges) {
  std::ofstream(dir.file("square.geo")) << kGeo;
  std::ofstream(dir.file(name + ".toml")) << text;
  Run out;
  out.r = test::run_cpu_quiet(dir.file(name + ".toml"), -1, -1, {}, dir.file(name));
  if (gauges) out.gauges = read_columns(dir.file(name + "/gauges.csv"), 2);
  return out;
}

} // namespace

TEST_CASE("shallow water: a subfault slipping at its rupture time moves the bed then") {
  TRIDG_SKIP_ORDER(1, return )
  test::ScratchDir d("rupture");
  const Run late = run(d, "late", case_text(false, "rupture", 60), true);
  const Run north = run(d, "north", case_text(false, "instant", -1), true);
  const Run zero = run(d, "zero", case_text(false, "rupture", 0), true);
  const Run both = run(d, "both", case_text(false, "instant", 0), true);
  // All at t = 0: the instantaneous source, bit for bit.
  CHECK(zero.r.final_state == both.r.final_state);
  // Before 60 s the south fault has not slipped: the run without it, bit for bit.
  const std::vector<double>& t = late.gauges.data[0];
  const std::vector<double>& a = late.gauges.data[1];
  const std::vector<double>& b = north.gauges.data[1];
  REQUIRE(t.size() == north.gauges.data[0].size());
  std::size_t i60 = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 60) CHECK(a[i] == b[i]);
    if (t[i] == 60) i60 = i;
  }
  REQUIRE(i60 > 0);
  // At 60 s the bed (and with it the surface) rises by the south fault's uplift there; the
  // depth, and so the water volume, stay.
  const std::string src = case_text(false, "instant", 0);
  SeafloorSource s = *read_seafloor_source(Config::parse(src, "s.toml"));
  s.faults.erase(s.faults.begin()); // the south one alone
  const double up = s.uplift(-8e3, -50e3);
  MESSAGE("south gauge: the surface jumps by " << a[i60] - b[i60] << " m at 60 s, the uplift there "
                                               << up << " m");
  CHECK(up > 0.3);
  CHECK(a[i60] - b[i60] == doctest::Approx(up).epsilon(0.03)); // the uplift's projection, p = 1
  CHECK(std::abs(late.r.conserved_final[0] - late.r.conserved_initial[0]) <=
        1e-13 * late.r.conserved_initial[0]);
}

TEST_CASE("linear shallow water: a subfault slipping at its rupture time lifts the surface then") {
  TRIDG_SKIP_ORDER(1, return )
  test::ScratchDir d("rupture_lsw");
  const Run late = run(d, "late", case_text(true, "rupture", 60), false);
  const Run zero = run(d, "zero", case_text(true, "rupture", 0), false);
  const Run both = run(d, "both", case_text(true, "instant", 0), false);
  CHECK(zero.r.final_state == both.r.final_state);
  // The surface's volume is the two uplifts' (the walls keep it), whenever the south one slips.
  CHECK(late.r.conserved_final[0] == doctest::Approx(both.r.conserved_final[0]).epsilon(1e-12));
  CHECK(late.r.conserved_final[0] > 1.5 * late.r.conserved_initial[0]); // the second uplift
}
