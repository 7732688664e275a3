#pragma once
// The limiter, one element at a time, in three steps a physics may replace
// (kernels/physics_interface.hpp): slopes (default: vertex-based Barth-Jespersen, hierarchical for
// p > 1), positivity (default: Zhang-Shu on the physics' positive quantities) and a finishing
// step (default: none). Only the element's own coefficients change, and its means only through
// the physics' limited_mean, through which the neighbours read them: elements may be limited
// concurrently and in any order.
#include <limits>

#include "core/dg_tables.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/physics_interface.hpp"

namespace tridg {

template <class Real> struct LimiterParams {
  bool barth_jespersen = false;
  bool positivity = false;
  Real tvb_m = 0;           // bounds widened by M h^2 so smooth extrema are not flattened
  Real floor = Real(1e-10); // lower bound the positivity fix keeps density/pressure/depth above
};

// The mean of variable v of element k as its limiter leaves it (what neighbours compare with).
template <int P, class Phys, class Real>
TRIDG_HD void limited_means(const Phys& phys, const StateView<Real>& U, int k,
                            Real (&mean)[Phys::M]) {
  constexpr int NP = Order<P>::NP;
#pragma unroll
  for (int v = 0; v < Phys::M; ++v) mean[v] = cell_mean(ldg(&U.c[row_offset(v * NP, U.n, k)]));
  phys.limited_mean(mean);
}

// How far one variable's polynomial c can stray from its mean at the volume, edge and view
// points: sum_{j >= 1} |c_j| max_q |phi_j(q)|.
template <int P, class Real>
TRIDG_HD Real deviation_bound(const DGTables<P, Real>& T, const Real (&c)[Order<P>::NP]) {
  Real dev = 0;
#pragma unroll
  for (int j = 1; j < Order<P>::NP; ++j) dev += tabs(c[j]) * T.pmax[j];
  return dev;
}

// The largest deviation_bound of the cell's variables (the view points include the vertices).
template <int P, int M, class Real>
TRIDG_HD Real largest_deviation(const DGTables<P, Real>& T, const Real (&u)[M][Order<P>::NP]) {
  Real largest = 0;
#pragma unroll
  for (int v = 0; v < M; ++v) largest = tmax(largest, deviation_bound<P>(T, u[v]));
  return largest;
}

// The limiter's rounding band: 64 ulps of the cell's largest mean. Rounding must not make a
// uniform state look troubled; a variable that is zero (momentum at rest) has no scale of its
// own, so the largest one sets the band.
template <int NP, int M, class Real> TRIDG_HD Real rounding_band(const Real (&u)[M][NP]) {
  Real scale = 0;
#pragma unroll
  for (int v = 0; v < M; ++v) scale = tmax(scale, tabs(cell_mean(u[v][0])));
  return Real(64) * std::numeric_limits<Real>::epsilon() * scale;
}

// Slopes within this fraction of the limiter's rounding band are rounding noise that the limiter
// leaves alone; between it and half the band it zeroes them (vertex_barth_jespersen).
constexpr double kNoiseKept = 0.25;

// Entries of a vertex's element list whose loads vertex_barth_jespersen asks for together. A cell
// that walks its patch waits, entry by entry, for the entry's element and then for its means,
// and holds its whole warp meanwhile: a launch lasts as long as its slowest warp. Eight covers
// an interior vertex's list (six elements on a regular mesh) in one round of loads
// (bench/NOTES.md has the measurements).
constexpr int kPatchChunk = 8;

// Vertex-based Barth-Jespersen (Kuzmin 2010) on the conserved variables: the bounds at each
// vertex are the extreme cell averages of all elements that share it, and the linear part is
// checked at the vertices. A linear field stays untouched (an interior vertex lies inside its
// patch's centroids), and at p = 1 no edge point leaves the bounds of its two vertices. For
// p > 1 only troubled cells (the full polynomial out of bounds) are limited, to their scaled
// linear part.
template <int P, class Phys, class Real>
TRIDG_HD bool vertex_barth_jespersen(const DGTables<P, Real>& T, const Phys& phys,
                                     const MeshView<Real>& m, const StateView<Real>& U,
                                     const LimiterParams<Real>& lp, int k,
                                     Real (&u)[Phys::M][Order<P>::NP]) {
  constexpr int NP = Order<P>::NP, NF = Order<P>::NF, M = Phys::M;
  const int E = m.n_elems;
  const Real r = Real(1) / inv_inradius(m, k);
  const Real slack = lp.tvb_m * Real(4) * r * r;
  const Real noise = rounding_band(u);
  const Real widen = slack + noise;
  // A cell within half of widen of its mean at every vertex and edge point passes the checks
  // below against any bounds that contain its mean, as every patch's do: the other half covers
  // the rounding of the checks' sums (at most NP ulps of the mean; 64 ulps of the largest mean
  // are in widen), and rounding is monotone. So uniform regions skip the patch's gathers.
  // Their slopes are rounding noise, which every stage renews and which can add up over
  // thousands of steps until it leaves the band (on the GPU's double Mach flow most warps then
  // had a cell outside it: bench/NOTES.md). Past kNoiseKept of the rounding band (never the TVB
  // slack, which may hold real extrema) it is zeroed: a change below what the checks resolve,
  // written only when the noise has grown.
  static_assert(Order<P>::NP <= 32, "the rounding margin assumes at most 32 modes");
  const Real dev = largest_deviation<P>(T, u);
  if (dev <= Real(0.5) * widen) {
    if (dev <= Real(kNoiseKept) * noise || dev > Real(0.5) * noise) return false;
#pragma unroll
    for (int v = 0; v < M; ++v)
#pragma unroll
      for (int j = 1; j < NP; ++j) u[v][j] = 0;
    return true;
  }
  Real alpha[M], glo[M], ghi[M];
  unsigned troubled = 0;
#pragma unroll
  for (int v = 0; v < M; ++v) {
    alpha[v] = 1;
    glo[v] = ghi[v] = cell_mean(u[v][0]);
  }
  // The three vertices' list bounds are asked for together, then each list in chunks of
  // kPatchChunk entries. A chunk past the list's end repeats its last entry: the extremes are
  // exact, so the repeat changes nothing.
  int node[3], first[3], end[3];
#pragma unroll
  for (int i = 0; i < 3; ++i) node[i] = ldg(&m.elem_node[row_offset(i, E, k)]);
#pragma unroll
  for (int i = 0; i < 3; ++i) {
    end[i] = ldg(&m.node_elem_start[node[i] + 1]);
    first[i] = ldg(&m.node_elem_start[node[i]]);
  }
#pragma unroll
  for (int i = 0; i < 3; ++i) {
    Real lo[M], hi[M];
#pragma unroll
    for (int v = 0; v < M; ++v) lo[v] = hi[v] = cell_mean(u[v][0]);
    for (int j = first[i]; j < end[i]; j += kPatchChunk) {
      int el[kPatchChunk];
#pragma unroll
      for (int c = 0; c < kPatchChunk; ++c) el[c] = ldg(&m.node_elem[tmin(j + c, end[i] - 1)]);
      Real a[kPatchChunk][M];
#pragma unroll
      for (int c = 0; c < kPatchChunk; ++c) limited_means<P>(phys, U, el[c], a[c]);
#pragma unroll
      for (int c = 0; c < kPatchChunk; ++c)
#pragma unroll
        for (int v = 0; v < M; ++v) {
          lo[v] = tmin(lo[v], a[c][v]);
          hi[v] = tmax(hi[v], a[c][v]);
        }
    }
#pragma unroll
    for (int v = 0; v < M; ++v) {
      const Real mean = cell_mean(u[v][0]);
      const Real l = lo[v] - widen, h = hi[v] + widen;
      glo[v] = tmin(glo[v], l);
      ghi[v] = tmax(ghi[v], h);
      Real full = 0, lin = 0;
#pragma unroll
      for (int j = 1; j < NP; ++j) {
        const Real d = T.vtx[i][j] * u[v][j];
        full += d;
        if (j < 3) lin += d;
      }
      if (mean + full > h || mean + full < l) troubled |= 1u << v;
      if (lin > Real(0) && mean + lin > h) alpha[v] = tmin(alpha[v], (h - mean) / lin);
      if (lin < Real(0) && mean + lin < l) alpha[v] = tmin(alpha[v], (l - mean) / lin);
    }
  }
  if constexpr (P >= 2) {
    // Higher modes can overshoot between the vertices: the whole polynomial must stay within
    // the patch's bounds at the edge points too.
#pragma unroll
    for (int s = 0; s < 3; ++s)
#pragma unroll
      for (int q = 0; q < NF; ++q)
#pragma unroll
        for (int v = 0; v < M; ++v) {
          Real full = cell_mean(u[v][0]);
#pragma unroll
          for (int j = 1; j < NP; ++j) full += T.fphi[s][q][j] * u[v][j];
          if (full > ghi[v] || full < glo[v]) troubled |= 1u << v;
        }
  }
  bool changed = false;
#pragma unroll
  for (int v = 0; v < M; ++v)
    if (troubled & (1u << v)) {
      changed = true;
#pragma unroll
      for (int j = 1; j < NP; ++j) u[v][j] = j < 3 ? alpha[v] * u[v][j] : Real(0);
    }
  return changed;
}

// The state at positivity point q of the element: volume points, then edge Gauss points, then
// view points.
template <int P, int M, class Real>
TRIDG_HD void point_values(const DGTables<P, Real>& T, const Real (&u)[M][Order<P>::NP], int q,
                           Real (&uq)[M]) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF;
  const Real* phi = q < NQ            ? T.vphi[q]
                    : q < NQ + 3 * NF ? T.fphi[(q - NQ) / NF][(q - NQ) % NF]
                                      : T.vview[q - NQ - 3 * NF];
#pragma unroll
  for (int v = 0; v < M; ++v) {
    Real a = 0;
#pragma unroll
    for (int j = 0; j < NP; ++j) a += phi[j] * u[v][j];
    uq[v] = a;
  }
}

