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

// The box of the element's point values: lane w's variable's range [lo[w], hi[w]]
// (point_value_range of its coefficients c and mean), on every lane of the element's group.
template <int P, int M, class Real>
__device__ __forceinline__ void gather_box(const DGTables<P, Real>& T, unsigned mask,
                                           const Real (&c)[Order<P>::NP], Real own_mean,
                                           Real (&lo)[M], Real (&hi)[M]) {
  Real l, h;
  point_value_range<P>(T, c, own_mean, l, h);
  gather_lanes(mask, l, lo);
  gather_lanes(mask, h, hi);
}

// The value of `a` at run-time index i without local memory (i < N).
template <int N, class Real> __device__ __forceinline__ Real pick(const Real (&a)[N], int i) {
  Real r = a[0];
#pragma unroll
  for (int w = 1; w < N; ++w)
    if (i == w) r = a[w];
  return r;
}

// The rare case of limit_own_by_variable: each lane reads the element's coefficients back and
// runs limit_own on them, then stores its own variable's. Not inlined, so that its registers do
// not weigh on the element stage.
template <int P, class Phys, class Real>
__device__ __noinline__ void limit_own_from_memory(const DGTables<P, Real>& T, Phys phys,
                                                   LimiterParams<Real> lp, StateView<Real> OUT,
                                                   int k, int v, unsigned group) {
  constexpr int NP = Order<P>::NP, M = Phys::M;
  __syncwarp(group); // the other lanes' stores of this element are visible after it
  Real u[M][NP];
#pragma unroll
  for (int w = 0; w < M; ++w)
#pragma unroll
    for (int j = 0; j < NP; ++j) u[w][j] = OUT.c[(w * NP + j) * OUT.n + k];
  __syncwarp(group); // every lane has read before any stores
  if (!limit_own<P>(T, phys, lp, u)) return;
#pragma unroll
  for (int w = 0; w < M; ++w)
    if (w == v)
#pragma unroll
      for (int j = 0; j < NP; ++j) OUT.c[(w * NP + j) * OUT.n + k] = u[w][j];
}

// limit_own on the element's new coefficients, held one variable (`c`) per lane, stored to OUT
// where it changes them. The test that leaves a cell alone (the means unchanged by
// limited_mean, every positivity point at least at its floor) runs on the lanes: first
// zhang_shu's range test, then, where it fails, the points with zhang_shu's sums: each lane
// evaluates its variable at M points at a time, the lanes trade the values so that lane v holds
// all variables at the group's point v, and each point's quantities are evaluated once. A cell
// that fails both (rare: at a shock) takes limit_own_from_memory, so the limited values are
// those of the limiter's pass bit for bit.
template <int P, class Phys, class Real>
__device__ __forceinline__ void
limit_own_by_variable(const DGTables<P, Real>& T, const Phys& phys, const LimiterParams<Real>& lp,
                      const StateView<Real>& OUT, int k, int v, const Real (&c)[Order<P>::NP]) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, NV = Order<P>::NV;
  constexpr int M = Phys::M, NPTS = NQ + 3 * NF + NV;
  // The element's lanes, which take every branch below together (other elements' may not).
  const unsigned group = ((1u << M) - 1) << ((threadIdx.x & 31) & ~(M - 1));
  const Real own_mean = cell_mean(c[0]);
  Real mean[M], lm[M];
  gather_lanes(group, own_mean, mean);
  bool leave = true;
#pragma unroll
  for (int w = 0; w < M; ++w) lm[w] = mean[w];
  phys.limited_mean(lm);
