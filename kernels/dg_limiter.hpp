#pragma once
// Barth-Jespersen limiting of the linear modes against the neighbours' cell averages, troubled-cell
// handling for p > 1, and the Zhang-Shu positivity fix. One element at a time; only the element's
// own higher modes change, so neighbours may read averages concurrently.
#include <limits>

#include "kernels/dg_tables.hpp"
#include "kernels/dg_views.hpp"

namespace tridg {

template <class Real> struct LimiterParams {
  bool barth_jespersen = false;
  bool positivity = false;
  Real tvb_m = 0;           // bounds widened by M h^2 so smooth extrema are not flattened (p > 1)
  Real floor = Real(1e-10); // lower bound the positivity fix keeps density/pressure/depth above
};

template <int P, class Phys, class Real>
TRIDG_HD void limit_element(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, const LimiterParams<Real>& lp, int k) {
  if constexpr (Phys::has_source) {
    // Shallow water: wet/dry-aware limiting of the surface h + b (kernels/sw_dg.hpp).
    phys.template limit<P>(T, m, U, lp, k);
  } else {
    constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, M = Phys::M;
    constexpr Real sqrt2 = Real(1.4142135623730951);
    Real u[M][NP];
#pragma unroll
    for (int v = 0; v < M; ++v)
#pragma unroll
      for (int j = 0; j < NP; ++j) u[v][j] = ldg(&U.c[(v * NP + j) * U.n + k]);
    bool changed = false;
    if constexpr (P > 0) {
      if (lp.barth_jespersen) {
        int nb[3];
#pragma unroll
        for (int s = 0; s < 3; ++s) nb[s] = neighbour(m, k, s);
        const Real r = Real(1) / ldg(&m.inv_radius[k]);
        const Real slack = lp.tvb_m * Real(4) * r * r;
        Real lov[M], hiv[M], scale = 0;
#pragma unroll
        for (int v = 0; v < M; ++v) {
          const Real mean = sqrt2 * u[v][0];
          Real lo = mean, hi = mean;
#pragma unroll
          for (int s = 0; s < 3; ++s)
            if (nb[s] >= 0) {
              const Real a = sqrt2 * ldg(&U.c[(v * NP) * U.n + nb[s]]);
              lo = tmin(lo, a);
              hi = tmax(hi, a);
            }
          lov[v] = lo;
          hiv[v] = hi;
          scale = tmax(scale, tmax(tabs(lo), tabs(hi)));
        }
        // Widen by the TVB slack and by rounding: a uniform state must not count as troubled
        // because its higher modes hold rounding noise. The noise floor is taken from the largest
        // variable, since a variable that is zero (momentum at rest) has no scale of its own.
        const Real noise = Real(64) * std::numeric_limits<Real>::epsilon() * scale;
#pragma unroll
        for (int v = 0; v < M; ++v) {
          const Real mean = sqrt2 * u[v][0];
          const Real lo = lov[v] - slack - noise, hi = hiv[v] + slack + noise;
          // Is the full polynomial within the bounds at every edge point? Then leave it alone.
          bool troubled = false;
          Real alpha = 1;
#pragma unroll
          for (int s = 0; s < 3; ++s)
#pragma unroll
            for (int q = 0; q < NF; ++q) {
              Real full = 0, lin = 0;
#pragma unroll
              for (int j = 1; j < NP; ++j) {
                const Real d = T.fphi[s][q][j] * u[v][j];
                full += d;
                if (j < 3) lin += d;
              }
              if (mean + full > hi || mean + full < lo) troubled = true;
              if (lin > Real(0) && mean + lin > hi) alpha = tmin(alpha, (hi - mean) / lin);
              if (lin < Real(0) && mean + lin < lo) alpha = tmin(alpha, (lo - mean) / lin);
            }
          if (troubled) {
            changed = true;
#pragma unroll
            for (int j = 1; j < NP; ++j) u[v][j] = j < 3 ? alpha * u[v][j] : Real(0);
          }
        }
      }
      if (lp.positivity) {
        Real mean[M];
#pragma unroll
        for (int v = 0; v < M; ++v) mean[v] = sqrt2 * u[v][0];
#pragma unroll
        for (int n = 0; n < Phys::n_positive; ++n) {
          const Real pm = phys.positive_quantity(n, mean);
          const Real eps = tmin(lp.floor, pm);
          Real theta = 1;
          // Points: every volume point and every edge point.
#pragma unroll
          for (int q = 0; q < NQ + 3 * NF; ++q) {
            const Real* phi = q < NQ ? T.vphi[q] : T.fphi[(q - NQ) / NF][(q - NQ) % NF];
            Real uq[M];
#pragma unroll
            for (int v = 0; v < M; ++v) {
              Real a = 0;
#pragma unroll
              for (int j = 0; j < NP; ++j) a += phi[j] * u[v][j];
              uq[v] = a;
            }
            if (phys.positive_quantity(n, uq) >= eps) continue;
            // Largest t in [0,1] with the quantity >= eps on the segment mean -> uq (bisection:
            // the quantities are concave along it, and this path is rare).
            Real t0 = 0, t1 = 1;
            for (int it = 0; it < 40; ++it) {
              const Real tm = Real(0.5) * (t0 + t1);
              Real w[M];
#pragma unroll
              for (int v = 0; v < M; ++v) w[v] = mean[v] + tm * (uq[v] - mean[v]);
              if (phys.positive_quantity(n, w) >= eps)
                t0 = tm;
              else
                t1 = tm;
            }
            theta = tmin(theta, t0);
          }
          if (theta < Real(1)) {
            changed = true;
#pragma unroll
            for (int v = 0; v < M; ++v)
#pragma unroll
              for (int j = 1; j < NP; ++j) u[v][j] *= theta;
          }
        }
      }
    }
    if (changed) {
#pragma unroll
      for (int v = 0; v < M; ++v)
#pragma unroll
        for (int j = 1; j < NP; ++j) U.c[(v * NP + j) * U.n + k] = u[v][j];
    }
  }
}

} // namespace tridg
