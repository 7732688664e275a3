#pragma once
// A ghost state given per edge point (an exact solution, an expression of x and y), tabulated on
// the host as [M][NF][count] for the boundary group.
#include "kernels/boundary.hpp"
#include "kernels/physics_interface.hpp"

namespace tridg {

template <class Real, int M>
TRIDG_HD void tabulated_ghost(const BoundaryParams<Real, M>& bc, const EdgePoint<Real>& pt,
                              Real* g) {
  for (int k = 0; k < M; ++k) g[k] = bc.table[(k * pt.nf + pt.q) * bc.count + (pt.e - bc.first)];
}

} // namespace tridg