// The range [lo, hi] of one variable's values at the positivity points as point_values computes
// them: |u(q) - mean| <= deviation_bound, widened by a bound on the sums' rounding (a few units
// in the last place of the terms' magnitude per term).
template <int P, class Real>
TRIDG_HD void point_value_range(const DGTables<P, Real>& T, const Real (&c)[Order<P>::NP],
                                Real mean, Real& lo, Real& hi) {
  constexpr int NP = Order<P>::NP;
  Real dev = deviation_bound<P>(T, c);
  dev += Real(4 * (NP + 2)) * std::numeric_limits<Real>::epsilon() * (tabs(mean) + dev);
  lo = mean - dev;
  hi = mean + dev;
}

// The least value Zhang-Shu lets positive quantity n take at a point of a cell with these means:
// the floor, or the quantity at the means where that is lower.
template <class Phys, class Real>
TRIDG_HD Real positivity_floor(const Phys& phys, const LimiterParams<Real>& lp, int n,
                               const Real (&mean)[Phys::M]) {
  return tmin(lp.floor, phys.positive_quantity(n, mean));
}

// Whether positive quantity n passes at the point a fraction t of the way from the mean to uq.
template <class Phys, class Real>
TRIDG_HD bool passes_at(const Phys& phys, int n, const Real (&mean)[Phys::M],
                        const Real (&uq)[Phys::M], Real t, Real eps) {
  Real w[Phys::M];
#pragma unroll
  for (int v = 0; v < Phys::M; ++v) w[v] = mean[v] + t * (uq[v] - mean[v]);
  return phys.positive_quantity(n, w) >= eps;
}

