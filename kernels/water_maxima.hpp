#pragma once
// Per-element maxima of the water, which the backends update from the state after every step
// (every macro step of local time stepping): the highest level and depth while wet, the first
// time the level rose above the arrival level, and per run-up rule the highest reach with the
// time it was first reached. The CPU's loops and the GPU's kernels call the same functions here,
// so both keep the same bits; gauges (tsunami/gauges.hpp) read the arrays at the end of a run.
//
// A cell is seen through the physics' water_cell<P>(m, k, mean0) hook (mean0: the mean of its
// first variable), which physics without water (Euler) do not have (Phys::has_water_cell).
#include <cstddef>
#include <limits>

#include "core/cell_mean.hpp"
#include "core/hd.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/water_cell.hpp"

namespace tridg {

// Water at least min_depth deep counts for run-up; its reach is the ground it covers or, with
// `stage`, its level (a surveyed flow height).
struct ReachRule {
  double min_depth = 1e-3;
  bool stage = false;
};

// What is tracked. A case's run-up points share few rules (one per distinct min_depth and
// measure), so a fixed number of them travels by value to the kernels.
constexpr int kMaxReachRules = 8;
struct MaximaRule {
  double arrival_level = 0, arrival_threshold = 0.01; // arrival: level > level + threshold
  int n_reach = 0;
  ReachRule reach[kMaxReachRules];
};

// The tracked arrays in the backend's memory: [n] per element, reach and reach_time [n_reach][n].
struct MaximaView {
  int n = 0;
  double* level = nullptr;      // the highest level while wet; NaN: never wet
  double* depth = nullptr;      // the highest depth while wet; 0: never
  double* arrival = nullptr;    // the first time above the arrival level; NaN: never
  double* reach = nullptr;      // per rule, the highest reach; -infinity: never
  double* reach_time = nullptr; // per rule, the first time at that reach
};

// The values before the first sample, per array of MaximaView.
inline double maxima_start_level() {
  return std::numeric_limits<double>::quiet_NaN();
}
inline double maxima_start_reach() {
  return -std::numeric_limits<double>::infinity();
}

// Takes cell c of element k at time t into the maxima. Every update keeps the first of equal
// values, so a state seen twice (a step that did not move) changes nothing.
template <class Real>
TRIDG_HD void track_water(const MaximaRule& r, const MaximaView& mx, int k,
                          const WaterCell<Real>& c, double t) {
  const double level = double(c.level), depth = double(c.depth);
  if (c.wet) {
    if (!(mx.level[k] >= level)) mx.level[k] = level; // NaN before the first wet sample
    if (mx.depth[k] < depth) mx.depth[k] = depth;
    const double a = mx.arrival[k];
    if (a != a && level > r.arrival_level + r.arrival_threshold) mx.arrival[k] = t; // a is NaN
  }
  for (int i = 0; i < r.n_reach; ++i) {
    if (!(depth >= r.reach[i].min_depth)) continue;
    const double reach = r.reach[i].stage ? level : double(c.ground);
    const std::size_t at = std::size_t(i) * std::size_t(mx.n) + std::size_t(k);
    if (reach > mx.reach[at]) {
      mx.reach[at] = reach;
      mx.reach_time[at] = t;
    }
  }
}

// Element k of state U at time t.
template <int P, class Phys, class Real>
TRIDG_HD void track_element_water(const Phys& phys, const MeshView<Real>& m,
                                  const StateView<Real>& U, const MaximaRule& r,
                                  const MaximaView& mx, int k, double t) {
  const Real mean0 = cell_mean(U.c[k]); // variable 0, mode 0
  track_water(r, mx, k, phys.template water_cell<P>(m, k, mean0), t);
}

} // namespace tridg