#pragma unroll
  for (int w = 0; w < M; ++w) leave = leave && lm[w] == mean[w];
  if (lp.positivity) {
    Real eps[Phys::n_positive];
#pragma unroll
    for (int n = 0; n < Phys::n_positive; ++n)
      eps[n] = tmin(lp.floor, phys.positive_quantity(n, mean));
    bool in_range = false;
    if constexpr (Phys::has_positive_bound) {
      Real lo[M], hi[M];
      gather_box<P>(T, group, c, own_mean, lo, hi);
      in_range = true;
#pragma unroll
      for (int n = 0; n < Phys::n_positive; ++n)
        in_range = in_range && phys.positive_lower_bound(n, lo, hi) >= eps[n];
    }
    if (!in_range) {
#pragma unroll
      for (int q0 = 0; q0 < NPTS; q0 += M) {
        Real own[M]; // this lane's variable at points q0 .. q0 + M - 1
#pragma unroll
        for (int i = 0; i < M; ++i) {
          const int q = q0 + i < NPTS ? q0 + i : NPTS - 1;
          const Real* phi = q < NQ            ? T.vphi[q]
                            : q < NQ + 3 * NF ? T.fphi[(q - NQ) / NF][(q - NQ) % NF]
                                              : T.vview[q - NQ - 3 * NF];
          Real a = 0;
#pragma unroll
          for (int j = 0; j < NP; ++j) a += phi[j] * c[j];
          own[i] = a;
        }
        // Round s: lane v takes variable (v + s) mod M at point q0 + v from the lane holding it.
        Real uq[M];
#pragma unroll
        for (int s = 0; s < M; ++s) {
          const int from = (v + s) % M, to = (v - s + M) % M;
          const Real got = __shfl_sync(group, pick(own, to), from, M);
#pragma unroll
          for (int w = 0; w < M; ++w)
            if (w == from) uq[w] = got;
        }
        if (q0 + v < NPTS)
#pragma unroll
          for (int n = 0; n < Phys::n_positive; ++n)
            leave = leave && phys.positive_quantity(n, uq) >= eps[n];
      }
      // all of the element's lanes must agree
#pragma unroll
      for (int o = 1; o < M; o <<= 1) leave = __shfl_xor_sync(group, int(leave), o, M) && leave;
    }
  }
  if (leave) return;
  limit_own_from_memory<P>(T, phys, lp, OUT, k, v, group);
}

// What a lane of element_stage_by_variable leaves for its element's rate (element_rates): its
// variable's new mean and, where the point check runs, either the box of its variable's point
// values (a physics with an admissible_bound) or the element's verdict at its view points.
template <class Real> struct LaneEnd {
  Real mean = 0;
  Real lo = 0, hi = 0;
  bool points_ok = true;
};

// One Runge-Kutta stage of element k for variable v (see element_stage). Every lane of the
// element's group must call it (the shuffles), with the same k; `mask` holds the calling lanes.
// With `want_rate` it returns what element_rates needs for the element's rate.
template <int P, class Phys, class Real>
__device__ __forceinline__ LaneEnd<Real>
element_stage_by_variable(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                          const StateView<Real>& U, const StateView<Real>& U0,
                          const StateView<Real>& ACC, const StateView<Real>& OUT, const Real* F,
                          const StageCoeffs<Real>& c, Real dt, bool want_rate, bool check_points,
                          bool limit, const LimiterParams<Real>& lp, int k, int v, unsigned mask) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, NV = Order<P>::NV;
  constexpr int M = Phys::M;
  const int E = m.n_elems;
  Real u[NP], rhs[NP];
#pragma unroll
  for (int j = 0; j < NP; ++j) {
    u[j] = ldg(&U.c[(v * NP + j) * U.n + k]);
    rhs[j] = 0;
  }
  const Real g0 = ldg(&m.geom[k]), g1 = ldg(&m.geom[E + k]);
  const Real g2 = ldg(&m.geom[2 * E + k]), g3 = ldg(&m.geom[3 * E + k]);
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
  prefetch_update<NP>(c, U0, ACC, k, v, v + 1, 0, 1);
  // Lifting as element_rhs does it, for this lane's variable alone.
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    const int face = ldg(&m.elem_face[s * E + k]);
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      const Real f = side_flux_in<P, M>(F, m.n_edges, face, v, q);
#pragma unroll
      for (int j = 0; j < NP; ++j) rhs[j] -= T.fphi[s][q][j] * f;
    }
  }
