#pragma once
// A cell's water as gauges and the maxima see it, from its means (the physics' water_cell hook,
// kernels/physics_interface.hpp): whether it is wet, the level of its surface, its depth, and the
// highest ground the water covers (run-up).
#include "core/hd.hpp"

namespace tridg {

template <class Real> struct WaterCell {
  bool wet = false;
  Real level = 0, depth = 0, ground = 0;
};

} // namespace tridg
