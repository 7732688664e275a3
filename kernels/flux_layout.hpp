#pragma once
// Where the edges' numerical fluxes are stored: F, M values at each of an edge's NF Gauss points,
// q in the left element's direction along the edge. The edge kernels write it, the element
// kernels gather an element's three sides from it.
//
// By edge, F[edge][q][var], in fp64 with an even number of variables from p = 2 on: a point's
// fluxes are one or two 16-byte vectors on the GPU (ldg_pair, store_pair in core/hd.hpp), so an
// edge stores and an element gathers a point's fluxes in half the instructions, and a gathered
// point is one 32-byte sector, not four (stored one value at a time, the same layout is slower than
// by variable). Elsewhere by variable, F[var][q][edge]: at p = 1 there is too little to gather for
// the vectors to pay, and shallow water's three variables do not fill them (bench/NOTES.md has the
// measurements).
#include <cstdint>
#include <type_traits>

#include "core/dg_tables.hpp"
#include "core/hd.hpp"
#include "core/row_offset.hpp"

namespace tridg {

template <int P, int M, class Real>
constexpr bool kFluxByEdge = P >= 2 && M % 2 == 0 && std::is_same_v<Real, double>;

template <int P, int M, class Real>
TRIDG_HD constexpr std::int64_t flux_index(int n_edges, int v, int q, int e) {
  constexpr int NF = Order<P>::NF;
  if constexpr (kFluxByEdge<P, M, Real>)
    return row_offset(e, NF * M, q * M + v);
  else
    return row_offset(v * NF + q, n_edges, e);
}

// The stored flux of variable v at point q of edge e.
template <int P, int M, class Real>
TRIDG_HD Real flux_in(const Real* F, int n_edges, int v, int q, int e) {
  return ldg(&F[flux_index<P, M, Real>(n_edges, v, q, e)]);
}

// Stores s f as the fluxes at point q of edge e.
template <int P, int M, class Real>
TRIDG_HD void store_point_flux(Real* F, int n_edges, int q, int e, Real s, const Real (&f)[M]) {
  if constexpr (kFluxByEdge<P, M, Real> && kPairedAccess) {
    // The device's buffers are 16-byte aligned, and a point's fluxes start at a multiple of
    // 8 M bytes.
    Real* at = F + flux_index<P, M, Real>(n_edges, 0, q, e);
#pragma unroll
    for (int v = 0; v < M; v += 2) store_pair(at + v, s * f[v], s * f[v + 1]);
  } else {
#pragma unroll
    for (int v = 0; v < M; ++v) F[flux_index<P, M, Real>(n_edges, v, q, e)] = s * f[v];
  }
}

// The M fluxes at point q of edge e.
template <int P, int M, class Real>
TRIDG_HD void load_point_flux(const Real* F, int n_edges, int q, int e, Real (&f)[M]) {
  if constexpr (kFluxByEdge<P, M, Real> && kPairedAccess) {
    const Real* at = F + flux_index<P, M, Real>(n_edges, 0, q, e);
#pragma unroll
    for (int v = 0; v < M; v += 2) ldg_pair(at + v, f[v], f[v + 1]);
  } else {
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
