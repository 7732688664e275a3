#pragma once
// The element stage of kernels/dg_element.hpp on the GPU for p >= 2, with M threads per
// element, one per variable. A thread per element holds NP x M coefficients and as many
// right-hand sides (120 values at p = 4 for Euler), which the register cap cannot hold: the
// kernel spills or runs at a few warps per multiprocessor and stops scaling at p >= 3
// (bench/NOTES.md). Here a thread holds only its variable's NP coefficients and right-hand sides,
// and the point functions, which need all M variables at a point, get them from the element's
// other lanes by warp shuffles; each of the M lanes evaluates the same flux and keeps its own
// component. The sums run in the same order as element_stage's, so the numerics are those of
// the thread-per-element kernel.
//
// Only for physics without element terms beyond the volume flux (no side corrections or
// sources: those take the thread-per-element kernel) and with M dividing the warp.
#include <cuda_runtime.h>

#include <limits>

#include "backends/cuda/rate_max.cuh"
#include "backends/cuda/step_launch.cuh"
#include "backends/cuda/update_operands.cuh"
#include "kernels/dg_element.hpp"

namespace tridg {

template <class Phys>
constexpr bool by_variable_fits = 32 % Phys::M == 0 && !Phys::has_side_correction &&
                                  !Phys::has_point_source && !Phys::has_cell_source;

// The value `own` of each lane of this element's group of M lanes (lane w holds variable w).
template <int M, class Real>
__device__ __forceinline__ void gather_lanes(unsigned mask, Real own, Real (&u)[M]) {
#pragma unroll
  for (int w = 0; w < M; ++w) u[w] = __shfl_sync(mask, own, w, M);
}

// What a lane of element_stage_by_variable leaves for its element's thread (element_tail): its
// variable's new mean and, where the stage limits or checks its view points, either the box of
// its variable's point values or (a physics without an admissible_bound) the element's verdict at
// its view points.
template <class Real> struct LaneEnd {
  Real mean = 0;
  Real lo = 0, hi = 0;
  bool points_ok = true;
};

// One Runge-Kutta stage of element k for variable v (see element_stage). Every lane of the
// element's group must call it (the shuffles), with the same k; `mask` holds the calling lanes.
// With `want_rate` or `limit` it returns what element_tail needs: the stage output is limited
// and the rate taken once per element, after the lanes' stores.
template <int P, bool Stash, class Phys, class Real>
__device__ __forceinline__ LaneEnd<Real>
element_stage_by_variable(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                          const StateView<Real>& U, const StateView<Real>& U0,
                          const StateView<Real>& ACC, const StateView<Real>& OUT, const Real* F,
                          const StageCoeffs<Real>& c, Real dt, bool want_rate, bool check_points,
                          bool limit, int k, int v, unsigned mask, Real* stash, int stride) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, NV = Order<P>::NV;
  constexpr int M = Phys::M;
  const int E = m.n_elems;
  Real u[NP], rhs[NP];
#pragma unroll
  for (int j = 0; j < NP; ++j) {
    u[j] = ldg(&U.c[row_offset(v * NP + j, U.n, k)]);
    rhs[j] = 0;
  }
  // The update's operands copied to shared memory in the background, as in the tensor-core
  // kernel (element_mma.cuh): mode j's step-start value at u0_slot(j), its accumulator at
  // acc_slot(j). Asked for before the volume loop, which hides their trip (the launches that
  // wrote them are two or more before this one: step_launch.cuh). The tensor-core kernel is
  // slower so, and keeps its copies after the wait (bench/NOTES.md has the measurements). Without
  // a stash (kStashByVariable), asked of L2 after the wait, as the thread-per-element kernel does.
  const auto at = [&](int j) { return row_offset(v * NP + j, U.n, k); };
  const auto u0_slot = [&](int j) { return &stash[j * stride]; };
  const auto acc_slot = [&](int j) { return &stash[(NP + j) * stride]; };
  if constexpr (Stash) {
#pragma unroll
    for (int j = 0; j < NP; ++j) copy_update_operands(c, U0, ACC, at(j), u0_slot(j), acc_slot(j));
  }
  const Real g0 = ldg(&m.geom[k]), g1 = ldg(&m.geom[row_offset(1, E, k)]);
  const Real g2 = ldg(&m.geom[row_offset(2, E, k)]), g3 = ldg(&m.geom[row_offset(3, E, k)]);
  const Real det = g3 * g0 - g1 * g2;
  const Real inv_det = Real(1) / det;
#pragma unroll
  for (int q = 0; q < NQ; ++q) {
    Real own = 0;
#pragma unroll
    for (int j = 0; j < NP; ++j) own += T.vphi[q][j] * u[j];
    Real uq[M], fx[M], fy[M];
    gather_lanes(mask, own, uq);
    volume_point_flux<P>(phys, ElementPoint<Real>{&m, k, q, det * T.vw[q]}, uq, fx, fy);
    // a run-time index into fx would put it in local memory: select instead
    Real fxv = fx[0], fyv = fy[0];
#pragma unroll
    for (int w = 1; w < M; ++w)
      if (v == w) {
        fxv = fx[w];
        fyv = fy[w];
      }
    const Real G = g0 * fxv + g1 * fyv, H = g2 * fxv + g3 * fyv;
#pragma unroll
    for (int j = 1; j < NP; ++j) rhs[j] += G * T.vdr[q][j] + H * T.vds[q][j];
  }
  step_kernel_wait(); // the edges' fluxes and the writes below need the edges' launch done
  if constexpr (!Stash) {
    prefetch_update<NP>(c, U0, ACC, k, v, v + 1);
  }
  // Lifting as element_rhs does it, for this lane's variable alone.
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    const int face = ldg(&m.elem_face[row_offset(s, E, k)]);
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      const Real f = side_flux_in<P, M>(F, m.n_edges, face, v, q);
#pragma unroll
      for (int j = 0; j < NP; ++j) rhs[j] -= T.fphi[s][q][j] * f;
    }
  }
  if constexpr (Stash) {
    copies_landed();
#pragma unroll
    for (int j = 0; j < NP; ++j)
      rhs[j] = rk_update_from_slots(c, u[j], dt * (rhs[j] * inv_det), at(j), u0_slot(j),
                                    acc_slot(j), ACC, OUT);
  } else {
#pragma unroll
    for (int j = 0; j < NP; ++j)
      rhs[j] = rk_update(c, u[j], dt * (rhs[j] * inv_det), at(j), U0, ACC, OUT);
  }
  // rhs now holds the new coefficients, unlimited (the rate and the point check see them so, as
  // in element_stage)
  if (!want_rate && !limit) return {};
  LaneEnd<Real> end;
  end.mean = cell_mean(rhs[0]);
  if (limit || (check_points && Phys::has_admissible_bound)) {
    // element_tail tests the element's box once, for the limit and for the point check
    point_value_range<P>(T, rhs, end.mean, end.lo, end.hi);
  } else if (check_points) {
#pragma unroll
    for (int i = 0; i < NV; ++i) {
      Real own = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) own += T.vview[i][j] * rhs[j];
      Real pt[M];
      gather_lanes(mask, own, pt);
      end.points_ok = end.points_ok && phys.admissible(pt);
    }
  }
  return end;
}

