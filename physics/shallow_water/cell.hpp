#pragma once
// The wet/dry state of a shallow-water cell, computed from its means once per element and edge.
//
// A cell is wet when a flat surface holding its water would cover every quadrature point
// (mean depth >= max b - mean b). Otherwise it is a shore cell: kept at p = 0 by the limiter and
// seen by the edges as a flat surface at the level C where the cell's water volume lies,
// sum_s w_s max(0, C - b_s) = mean depth over the cell's sample points s (the edge and volume
// points, with the positive weights of the positivity decomposition). A lake at rest then has
// the same level on both sides of every edge, wet or shore, and stays at rest; a dry cell (mean
// depth <= 0) is a shore cell without water.
#include "core/mesh_real.hpp"
#include "kernels/dg_views.hpp"
#include "physics/shallow_water/bed_layout.hpp"
#include "physics/shallow_water/state.hpp"

namespace tridg {

enum SwCellKind : int { sw_dry = 0, sw_shore = 1, sw_wet = 2 };

template <class Real> struct SwCell {
  int kind = sw_dry;
  Real h = 0;     // mean depth
  Real level = 0; // the flat water level of a shore cell; mean surface of a wet cell
  Real u = 0, v = 0;
};

// The level C of a shore cell with mean depth h: solves sum_s w_s max(0, C - b_s) = h on the
// sorted samples (piecewise linear and increasing in C, so one pass finds the piece).
template <class Real>
TRIDG_HD Real sw_shore_level(const SwAuxLayout& L, const MeshReal<Real>* aux, int E, int k,
                             Real h) {
  Real wi = 0, wbi = 0;
  for (int i = 0; i < L.ns; ++i) {
    const Real w = aux[row_offset(L.cum_w() + i, E, k)];
    if (!(w > Real(0))) continue; // leading samples of zero weight hold no water
    const Real wb = aux[row_offset(L.cum_wb() + i, E, k)];
    // The level lies below sample i (never before the first piece: rounding of w b_i - wb).
    if (wi > Real(0) && w * aux[row_offset(L.sorted_b() + i, E, k)] - wb > h) break;
    wi = w;
    wbi = wb;
  }
  return (h + wbi) / wi;
}

// The wet/dry state of element k from its means (h, hu, hv).
template <class Real>
TRIDG_HD SwCell<Real> sw_cell(const SwConstants<Real>& st, const SwAuxLayout& L,
                              const MeshReal<Real>* aux, int E, int k, const Real* mean) {
  SwCell<Real> c;
  const Real h = mean[0];
  c.h = h;
  if (!(h > Real(0))) return c;
  c.u = st.velocity(h, mean[1]);
  c.v = st.velocity(h, mean[2]);
  if (h >= aux[row_offset(L.wet_depth(), E, k)]) {
    c.kind = sw_wet;
    c.level = h + cell_mean(aux[row_offset(L.b_modes(), E, k)]);
  } else {
    c.kind = sw_shore;
    c.level = sw_shore_level(L, aux, E, k, h);
  }
  return c;
}

} // namespace tridg
