#pragma once
// Prescribed water level: constant `level`, or a time series in `table`
// ([n, t_0..t_n-1, eta_0..eta_n-1], linear in time). The ghost has the level's depth and the
// interior's outgoing Riemann invariant v_n + 2c (subcritical flow; supercritical outflow takes
// the interior state). After the series' last time the boundary is absorbing about `level`.
#include <tuple>

#include "core/mesh_real.hpp"
#include "physics/shallow_water/bc_absorbing.hpp"

namespace tridg {

template <class Real> struct SwLevelBc {
  Real level = 0; // the prescribed level; with a time series, the still level after it
  template <class S> static auto fields(S& s) { return std::tie(s.level); }
};

// The water level of a time series at time t; `past_end` tells whether t is after its last time.
template <class Real>
TRIDG_HD Real sw_series_level(const MeshReal<Real>* table, Real t, bool& past_end) {
  const int n = int(table[0] + 0.5);
  const MeshReal<Real>* ts = table + 1;
  const MeshReal<Real>* ls = table + 1 + n;
  past_end = t > ts[n - 1];
  if (t >= ts[n - 1]) return ls[n - 1];
  if (t <= ts[0]) return ls[0];
  int lo = 0, hi = n - 1; // ts[lo] <= t < ts[hi]
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (ts[mid] <= t)
      lo = mid;
    else
      hi = mid;
  }
  const Real w = (t - ts[lo]) / (ts[hi] - ts[lo]);
  return ls[lo] + w * (ls[hi] - ls[lo]);
}

// `table`: the time series, or null for a constant level.
template <class Real>
TRIDG_HD void sw_level_ghost(const SwConstants<Real>& ph, const SwLevelBc<Real>& bc,
                             const MeshReal<Real>* table, const Real* u, Real b, Real nx, Real ny,
                             Real t, Real* gs) {
  bool past_end = false;
  const Real level = table ? sw_series_level(table, t, past_end) : bc.level;
  if (past_end) {
    sw_absorbing_ghost(ph, u, b, bc.level, nx, ny, gs);
    return;
  }
  const SwEdgeState<Real> e = sw_edge_state(ph, u, nx, ny);
  if (e.outflowing()) {
    for (int k = 0; k < 3; ++k) gs[k] = u[k];
    return;
  }
  const Real hg = tmax(level - b, Real(0));
  sw_ghost_state(hg, e.vn + Real(2) * (e.c - sqrt(ph.g * hg)), e.vt, nx, ny, gs);
}

} // namespace tridg
