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

// One Runge-Kutta stage of element k for variable v (see element_stage). Every lane of the
// element's group must call it (the shuffles), with the same k; `mask` holds the calling lanes.
// Returns the element's rate when `want_rate` is set (the same on all M lanes).
template <int P, class Phys, class Real>
__device__ __forceinline__ Real element_stage_by_variable(
    const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m, const StateView<Real>& U,
    const StateView<Real>& U0, const StateView<Real>& ACC, const StateView<Real>& OUT,
    const Real* F, const StageCoeffs<Real>& c, Real dt, bool want_rate, bool check_points, int k,
    int v, unsigned mask) {
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
    if constexpr (Phys::has_point_flux)
      phys.template point_flux<P>(ElementPoint<Real>{&m, k, q, det * T.vw[q]}, uq, fx, fy);
    else
      phys.flux(uq, fx, fy);
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
  // Lifting as element_rhs does it, for this lane's variable alone.
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    const int face = ldg(&m.elem_face[s * E + k]);
    const int e = face >> 1;
    const bool right = face & 1;
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      const int eq = right ? NF - 1 - q : q;
      Real f = ldg(&F[(v * NF + eq) * m.n_edges + e]);
      f = right ? -f : f; // the flux is stored along the left element's outward normal
#pragma unroll
      for (int j = 0; j < NP; ++j) rhs[j] -= T.fphi[s][q][j] * f;
    }
  }
#pragma unroll
  for (int j = 0; j < NP; ++j)
    rhs[j] = rk_update(c, u[j], dt * (rhs[j] * inv_det), (v * NP + j) * U.n + k, U0, ACC, OUT);
  // rhs now holds the new coefficients (for the point check)
  if (!want_rate) return 0;
  Real mean[M];
  gather_lanes(mask, rhs[0], mean);
#pragma unroll
  for (int w = 0; w < M; ++w) mean[w] = cell_mean(mean[w]);
  bool ok = phys.admissible(mean); // false: blow-up
  if (check_points) {
    // all lanes shuffle, whatever their element's means gave
#pragma unroll
    for (int i = 0; i < NV; ++i) {
      Real own = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) own += T.vview[i][j] * rhs[j];
      Real pt[M];
      gather_lanes(mask, own, pt);
      ok = ok && phys.admissible(pt);
    }
  }
  if (!ok) return std::numeric_limits<Real>::infinity();
  return cfl_rate<P>(phys, m, k, mean);
}

} // namespace tridg
