#pragma once
// Compile-time sizes of the DG discretisation of order P and the basis tables the kernels read.
// The tables are computed on the host (core/dg_basis_tables.cpp), converted to the backend's
// precision (backends/convert.hpp) and, on the GPU, copied to constant memory.
#include "core/quadrature.hpp"

namespace tridg {

template <int P> struct Order {
  static constexpr int p = P;
  static constexpr int NP = (P + 1) * (P + 2) / 2;       // modes
  static constexpr int NQ = triangle_rule_points(2 * P); // volume points (exact for degree 2p)
  static constexpr int NF = P + 1;                       // Gauss points per edge
  // View points: the lattice (i/n, j/n), i + j <= n, n = max(1, p), that output shows.
  static constexpr int NV = (P > 1 ? (P + 1) * (P + 2) : 6) / 2;
};

template <int P, class Real> struct DGTables {
  using O = Order<P>;
  Real vphi[O::NQ][O::NP];    // basis at volume points
  Real vdr[O::NQ][O::NP];     // w_q * d(phi)/dr at volume points
  Real vds[O::NQ][O::NP];     // w_q * d(phi)/ds
  Real vw[O::NQ];             // volume weights (sum 1/2)
  Real fphi[3][O::NF][O::NP]; // basis at the Gauss points of each side, side's own direction
  Real vtx[3][O::NP];         // basis at the vertices (0,0), (1,0), (0,1) (limiter)
  Real vview[O::NV][O::NP];   // basis at the view points (positivity and blow-up checks)
  Real pmax[O::NP];           // max |phi_j| over the volume, edge and view points (zhang_shu)
  Real ft[O::NF];             // Gauss points on [0,1] (for physical positions on an edge)
  Real fw[O::NF];             // Gauss weights on [0,1]
};

} // namespace tridg
