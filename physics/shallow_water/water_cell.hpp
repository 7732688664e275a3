#pragma once
// A shallow-water cell's water for gauges and the maxima (kernels/water_cell.hpp), from its mean
// depth and the bed data, as the kernels see the cell (physics/shallow_water/cell.hpp): the level
// of a wet cell's mean surface or of a shore cell's flat water; a wet cell covers its highest
// bed point, a shore cell the ground up to its level.
#include "core/hd.hpp"
#include "core/mesh_real.hpp"
#include "kernels/water_cell.hpp"
#include "physics/shallow_water/bed_layout.hpp"
#include "physics/shallow_water/cell.hpp"
#include "physics/shallow_water/state.hpp"

namespace tridg {

template <class Real>
TRIDG_HD WaterCell<Real> sw_water_cell(const SwConstants<Real>& st, const SwAuxLayout& L,
                                       const MeshReal<Real>* aux, int E, int k, Real h) {
  // The kind and level do not depend on the momentum: none is read.
  const Real mean[3] = {h, Real(0), Real(0)};
  const SwCell<Real> c = sw_cell(st, L, aux, E, k, mean);
  WaterCell<Real> w;
  w.wet = h > st.dry_depth;
  w.depth = h;
  w.level = c.level;
  w.ground = c.kind == sw_wet ? Real(aux[row_offset(L.sorted_b() + L.ns - 1, E, k)]) : c.level;
  return w;
}

} // namespace tridg
