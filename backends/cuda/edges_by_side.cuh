#pragma once
// The edges at high order with two lanes per edge, one per side. Each lane evaluates its own
// element's traces, the pair swaps by shuffles the traces the other lane's points need, and each
// lane evaluates the numerical flux at half of the edge's Gauss points. A lane holds one side's
// traces (20 values at p = 4, against 40 for a thread per edge), so the kernel fits 170
// registers, 12 warps per multiprocessor, where the thread per edge needed 254 and
// spilled at that cap (bench/NOTES.md). The sums and the flux are those of interior_edge and
// boundary_edge (kernels/dg_edge.hpp): the fluxes are the same bits.
#include <type_traits>

#include "backends/cuda/async_copy.cuh"
#include "kernels/dg_edge.hpp"

namespace tridg {

// Whether a lane copies its side's coefficients to shared memory before it sums its traces
// (side_traces): at p = 4 in fp64, where a side's coefficients are many enough for the copy to
// pay (at p = 3 it does not). fp32 was not measured, so it keeps the loads; shallow water at
// p = 4 takes the copies unmeasured (bench/NOTES.md has the measurements).
template <int P, class Real> constexpr bool kSideStash = P >= 4 && std::is_same_v<Real, double>;
// Values of shared memory per lane for side_traces.
template <int P, int M> constexpr int kSideSlots = int(Order<P>::NP) * M;

// A lane's coefficient i from its shared-memory slots (traces_of's reader).
template <class Real> struct SlotCoefficients {
  const Real* slots;
  int stride;
  __device__ __forceinline__ Real operator()(int i) const { return slots[i * stride]; }
};

// The traces of element k's side s (traces(), kernels/dg_edge.hpp), its coefficients copied to
// this lane's slots (slot i at slots[i * stride]) in the background first, all of them in flight
// at once.
template <int P, int M, class Real>
__device__ __forceinline__ void side_traces(const DGTables<P, Real>& T, const StateView<Real>& U,
                                            int k, int s, Real* slots, int stride,
                                            Real (&u)[Order<P>::NF][M]) {
#pragma unroll
  for (int i = 0; i < kSideSlots<P, M>; ++i)
    copy_async(&slots[i * stride], &U.c[row_offset(i, U.n, k)]);
  copies_landed();
  traces_of<P, M>(T, s, SlotCoefficients<Real>{slots, stride}, u);
}

// The points of round i: i for the left lane, `right` = H + i for the right (clamped: with NF
// odd the right lane has no point at the last round, and `has` says so); `q` is this lane's.
// The tables are read at i and at `right`, both known at compile time in the unrolled rounds,
// and the lane selects between the two values.
template <int NF> struct SidePoint {
  static constexpr int H = (NF + 1) / 2;
  int right, q;
  bool has;
  __device__ __forceinline__ SidePoint(int i, int side)
      : right(H + i < NF ? H + i : NF - 1), q(side ? right : i), has(!side || H + i < NF) {}
};

// The lane pair of an edge: shuffles name only the two lanes, so pairs in different branches
// (boundary or interior) and a warp's last edges need not meet.
__device__ __forceinline__ unsigned pair_mask() {
  return 3u << (threadIdx.x & 30u);
}

template <int P, class Phys, class Real>
__device__ __forceinline__ void
interior_edge_by_side(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                      const StateView<Real>& U, Real* F, int e, int side, Real* slots, int stride) {
  constexpr int NF = Order<P>::NF, M = Phys::M, H = SidePoint<NF>::H;
  const int kl = ldg(&m.edge_elem[e]), kr = ldg(&m.edge_elem[row_offset(1, m.n_edges, e)]);
  const int s = (ldg(&m.edge_side[e]) >> (2 * side)) & 3;
  Real nx, ny, len;
  edge_normal(m, e, nx, ny, len);
  const typename Phys::Cell cl = cell_of<P>(phys, m, U, kl), cr = cell_of<P>(phys, m, U, kr);
  Real u[NF][M];
  if constexpr (kSideStash<P, Real>) // slots: this lane's kSideSlots of shared memory
    side_traces<P, M>(T, U, side ? kr : kl, s, slots, stride, u);
  else
    traces<P, M>(T, U, side ? kr : kl, s, u);
  const unsigned mask = pair_mask();
#pragma unroll
  for (int i = 0; i < H; ++i) {
    // The left lane's point i needs the right's trace at NF - 1 - i (it runs backwards); the
    // right lane's point H + i needs the left's trace there.
    constexpr int last = NF - 1;
    const SidePoint<NF> sp(i, side);
    Real l[M], r[M];
#pragma unroll
    for (int v = 0; v < M; ++v) {
      const Real send = side ? u[last - i][v] : u[sp.right][v];
      const Real got = __shfl_xor_sync(mask, send, 1);
      const Real keep = side ? u[last - sp.right][v] : u[i][v];
      l[v] = side ? got : keep;
      r[v] = side ? keep : got;
    }
    if (!sp.has) continue;
    const EdgePoint<Real> pt{&m, e, sp.q, NF, Real(0), Real(0), Real(0), nx, ny};
    Real f[M];
    interior_point_flux(phys, pt, cl, cr, l, r, f);
    store_point_flux<P, M>(F, m.n_edges, sp.q, e, len * (side ? T.fw[sp.right] : T.fw[i]), f);
  }
}

// A boundary edge: both lanes evaluate the one element's traces, each at its own points. The
// set-up repeats boundary_edge's on purpose: sharing it through helpers, with the same arithmetic
// written, changed the CPU reference's bits on the geographic zonal flow (most likely the host
// compiler fusing multiply-adds differently; bench/NOTES.md).
template <int P, class Phys, class Real, class BC>
__device__ __forceinline__ void
boundary_edge_by_side(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                      const StateView<Real>& U, Real* F, const BC& bc, Real t, int e, int side) {
  constexpr int NF = Order<P>::NF, M = Phys::M, H = SidePoint<NF>::H;
  const int kl = ldg(&m.edge_elem[e]);
  const int sl = ldg(&m.edge_side[e]) & 3;
  Real nx, ny, len;
  edge_normal(m, e, nx, ny, len);
  const int nb = m.n_bedges;
  const Real x0 = ldg(&m.bnd_xy[e]), y0 = ldg(&m.bnd_xy[row_offset(1, nb, e)]);
  const Real x1 = ldg(&m.bnd_xy[row_offset(2, nb, e)]), y1 = ldg(&m.bnd_xy[row_offset(3, nb, e)]);
  const typename Phys::Cell cl = cell_of<P>(phys, m, U, kl);
  Real uL[NF][M];
  traces<P, M>(T, U, kl, sl, uL);
#pragma unroll
  for (int i = 0; i < H; ++i) {
    const SidePoint<NF> sp(i, side);
    if (!sp.has) continue;
    Real a[M];
#pragma unroll
    for (int v = 0; v < M; ++v) a[v] = side ? uL[sp.right][v] : uL[i][v];
    const Real ft = side ? T.ft[sp.right] : T.ft[i];
    const Real x = x0 + ft * (x1 - x0), y = y0 + ft * (y1 - y0);
    const EdgePoint<Real> pt{&m, e, sp.q, NF, x, y, t, nx, ny};
    Real f[M];
    boundary_point_flux(phys, bc, pt, cl, a, f);
    store_point_flux<P, M>(F, m.n_edges, sp.q, e, len * (side ? T.fw[sp.right] : T.fw[i]), f);
  }
}

} // namespace tridg
