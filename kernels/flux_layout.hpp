#pragma once
// Where the edges' numerical fluxes are stored: F, M values at each of an edge's NF Gauss points,
// q in the left element's direction along the edge. The edge kernels write it, the element
// kernels gather an element's three sides from it.
//
// By edge, F[edge][q][var], in fp64 with an even number of variables from p = 2 on: a point's
// fluxes are one or two 16-byte vectors on the GPU, so an edge stores and an element gathers a
// point's fluxes in half the instructions, and a gathered point is one 32-byte sector, not four
// (stored one value at a time, the same layout is slower than by variable). Elsewhere by
// variable, F[var][q][edge]: at p = 1 there is too little to gather for the vectors to pay, and
// shallow water's three variables do not fill them (bench/NOTES.md has the measurements).
#include <type_traits>

#include "core/dg_tables.hpp"
#include "core/hd.hpp"

namespace tridg {

template <int P, int M, class Real>
constexpr bool kFluxByEdge = P >= 2 && M % 2 == 0 && std::is_same_v<Real, double>;

template <int P, int M, class Real>
TRIDG_HD constexpr int flux_index(int n_edges, int v, int q, int e) {
  constexpr int NF = Order<P>::NF;
  if constexpr (kFluxByEdge<P, M, Real>)
    return (e * NF + q) * M + v;
  else
    return (v * NF + q) * n_edges + e;
}

// The stored flux of variable v at point q of edge e.
template <int P, int M, class Real>
TRIDG_HD Real flux_in(const Real* F, int n_edges, int v, int q, int e) {
  return ldg(&F[flux_index<P, M, Real>(n_edges, v, q, e)]);
}

// Stores s f as the fluxes at point q of edge e.
template <int P, int M, class Real>
TRIDG_HD void store_point_flux(Real* F, int n_edges, int q, int e, Real s, const Real (&f)[M]) {
#ifdef __CUDA_ARCH__
  if constexpr (kFluxByEdge<P, M, Real>) {
    // cudaMalloc aligns F to 256 bytes, and a point's fluxes start at a multiple of 8 M bytes
    double2* at = reinterpret_cast<double2*>(F + flux_index<P, M, Real>(n_edges, 0, q, e));
#pragma unroll
    for (int v = 0; v < M; v += 2) at[v / 2] = make_double2(s * f[v], s * f[v + 1]);
  } else
#endif
  {
#pragma unroll
    for (int v = 0; v < M; ++v) F[flux_index<P, M, Real>(n_edges, v, q, e)] = s * f[v];
  }
}

// The M fluxes at point q of edge e.
template <int P, int M, class Real>
TRIDG_HD void load_point_flux(const Real* F, int n_edges, int q, int e, Real (&f)[M]) {
#ifdef __CUDA_ARCH__
  if constexpr (kFluxByEdge<P, M, Real>) {
    const double2* at =
        reinterpret_cast<const double2*>(F + flux_index<P, M, Real>(n_edges, 0, q, e));
#pragma unroll
    for (int v = 0; v < M; v += 2) {
      const double2 x = __ldg(at + v / 2);
      f[v] = x.x;
      f[v + 1] = x.y;
    }
  } else
#endif
  {
#pragma unroll
    for (int v = 0; v < M; ++v) f[v] = flux_in<P, M>(F, n_edges, v, q, e);
  }
}

// An element reads its sides' fluxes through its face entries (edge << 1, | 1 where it is the
// edge's right element). The fluxes are stored along the left element's outward normal and
// direction along the edge; these give them along the reading element's own.

// The M fluxes at point q of the side with face entry `face`.
template <int P, int M, class Real>
TRIDG_HD void load_side_flux(const Real* F, int n_edges, int face, int q, Real (&f)[M]) {
  const bool right = face & 1;
  load_point_flux<P, M>(F, n_edges, right ? Order<P>::NF - 1 - q : q, face >> 1, f);
#pragma unroll
  for (int v = 0; v < M; ++v) f[v] = right ? -f[v] : f[v];
}

// Variable v of load_side_flux's fluxes.
template <int P, int M, class Real>
TRIDG_HD Real side_flux_in(const Real* F, int n_edges, int face, int v, int q) {
  const bool right = face & 1;
  const Real f = flux_in<P, M>(F, n_edges, v, right ? Order<P>::NF - 1 - q : q, face >> 1);
  return right ? -f : f;
}

} // namespace tridg
