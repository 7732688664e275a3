#pragma once
// The per-element and per-edge pieces of local time stepping (backends/lts/lts_scheme.md) that
// the generic edge, element and limiter kernels do not already do: a ghost's value, an edge's
// share of its register, and a coarse element's correction from its registers. Shared by the
// CPU and GPU backends.
#include <cstdint>

#include "core/dg_tables.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/flux_layout.hpp"

namespace tridg {

// Element n of another level as level k's stages read it: `finer`, its state at the start of
// its step; else between its state and its predicted state, a fraction `th` of its step on.
template <int W, class Real>
TRIDG_HD void lts_ghost(const StateView<Real>& S, const StateView<Real>& R,
                        const StateView<Real>& Out, int n, bool finer, Real th) {
  for (int c = 0; c < W; ++c) {
    const std::int64_t i = row_offset(c, S.n, n);
    Out.c[i] = finer ? S.c[i] : S.c[i] + th * (R.c[i] - S.c[i]);
  }
}

// Adds w times edge e's stored fluxes to its register, [NF][M] values.
template <int P, int M, class Real>
TRIDG_HD void lts_register_add(const Real* F, int n_edges, int e, Real* reg, Real w) {
  for (int q = 0; q < Order<P>::NF; ++q) {
    Real f[M];
    load_point_flux<P, M>(F, n_edges, q, e, f);
    for (int v = 0; v < M; ++v) reg[q * M + v] += w * f[v];
  }
}

// Adds to element k (of level `lk`) the lifting of the registers of its edges to finer
// elements, and empties them: its result then holds the fluxes the finer side integrated
// instead of its own provisional ones.
template <int P, int M, class Real>
TRIDG_HD void lts_correct(const DGTables<P, Real>& T, const MeshView<Real>& m,
                          const StateView<Real>& S, Real* reg, const int* slot_of_edge,
                          const std::int8_t* level, int k) {
  constexpr int NP = Order<P>::NP, NF = Order<P>::NF;
  const int E = m.n_elems;
  Real d[M][NP] = {};
  for (int s = 0; s < 3; ++s) {
    const int face = m.elem_face[row_offset(s, E, k)], e = face >> 1;
    const int slot = slot_of_edge[e];
    if (slot < 0) continue;
    const bool right = face & 1;
    const int other = right ? m.edge_elem[e] : m.edge_elem[row_offset(1, m.n_edges, e)];
    if (level[other] <= level[k]) continue; // the coarse side takes the correction
    Real* r = reg + std::size_t(slot) * M * NF;
    for (int q = 0; q < NF; ++q) {
      const int qq = right ? NF - 1 - q : q;
      for (int v = 0; v < M; ++v) {
        const Real f = right ? -r[qq * M + v] : r[qq * M + v];
        for (int j = 0; j < NP; ++j) d[v][j] -= T.fphi[s][q][j] * f;
      }
    }
    for (int i = 0; i < M * NF; ++i) r[i] = 0;
  }
  const Real inv_det = Real(1) / det_jacobian(m, k);
  for (int v = 0; v < M; ++v)
    for (int j = 0; j < NP; ++j) S.c[row_offset(v * NP + j, S.n, k)] += d[v][j] * inv_det;
}

} // namespace tridg
