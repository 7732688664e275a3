#pragma once
// The normal of an edge of a geographic mesh in metres: the degree-space unit normal (nx, ny)
// scaled by the metric, (wx nx, wy ny), which is the physical normal times its length.
#include <cmath>

#include "core/hd.hpp"

namespace tridg {

// Replaces (nx, ny) by the unit normal in metres and returns |(wx nx, wy ny)|.
template <class Real> TRIDG_HD Real geo_metric_normal(Real wx, Real wy, Real& nx, Real& ny) {
  const Real ax = wx * nx, ay = wy * ny;
  const Real len = sqrt(ax * ax + ay * ay);
  nx = ax / len;
  ny = ay / len;
  return len;
}

} // namespace tridg