// How far below the root positive_fraction may answer: the bisection's last interval, or a few
// units in the last place of t where that is finer than the precision.
template <class Real> TRIDG_HD Real fraction_tolerance() {
  return tmax(Real(0x1p-40), Real(8) * std::numeric_limits<Real>::epsilon());
}

// The largest t in [0, 1], to within fraction_tolerance, with positive quantity n >= eps all the
// way from the mean, which passes, towards uq, which fails. The physics' closed form where it has
// one (positive_segment), stepped back by the tolerance so that the rounding of the root cannot
// leave the point below eps, and used where the point passes there; else bisection, which the
// quantities' concavity along the segment allows. A bisection's 40 dependent steps made the few
// cells that take it the slowest of a limiter launch (bench/NOTES.md).
template <class Phys, class Real>
TRIDG_HD Real positive_fraction(const Phys& phys, int n, const Real (&mean)[Phys::M],
                                const Real (&uq)[Phys::M], Real eps) {
  const Real tol = fraction_tolerance<Real>();
  if constexpr (Phys::has_positive_segment) {
    const Real t = phys.positive_segment(n, mean, uq, eps) - tol;
    if (t >= Real(0) && t <= Real(1) && passes_at(phys, n, mean, uq, t, eps)) return t;
  }
  Real t0 = 0, t1 = 1;
  for (int it = 0; it < 40; ++it) {
    const Real tm = Real(0.5) * (t0 + t1);
    if (passes_at(phys, n, mean, uq, tm, eps))
      t0 = tm;
    else
      t1 = tm;
  }
  return t0;
}

