#pragma once
// The element stage of kernels/dg_element.hpp in fp64 with its operator products (the
// coefficients to the volume points, the fluxes against the weighted derivatives, the sides'
// fluxes lifted, the new coefficients to the view points) on the tensor cores: mma m8n8k4 f64
// on a warp's 8 elements, four lanes each. The by-variable kernel evaluates each flux four times
// (once per lane) and spends its issue slots on shuffles and table operands (bench/NOTES.md,
// "High orders"); here a lane owns points, not variables, so the flux runs once per point, and
// by the operand order of mma_tables.hpp no value moves between lanes. The tables are read
// through the non-coherent cache: lane-indexed, they would serialise in constant memory. The sums
// are those of element_stage, grouped by the tensor cores, so results differ from the CPU's by
// rounding only. The update's operands go through shared memory (see the update below).
//
// Only for physics that fit the by-variable kernel (no side corrections, no sources) and only
// without a limiter in the stage (that case keeps the by-variable kernel).
#include <cuda_runtime.h>

#include <limits>

#include "backends/cuda/element_by_variable.cuh"
#include "backends/cuda/mma_tables.hpp"
#include "backends/cuda/update_operands.cuh"
#include "kernels/dg_element.hpp"

namespace tridg {

template <class Phys, class Real>
constexpr bool mma_fits = std::is_same_v<Real, double>&& by_variable_fits<Phys>;

// d += a b on the warp's 8 x 4 by 4 x 8 tiles.
__device__ __forceinline__ void mma884(double (&d)[2], double a, double b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
      : "+d"(d[0]), "+d"(d[1])
      : "d"(a), "d"(b));
#else
  __trap(); // the backend takes this kernel on compute capability 8.0 and above only
#endif
}

// The values at the 8-wide tile t of `table`'s points of M polynomials held as A operands
// (chunk c: mode 4c + lane % 4): out[w][i] is polynomial w at point mma_index(t, 2 (lane % 4) + i).
template <int C, int T, int M>
__device__ __forceinline__ void mma_values(const double (&table)[C][T][32], int t,
                                           const double (&a)[M][C], double (&out)[M][2]) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int w = 0; w < M; ++w) out[w][0] = out[w][1] = 0;
#pragma unroll
  for (int c = 0; c < C; ++c) {
    const double b = __ldg(&table[c][t][lane]);
#pragma unroll
    for (int w = 0; w < M; ++w) mma884(out[w], a[w][c], b);
  }
}

// The M fluxes at point f of element k's sides (side f / NF, its point f % NF), along k's outward
// normal; zero past the last side's points.
template <int P, int M>
__device__ __forceinline__ void side_fluxes(const MeshView<double>& m, const double* F, int k,
                                            int f, double (&fl)[M]) {
  constexpr int NF = Order<P>::NF;
#pragma unroll
  for (int w = 0; w < M; ++w) fl[w] = 0;
  if (f >= 3 * NF) return;
  const int s = f / NF, q = f % NF;
  load_side_flux<P, M>(F, m.n_edges, ldg(&m.elem_face[row_offset(s, m.n_elems, k)]), q, fl);
}

// Doubles of shared memory per warp that element_stage_mma needs: the step-start state and the
// accumulator (2) of the warp's 8 elements.
template <int P, int M> struct MmaStash {
  static constexpr int per_element = M * Order<P>::NP;
  static constexpr int doubles = 2 * 8 * per_element;
};

