#pragma once
// A linear shallow-water cell's water for gauges and the maxima (kernels/water_cell.hpp): its
// mean surface over the still depth's mean bed. The linear model is never dry, so every cell is
// wet and its ground is the bed.
#include "core/cell_mean.hpp"
#include "core/hd.hpp"
#include "core/mesh_real.hpp"
#include "core/row_offset.hpp"
#include "kernels/water_cell.hpp"
#include "physics/linear_shallow_water/depth_layout.hpp"

namespace tridg {

template <class Real>
TRIDG_HD WaterCell<Real> lsw_water_cell(const LswAuxLayout& L, const MeshReal<Real>* aux, int E,
                                        int k, Real eta) {
  WaterCell<Real> w;
  w.wet = true;
  w.level = eta;
  w.ground = -cell_mean(Real(aux[row_offset(L.h_modes(), E, k)])); // mode 0 of H
  w.depth = w.level - w.ground;
  return w;
}

} // namespace tridg