// Element k's new coefficients as the block's lanes stored them in OUT: visible after the block
// barrier, not through the read-only path (written by this launch).
template <int P, int M, class Real>
__device__ __forceinline__ void load_stored(const StateView<Real>& OUT, int k,
                                            Real (&u)[M][Order<P>::NP]) {
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < Order<P>::NP; ++j)
      u[v][j] = OUT.c[row_offset(v * Order<P>::NP + j, OUT.n, k)];
}

// The rare cases of element_tail, not inlined so that their registers do not weigh on the
// element stage: admissible_at_points, and limit_own with its stores, on the stored coefficients.
template <int P, class Phys, class Real>
__device__ __noinline__ bool stored_points_admissible(const DGTables<P, Real>& T, Phys phys,
                                                      StateView<Real> OUT, int k) {
  Real u[Phys::M][Order<P>::NP];
  load_stored<P>(OUT, k, u);
  return admissible_at_points<P>(T, phys, u);
}
template <int P, class Phys, class Real>
__device__ __noinline__ void limit_stored(const DGTables<P, Real>& T, Phys phys,
                                          LimiterParams<Real> lp, StateView<Real> OUT, int k) {
  Real u[Phys::M][Order<P>::NP];
  load_stored<P>(OUT, k, u);
  store_limited(OUT, k, u, limit_own<P>(T, phys, lp, u));
}

