#pragma once
// A boundary group as one launch sees it: the edges it covers, the data the backend holds for it,
// and the physics' condition Cond<Real> (its kind and parameters, a struct of the physics that
// lists its fields: core/fields.hpp). The kernels read the edge range and hand the rest to the
// physics' boundary_ghost, which alone knows the conditions.
#include "core/hd.hpp"
#include "core/mesh_real.hpp"

namespace tridg {

// What every group has, whatever its physics; copied whole into every real type.
struct BoundaryEdges {
  int first = 0, count = 0; // edge range of the group
  // The table holds a state per edge point, [M][NF][count] (kernels/bc_tabulated.hpp): a
  // partitioned mesh cuts it with the group's edges. Other tables (a water level's time series)
  // hold no per-edge data and stay whole.
  bool per_point = false;
};

template <class Real, template <class> class Cond>
struct BoundaryParams : BoundaryEdges, Cond<Real> {
  // The group's table, or null. Set by the backend; fixed data, so plain doubles under dual
  // numbers (the Jacobian's copies share the residual's table).
  const MeshReal<Real>* table = nullptr;
};

} // namespace tridg