// Zhang-Shu: scales all modes above the mean towards it until each positive quantity is at
// least min(floor, its mean value) at every volume and edge point (where the scheme evaluates
// the state) and every view point (what output shows).
template <int P, class Phys, class Real>
TRIDG_HD bool zhang_shu(const DGTables<P, Real>& T, const Phys& phys, const LimiterParams<Real>& lp,
                        Real (&u)[Phys::M][Order<P>::NP]) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, M = Phys::M;
  constexpr int NPTS = NQ + 3 * NF + Order<P>::NV;
  bool changed = false;
  Real mean[M], lo[M], hi[M];
#pragma unroll
  for (int v = 0; v < M; ++v) {
    mean[v] = cell_mean(u[v][0]);
    if constexpr (Phys::has_positive_bound) point_value_range<P>(T, u[v], mean[v], lo[v], hi[v]);
  }
#pragma unroll
  for (int n = 0; n < Phys::n_positive; ++n) {
    const Real eps = positivity_floor(phys, lp, n, mean);
    // Where the whole range passes (away from shocks), every point would: none is evaluated. The
    // range also holds the values after a scaling for an earlier quantity, which moves them
    // towards the mean.
    if constexpr (Phys::has_positive_bound)
      if (phys.positive_lower_bound(n, lo, hi) >= eps) continue;
    // The common case, unrolled: every point passes. Only a cell with a failing point takes
    // the loop below (not unrolled: it would multiply the kernel's code by the point count).
    bool all_pass = true;
#pragma unroll
    for (int q = 0; q < NPTS; ++q) {
      Real uq[M];
      point_values<P>(T, u, q, uq);
      all_pass = all_pass && phys.positive_quantity(n, uq) >= eps;
    }
    if (all_pass) continue;
    Real theta = 1;
    for (int q = 0; q < NPTS; ++q) {
      Real uq[M];
      point_values<P>(T, u, q, uq);
      if (phys.positive_quantity(n, uq) >= eps) continue;
      theta = tmin(theta, positive_fraction(phys, n, mean, uq, eps));
    }
    if (theta < Real(1)) {
      changed = true;
#pragma unroll
      for (int v = 0; v < M; ++v)
#pragma unroll
        for (int j = 1; j < NP; ++j) u[v][j] *= theta;
    }
  }
  return changed;
}

// Whether the limiter, with the slope limiter off, reads nothing but the element's own
// coefficients: a physics that replaces none of the limiter's steps is then limited by Zhang-Shu
// and its limited_mean alone, and the element stage runs them on the coefficients it has just
// computed instead of a pass of its own over the state (element_stage, limit_own).
template <class Phys>
constexpr bool limits_own_coefficients =
    !Phys::custom_slopes && !Phys::custom_positivity && !Phys::has_limit_finish;

// The means as the neighbours read them (limited_means): the physics' limited_mean of `mean`.
template <class Phys, class Real>
TRIDG_HD void limited_copy(const Phys& phys, const Real (&mean)[Phys::M], Real (&lm)[Phys::M]) {
#pragma unroll
  for (int v = 0; v < Phys::M; ++v) lm[v] = mean[v];
  phys.limited_mean(lm);
}

// limit_element's last step: the means as the neighbours read them, written into mode 0 where
// the physics changes them. `mean` holds the means before the limiter.
template <int P, class Phys, class Real>
TRIDG_HD bool apply_limited_mean(const Phys& phys, const Real (&mean)[Phys::M],
                                 Real (&u)[Phys::M][Order<P>::NP]) {
  constexpr int M = Phys::M;
  Real lm[M];
  limited_copy(phys, mean, lm);
  bool changed = false;
#pragma unroll
  for (int v = 0; v < M; ++v)
    if (lm[v] != mean[v]) {
      changed = true;
      u[v][0] = mode0_of_mean(lm[v]);
    }
  return changed;
}

