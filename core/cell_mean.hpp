#pragma once
// The cell average of a DG field and its mode-0 coefficient: the constant mode of the
// orthonormal Dubiner basis is sqrt 2 on the reference triangle (core/basis.hpp).
#include "core/hd.hpp"

namespace tridg {

template <class Real> TRIDG_HD constexpr Real cell_mean(Real c0) {
  return Real(1.4142135623730951) * c0;
}
template <class Real> TRIDG_HD constexpr Real mode0_of_mean(Real mean) {
  return Real(0.70710678118654752) * mean;
}

} // namespace tridg
