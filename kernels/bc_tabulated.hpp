#pragma once
// A ghost state given per edge point (an exact solution, an expression of x and y), tabulated on
// the host as [M][NF][count] for the boundary group.
#include "kernels/boundary.hpp"
#include "kernels/physics_interface.hpp"

namespace tridg {

template <int M, class Real>
TRIDG_HD void tabulated_ghost(const BoundaryEdges& bc, const MeshReal<Real>* table,
                              const EdgePoint<Real>& pt, Real* g) {
  for (int k = 0; k < M; ++k) g[k] = table[row_offset(k * pt.nf + pt.q, bc.count, pt.e - bc.first)];
}

} // namespace tridg
