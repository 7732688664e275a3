#pragma once
// Prescribed surface level: constant `level`, or a time series in `table` (the shallow-water
// format [n, t_0..t_n-1, eta_0..eta_n-1], linear in time, read by the same code). The ghost has
// the level and the interior's outgoing characteristic qn + c eta, so the upwind flux's edge
// state has exactly the prescribed eta. After the series' last time the boundary is absorbing
// about `level` (the still level).
#include <cmath>
#include <tuple>

#include "core/mesh_real.hpp"
#include "physics/linear_shallow_water/bc_absorbing.hpp"
#include "physics/shallow_water/bc_level.hpp"

namespace tridg {

template <class Real> struct LswLevelBc {
  Real level = 0; // the prescribed level; with a time series, the still level after it
  template <class S> static auto fields(S& s) { return std::tie(s.level); }
};

// `table`: the time series, or null for a constant level.
template <class Real>
TRIDG_HD void lsw_level_ghost(Real g, Real H, const LswLevelBc<Real>& bc,
                              const MeshReal<Real>* table, const Real* u, Real nx, Real ny, Real t,
                              Real* gs) {
  bool past_end = false;
  const Real level = table ? sw_series_level(table, t, past_end) : bc.level;
  if (past_end) {
    lsw_absorbing_ghost(g, H, u, bc.level, nx, ny, gs);
    return;
  }
  const Real c = sqrt(g * H);
  const LswEdgeState<Real> e = lsw_edge_state(u, nx, ny);
  lsw_from_edge(level, e.qn + c * (e.eta - level), e.qt, nx, ny, gs);
}

} // namespace tridg
