// Per-element maxima of the water, tracked by the backend after every step
// (kernels/water_maxima.hpp) rather than at the gauges' samples: a crest that passes between two
// samples still counts, the sampling interval changes no bit, and local time stepping tracks
// them after every macro step. The basin of cases/tsunami_ocean.toml: a hump of water crossing
// a deep floor towards a shelf and a beach.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "compiled_orders.hpp"
#include "io/config.hpp"
#include "io/h5_util.hpp"
#include "io/json.hpp"
#include "physics/shallow_water/case.hpp"
#include "test_sw_util.hpp"

using namespace tridg;
using namespace tridg::swtest;

namespace {

const std::string kCase = "cases/tsunami_ocean.toml";
const std::string kMesh = "meshes/prepared/thacker.h5";
// A fixed step of 2^-10 s (below the stability limit): sample times and the steps' times are
// exact binary fractions, so runs that stop at different samples take the same steps.
const std::string kDt = "0.0009765625";

struct Maxima {
  std::vector<double> level, depth, arrival;
  Json summary;
  std::vector<double> final_state;
};

Maxima run_basin(std::vector<std::string> sets, int threads = 0) {
  Scratch out("maxima");
  const RunResult r = test::run_cpu_quiet(source_path(kCase), 1, 0, std::move(sets), out.path(),
                                          source_path(kMesh), threads);
  const h5::File f = h5::File::open(out.file("max_inundation.h5"));
  std::vector<hsize_t> dims;
  Maxima m;
  m.level = f.read<double>("max_eta", dims);
  m.depth = f.read<double>("max_depth", dims);
  m.arrival = f.read<double>("arrival_time", dims);
  CHECK(f.attr_int("/", "every_step") == 1);
  m.summary = Json::parse(test::read_text(out.file("gauges_summary.json")));
  m.final_state = r.final_state;
  return m;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

void check_same(const Maxima& a, const Maxima& b) {
  CHECK(same_bits(a.level, b.level));
  CHECK(same_bits(a.depth, b.depth));
  CHECK(same_bits(a.arrival, b.arrival));
  CHECK(a.summary.at("runup") == b.summary.at("runup"));
}

double runup_of(const Maxima& m) {
  return m.summary.at("runup").at("elevation").get<double>();
}

} // namespace

TEST_CASE("maxima every step: a crest between two samples counts, whatever the interval") {
  TRIDG_SKIP_ORDER(1, return )
  const std::vector<std::string> base = {"time.dt=" + kDt, "time.end=0.25"};
  auto with = [&](const std::string& interval) {
    std::vector<std::string> s = base;
    s.push_back("gauges.interval=" + interval);
    return s;
  };
  // Samples at 0, 0.125 and 0.25 s against one at every step.
  const Maxima sparse = run_basin(with("0.125"));
  const Maxima dense = run_basin(with(kDt));
  CHECK(same_bits(sparse.final_state, dense.final_state)); // the samples moved no step
  check_same(sparse, dense);

  // What maxima over the samples alone would have been: the levels of the states at 0.125 and
  // 0.25 s (the initial hump has left the elements checked below).
  std::vector<std::string> half = base;
  half[1] = "time.end=0.125";
  half.push_back("gauges.interval=0.125");
  const Maxima mid = run_basin(half);
  const Config cfg = Config::load(source_path(kCase));
  const Mesh mesh = case_mesh(kMesh, 0);
  Scratch unused("maxima_case");
  const SwCase c = make_sw_case(cfg, case_settings(cfg, source_path(kCase), unused.path()), mesh);
  const int E = mesh.n_elems();
  auto level = [&](const std::vector<double>& st, int k) {
    const double h = mean(st, 1, E, 0, k);
    if (!(h > c.phys.dry_depth)) return -std::numeric_limits<double>::infinity();
    return c.bed->cell(c.phys, k, h, mean(st, 1, E, 1, k), mean(st, 1, E, 2, k)).level;
  };
  double largest_gap = 0;
  int below = 0;
  for (int k = 0; k < E; ++k) {
    const double sampled = std::max(level(mid.final_state, k), level(sparse.final_state, k));
    const double tracked = sparse.level[std::size_t(k)];
    if (!std::isfinite(sampled)) continue;
    REQUIRE(std::isfinite(tracked));
    // The host's arithmetic of the same level may round differently from the backend's.
    if (tracked < sampled - 1e-12) ++below;
    const ElementMap m = element_map(mesh, k);
    const bool away = std::hypot(m.xc() - 0.8, m.yc() - 1.4) > 0.5; // initial level < 1e-4
    if (away) largest_gap = std::max(largest_gap, tracked - sampled);
  }
  MESSAGE("the crest's height missed by the samples alone, at most " << largest_gap << " m");
  CHECK(below == 0);
  CHECK(largest_gap > 1e-3); // of a crest 0.05 m high at the start
}

TEST_CASE("maxima every step: the same bits on one and two threads") {
  TRIDG_SKIP_ORDER(1, return )
  const std::vector<std::string> sets = {"time.end=0.5", "gauges.interval=0.1"};
  check_same(run_basin(sets, 1), run_basin(sets, 2));
}

TEST_CASE("maxima every macro step of local time stepping, with run-up, near global stepping's") {
  TRIDG_SKIP_ORDER(1, return )
  // To 1.5 s: the wave crosses the shelf and runs up the beach.
  const std::vector<std::string> sets = {"time.end=1.5", "gauges.interval=0.5",
                                         "time.scheme=\"lsssprk42\""};
  std::vector<std::string> lts_sets = sets;
  lts_sets.insert(lts_sets.end(), {"time.lts_levels=4", "time.lts_min_speed=0.5"});
  const Maxima lts = run_basin(lts_sets, 1);
  const Maxima global = run_basin(sets);
  check_same(lts, run_basin(lts_sets, 2)); // the same bits on two threads
  double largest = 0, diff = 0;
  int arrived = 0;
  for (std::size_t k = 0; k < lts.level.size(); ++k) {
    CHECK(std::isnan(lts.level[k]) == std::isnan(global.level[k]));
    if (std::isnan(lts.level[k]) || std::isnan(global.level[k])) continue;
    largest = std::max(largest, lts.level[k]);
    diff = std::max(diff, std::abs(lts.level[k] - global.level[k]));
    arrived += !std::isnan(lts.arrival[k]);
  }
  MESSAGE("local time stepping: highest level "
          << largest << " m, at most " << diff << " m from global stepping's; " << arrived
          << " arrivals; run-up " << runup_of(lts) << " m (global " << runup_of(global) << " m)");
  CHECK(largest > 0.01);
  CHECK(diff < 0.05 * largest); // the time error of the two schemes, not a missed crest
  CHECK(arrived > 50);          // above the default 1 cm
  CHECK(std::isfinite(runup_of(lts)));
  CHECK(std::abs(runup_of(lts) - runup_of(global)) < 1e-3);
}