// The end of the by-variable stage, once per element, by one thread, from what the element's M
// lanes left in shared memory. On the lanes, these tests took a warp instruction per eight
// elements, a thread takes one per 32. And where one element of a warp failed its test, the
// lanes of all eight evaluated the points (bench/NOTES.md). Here, only the element that fails
// reads its coefficients back:
// - `limit` (limits_own_coefficients, no slope limiter): the stage output is limited as
//   limit_own limits it; only a cell that limit_own_leaves does not leave is read back.
// - `want_rate`: the element's rate, from its unlimited means, +inf on a blow-up; with
//   `check_points` the view points are checked only where the box of point values fails
//   (Phys::admissible_bound). A stage that limits runs the positivity fix and no point check
//   (element_stage), so OUT then holds what the lanes would have checked.
// Each warp of rates folds its largest into rate_max. Every thread of the block must call it;
// `k_first` is the block's first element, `k1` the end of the launch's elements.
template <int P, int Block, class Phys, class Real>
__device__ __forceinline__ void
element_tail(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
             const StateView<Real>& OUT, const LimiterParams<Real>& lp, bool limit, bool want_rate,
             bool check_points, int k_first, int k1, const LaneEnd<Real>& end,
             unsigned long long* rate_max) {
  constexpr int M = Phys::M, EB = Block / M, TW = (EB + 31) / 32 * 32; // TW: whole warps
  __shared__ Real mean_of[EB][M], lo_of[EB][M], hi_of[EB][M];
  __shared__ bool ok_of[EB];
  const int e = threadIdx.x / M, v = threadIdx.x % M;
  if (k_first + e < k1) {
    mean_of[e][v] = end.mean;
    lo_of[e][v] = end.lo;
    hi_of[e][v] = end.hi;
    if (v == 0) ok_of[e] = end.points_ok;
  }
  __syncthreads();
  if (threadIdx.x >= TW) return;
  const int t = threadIdx.x, k = k_first + t;
  double r = 0;
  if (t < EB && k < k1) {
    Real mean[M], lo[M], hi[M];
#pragma unroll
    for (int w = 0; w < M; ++w) {
      mean[w] = mean_of[t][w];
      lo[w] = lo_of[t][w];
      hi[w] = hi_of[t][w];
    }
    if constexpr (limits_own_coefficients<Phys>)
      if (limit && !limit_own_leaves<P>(phys, lp, mean, lo, hi))
        limit_stored<P>(T, phys, lp, OUT, k);
    if (want_rate) {
      bool ok = ok_of[t] && phys.admissible(mean); // false: blow-up
      if constexpr (Phys::has_admissible_bound)
        if (ok && check_points && !phys.admissible_bound(lo, hi))
          ok = stored_points_admissible<P>(T, phys, OUT, k);
      r = double(rate_or_inf(ok ? cfl_rate<P>(phys, m, k, mean) : Real(INFINITY)));
    }
  }
  if (!want_rate) return;
  r = warp_rate_max(r);
  if ((threadIdx.x & 31) == 0) fold_rate(rate_max, r);
}

} // namespace tridg