// What the limiter changed in a cell: mode 0 (only apply_limited_mean changes the means) and the
// modes above it.
struct LimitedRows {
  bool means = false, slopes = false;
  TRIDG_HD operator bool() const { return means || slopes; }
};

// Writes back the rows of element k that the limiter changed; the others already hold u's values.
// On the GPU's developed double Mach flow the limited cells' writes were a large part of the
// pass's traffic, and at p = 1 mode 0 was a third of them (bench/NOTES.md).
template <int NP, int M, class Real>
TRIDG_HD void store_limited(const StateView<Real>& U, int k, const Real (&u)[M][NP],
                            LimitedRows r) {
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j)
      if (j == 0 ? r.means : r.slopes) U.c[row_offset(v * NP + j, U.n, k)] = u[v][j];
}

// limit_element without the slope limiter, for a physics with limits_own_coefficients: the same
// steps on the same values, so a stage that runs it gives the bits of the separate pass.
template <int P, class Phys, class Real>
TRIDG_HD LimitedRows limit_own(const DGTables<P, Real>& T, const Phys& phys,
                               const LimiterParams<Real>& lp, Real (&u)[Phys::M][Order<P>::NP]) {
  static_assert(limits_own_coefficients<Phys>, "the physics' limiter reads more than the element");
  Real mean[Phys::M];
#pragma unroll
  for (int v = 0; v < Phys::M; ++v) mean[v] = cell_mean(u[v][0]);
  LimitedRows r;
  if constexpr (P > 0)
    if (lp.positivity) r.slopes = zhang_shu<P>(T, phys, lp, u);
  r.means = apply_limited_mean<P>(phys, mean, u);
  return r;
}

// True only if limit_own leaves a cell with these means and this box of point values
// (point_value_range of each variable) unchanged: limited_mean keeps the means, and every
// positive quantity passes zhang_shu's range test. A false is no verdict: limit_own on the
// coefficients then decides (it evaluates the points itself). For a caller that holds the box
// but not the coefficients (the GPU's by-variable stage).
template <int P, class Phys, class Real>
TRIDG_HD bool limit_own_leaves(const Phys& phys, const LimiterParams<Real>& lp,
                               const Real (&mean)[Phys::M], const Real (&lo)[Phys::M],
                               const Real (&hi)[Phys::M]) {
  Real lm[Phys::M];
  limited_copy(phys, mean, lm);
  bool leave = true;
#pragma unroll
  for (int v = 0; v < Phys::M; ++v) leave = leave && lm[v] == mean[v];
  if constexpr (P > 0) {
    if (!lp.positivity) return leave;
    if constexpr (!Phys::has_positive_bound) {
      return false; // no range test: the points decide
    } else {
#pragma unroll
      for (int n = 0; n < Phys::n_positive; ++n)
        leave =
            leave && phys.positive_lower_bound(n, lo, hi) >= positivity_floor(phys, lp, n, mean);
    }
  }
  return leave;
}

template <int P, class Phys, class Real>
TRIDG_HD void limit_element(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, const LimiterParams<Real>& lp, int k) {
  constexpr int NP = Order<P>::NP, M = Phys::M;
  Real u[M][NP];
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) u[v][j] = ldg(&U.c[row_offset(v * NP + j, U.n, k)]);
  Real mean[M];
#pragma unroll
  for (int v = 0; v < M; ++v) mean[v] = cell_mean(u[v][0]);
  const typename Phys::Cell cell = phys.template cell<P>(m, k, mean);
  LimitedRows r;
  if constexpr (Phys::custom_slopes) {
    r.slopes |= phys.template limit_slopes<P>(T, m, U, lp, k, cell, u);
  } else if constexpr (P > 0) {
    if (lp.barth_jespersen) r.slopes |= vertex_barth_jespersen<P>(T, phys, m, U, lp, k, u);
  }
  if constexpr (Phys::custom_positivity) {
    r.slopes |= phys.template limit_positivity<P>(T, lp, cell, u);
  } else if constexpr (P > 0) {
    if (lp.positivity) r.slopes |= zhang_shu<P>(T, phys, lp, u);
  }
  if constexpr (Phys::has_limit_finish)
    r.slopes |= phys.template limit_finish<P>(T, m, U, k, cell, u);
  r.means = apply_limited_mean<P>(phys, mean, u);
  store_limited(U, k, u, r);
}

} // namespace tridg