#pragma unroll
  for (int j = 0; j < NP; ++j)
    rhs[j] = rk_update(c, u[j], dt * (rhs[j] * inv_det), (v * NP + j) * U.n + k, U0, ACC, OUT);
  // rhs now holds the new coefficients (for the point check; the limit leaves them unlimited,
  // as element_stage's rate and point check see them)
  if constexpr (limits_own_coefficients<Phys>)
    if (limit) limit_own_by_variable<P>(T, phys, lp, OUT, k, v, rhs);
  if (!want_rate) return {};
  LaneEnd<Real> end;
  end.mean = cell_mean(rhs[0]);
  if (check_points) {
    if constexpr (Phys::has_admissible_bound) {
      // element_rates tests the element's box once, and the points only where it fails.
      point_value_range<P>(T, rhs, end.mean, end.lo, end.hi);
    } else {
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
  }
  return end;
}

// admissible_at_points on element k's coefficients as stored in OUT by the block's lanes (before
// the block barrier that makes them visible): the rare element whose box of point values fails.
// Not inlined, so that its registers do not weigh on the element stage.
template <int P, class Phys, class Real>
__device__ __noinline__ bool stored_points_admissible(const DGTables<P, Real>& T, Phys phys,
                                                      StateView<Real> OUT, int k) {
  constexpr int NP = Order<P>::NP, M = Phys::M;
  Real c[M][NP];
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) c[v][j] = OUT.c[(v * NP + j) * OUT.n + k]; // not ldg: written here
  return admissible_at_points<P>(T, phys, c);
}

// The rates of the block's Block / M elements, each computed once, by one thread, from what its
// M lanes left in shared memory, rather than on every lane: the last stage's launch moves its
// bytes more slowly than the first, and the rate's square roots and divisions, like the point
// check's box test, are a sizeable part of its instructions (bench/NOTES.md). Where the box of the
// point values passes (Phys::admissible_bound), every view point would; where it fails, the
// thread evaluates the points from the coefficients the lanes stored. The stage's output is what
// the lanes checked: a stage that limits its output runs the positivity fix and no point check
// (element_stage). Each warp of rates folds its largest into rate_max. Every thread of the block
// must call it; `k_first` is the block's first element, `k1` the end of the launch's elements.
template <int P, int Block, class Phys, class Real>
__device__ __forceinline__ void
element_rates(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
              const StateView<Real>& OUT, bool check_points, int k_first, int k1,
              const LaneEnd<Real>& end, unsigned long long* rate_max) {
  constexpr int M = Phys::M, EB = Block / M, TW = (EB + 31) / 32 * 32; // TW: whole warps
  constexpr bool kBox = Phys::has_admissible_bound;
  __shared__ Real mean_of[EB][M];
  __shared__ Real lo_of[kBox ? EB : 1][M], hi_of[kBox ? EB : 1][M];
  __shared__ bool ok_of[EB];
  const int e = threadIdx.x / M, v = threadIdx.x % M;
  if (k_first + e < k1) {
    mean_of[e][v] = end.mean;
    if constexpr (kBox) {
      lo_of[e][v] = end.lo;
      hi_of[e][v] = end.hi;
    }
    if (v == 0) ok_of[e] = end.points_ok;
  }
  __syncthreads();
  if (threadIdx.x >= TW) return;
  const int t = threadIdx.x, k = k_first + t;
  double r = 0;
  if (t < EB && k < k1) {
    Real mean[M];
#pragma unroll
    for (int w = 0; w < M; ++w) mean[w] = mean_of[t][w];
    // false: blow-up, at the means or at the view points
    bool ok = ok_of[t] && phys.admissible(mean);
    if constexpr (kBox) {
      if (ok && check_points) {
        Real lo[M], hi[M];
#pragma unroll
        for (int w = 0; w < M; ++w) {
          lo[w] = lo_of[t][w];
          hi[w] = hi_of[t][w];
        }
        if (!phys.admissible_bound(lo, hi)) ok = stored_points_admissible<P>(T, phys, OUT, k);
      }
    }
    r = double(rate_or_inf(ok ? cfl_rate<P>(phys, m, k, mean) : Real(INFINITY)));
  }
  r = warp_rate_max(r);
  if ((threadIdx.x & 31) == 0) fold_rate(rate_max, r);
}

} // namespace tridg
