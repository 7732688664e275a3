#pragma once
// The wet/dry-aware limiter steps of shallow water (the hooks limit_slopes, limit_positivity
// and limit_finish of kernels/physics_interface.hpp):
//  * shore and dry cells are kept at p = 0 (the kernels see them through their level only);
//  * wet cells: Barth-Jespersen on the surface eta = h + b against the edge neighbours' levels
//    (dry neighbours do not bound it) and on the momentum against the neighbours' means;
//  * positivity: the depth scaled towards its mean until it is >= 0 at every volume and edge
//    point (the points of the decomposition behind the positivity time-step condition);
//  * at the wet/dry interface and where the depth nearly vanishes inside the cell, momentum =
//    mean velocity times depth, so no point gets a velocity q / h far beyond the cell's.
#include "kernels/dg_limiter.hpp"
#include "physics/shallow_water/cell.hpp"

namespace tridg {

// Barth-Jespersen on one variable's modes: leaves them alone when the full polynomial is within
// [lo, hi] at every edge point, else keeps the linear part scaled into the bounds and drops the
// rest. Returns whether it changed anything.
template <int P, class Real>
TRIDG_HD bool sw_barth_jespersen(const DGTables<P, Real>& T, Real (&c)[Order<P>::NP], Real lo,
                                 Real hi) {
  constexpr int NP = Order<P>::NP, NF = Order<P>::NF;
  const Real mean = cell_mean(c[0]);
  bool troubled = false;
  Real alpha = 1;
#pragma unroll
  for (int s = 0; s < 3; ++s)
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      Real full = 0, lin = 0;
#pragma unroll
      for (int j = 1; j < NP; ++j) {
        const Real d = T.fphi[s][q][j] * c[j];
        full += d;
        if (j < 3) lin += d;
      }
      if (mean + full > hi || mean + full < lo) troubled = true;
      if (lin > Real(0) && mean + lin > hi) alpha = tmin(alpha, (hi - mean) / lin);
      if (lin < Real(0) && mean + lin < lo) alpha = tmin(alpha, (lo - mean) / lin);
    }
  if (!troubled) return false;
#pragma unroll
  for (int j = 1; j < NP; ++j) c[j] = j < 3 ? alpha * c[j] : Real(0);
  return true;
}

// Zeroes every mode above the mean; returns whether any was non-zero.
template <int P, class Real> TRIDG_HD bool sw_flatten(Real (&u)[3][Order<P>::NP]) {
  bool changed = false;
#pragma unroll
  for (int v = 0; v < 3; ++v)
#pragma unroll
    for (int j = 1; j < Order<P>::NP; ++j) {
      changed |= u[v][j] != Real(0);
      u[v][j] = 0;
    }
  return changed;
}

// The smallest depth at the volume and edge points.
template <int P, class Real>
TRIDG_HD Real sw_min_depth(const DGTables<P, Real>& T, const Real (&h)[Order<P>::NP]) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF;
  Real hmin = cell_mean(h[0]);
#pragma unroll
  for (int q = 0; q < NQ + 3 * NF; ++q) {
    const Real* phi = q < NQ ? T.vphi[q] : T.fphi[(q - NQ) / NF][(q - NQ) % NF];
    Real hq = 0;
#pragma unroll
    for (int j = 0; j < NP; ++j) hq += phi[j] * h[j];
    hmin = tmin(hmin, hq);
  }
  return hmin;
}

} // namespace tridg