// One Runge-Kutta stage of element k (see element_stage), by the element's four lanes of a full
// warp: every lane of the warp must call it, with its own element (a valid one: lanes past the
// range repeat the last element and store nothing, `store` false). Returns the element's rate
// when `want_rate` is set (the same on its four lanes). `stash`: the warp's MmaStash doubles of
// shared memory.
template <int P, class Phys>
__device__ __forceinline__ double
element_stage_mma(const DGTables<P, double>& T, const MmaTables<P>& X, const Phys& phys,
                  const MeshView<double>& m, const StateView<double>& U,
                  const StateView<double>& U0, const StateView<double>& ACC,
                  const StateView<double>& OUT, const double* F, const StageCoeffs<double>& c,
                  double dt, bool want_rate, bool check_points, int k, bool store, double* stash) {
  using S = MmaShape<P>;
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NV = Order<P>::NV;
  constexpr int M = Phys::M;
  const int lane = threadIdx.x & 31, m4 = lane & 3;
  const int E = m.n_elems;
  double a[M][S::CM]; // the stage input, chunk c holding mode 4c + m4
#pragma unroll
  for (int w = 0; w < M; ++w)
#pragma unroll
    for (int cc = 0; cc < S::CM; ++cc) {
      const int j = 4 * cc + m4;
      a[w][cc] = j < NP ? ldg(&U.c[row_offset(w * NP + j, U.n, k)]) : 0.0;
    }
  // The sides' face entries are read after the volume loop, and the fluxes' gather waits on
  // them: asked of L1 now, they are there when it starts.
  if (m4 < 3) prefetch_l1(&m.elem_face[row_offset(m4, E, k)]);
  const double g0 = ldg(&m.geom[k]), g1 = ldg(&m.geom[row_offset(1, E, k)]);
  const double g2 = ldg(&m.geom[row_offset(2, E, k)]), g3 = ldg(&m.geom[row_offset(3, E, k)]);
  const double det = g3 * g0 - g1 * g2;
  const double inv_det = 1.0 / det;
  double r[M][S::TM][2] = {}; // right-hand sides, tile t holding modes mma_index(t, 2 m4 + i)
#pragma unroll
  for (int t = 0; t < S::TQ; ++t) {
    double uq[M][2];
    mma_values(X.phi, t, a, uq);
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int cq = 2 * t + i, q = 4 * cq + m4;
      if (cq >= S::CQ) continue;
      double G[M], H[M]; // the contravariant fluxes at point q, zero past the rule
#pragma unroll
      for (int w = 0; w < M; ++w) G[w] = H[w] = 0;
      if (q < NQ) {
        double u[M], fx[M], fy[M];
#pragma unroll
        for (int w = 0; w < M; ++w) u[w] = uq[w][i];
        volume_point_flux<P>(phys, ElementPoint<double>{&m, k, q, det * T.vw[q]}, u, fx, fy);
#pragma unroll
        for (int w = 0; w < M; ++w) {
          G[w] = g0 * fx[w] + g1 * fy[w];
          H[w] = g2 * fx[w] + g3 * fy[w];
        }
      }
#pragma unroll
      for (int tm = 0; tm < S::TM; ++tm) {
        const double br = __ldg(&X.dr[cq][tm][lane]), bs = __ldg(&X.ds[cq][tm][lane]);
#pragma unroll
        for (int w = 0; w < M; ++w) {
          mma884(r[w][tm], G[w], br);
          mma884(r[w][tm], H[w], bs);
        }
      }
    }
  }
  step_kernel_wait(); // the edges' fluxes and the writes below need the edges' launch done
  // The update's operands (the step's start state, RK4's accumulator) are copied to shared
  // memory in the background. Loaded into registers, they were issued a few at a time (this
  // kernel runs at its 128 registers), and the update waited on each batch (the launch's largest
  // stall at p = 4 with RK4); here they are all in flight at once (bench/NOTES.md has the
  // measurements). The element's values sit
  // together, (e8 M + w) NP + j: a half-warp's four elements then fall in distinct banks.
  const int e8 = lane >> 2; // the element's place among the warp's 8
  double* const s_u0 = stash;
  double* const s_acc = stash + MmaStash<P, M>::doubles / 2;
  if (store)
#pragma unroll
    for (int w = 0; w < M; ++w)
#pragma unroll
      for (int cc = 0; cc < S::CM; ++cc) {
        const int j = 4 * cc + m4;
        if (j >= NP) continue;
        const int to = (e8 * M + w) * NP + j;
        copy_update_operands(c, U0, ACC, row_offset(w * NP + j, U.n, k), &s_u0[to], &s_acc[to]);
      }
  copies_landed();
  // Lifting.
#pragma unroll
  for (int cl = 0; cl < S::CL; ++cl) {
    double fl[M];
    side_fluxes<P, M>(m, F, k, 4 * cl + m4, fl);
#pragma unroll
    for (int tm = 0; tm < S::TM; ++tm) {
      const double b = __ldg(&X.lift[cl][tm][lane]);
#pragma unroll
      for (int w = 0; w < M; ++w) mma884(r[w][tm], fl[w], b);
    }
  }
  // The update, in place of the stage input's operands: a[w][2t + i] is mode 4 (2t + i) + m4,
  // the mode of r[w][t][i].
#pragma unroll
  for (int w = 0; w < M; ++w)
#pragma unroll
    for (int tm = 0; tm < S::TM; ++tm)
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        const int cc = 2 * tm + i, j = 4 * cc + m4;
        if (cc >= S::CM || j >= NP) continue;
        const double l = dt * (r[w][tm][i] * inv_det);
        const std::int64_t at = row_offset(w * NP + j, U.n, k);
        const int to = (e8 * M + w) * NP + j;
        a[w][cc] = store ? rk_update_from_slots(c, a[w][cc], l, at, &s_u0[to], &s_acc[to], ACC, OUT)
                         : a[w][cc];
      }
  if (!want_rate) return 0;
  double mean[M];
#pragma unroll
  for (int w = 0; w < M; ++w) mean[w] = cell_mean(__shfl_sync(0xffffffffu, a[w][0], lane & ~3));
  bool ok = phys.admissible(mean); // false: blow-up
  if (check_points) {
#pragma unroll
    for (int t = 0; t < S::TV; ++t) {
      double vq[M][2];
      mma_values(X.view, t, a, vq);
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        const int q = 4 * (2 * t + i) + m4;
        if (q >= NV) continue;
        double pt[M];
#pragma unroll
        for (int w = 0; w < M; ++w) pt[w] = vq[w][i];
        ok = ok && phys.admissible(pt);
      }
    }
    ok = __shfl_xor_sync(0xffffffffu, int(ok), 1) && ok;
    ok = __shfl_xor_sync(0xffffffffu, int(ok), 2) && ok;
  }
  if (!ok) return std::numeric_limits<double>::infinity();
  return cfl_rate<P>(phys, m, k, mean);
}

} // namespace tridg
