#pragma once
// core/hd.hpp's names for translation units that compile for the host only (the CPU backend, the
// implicit schemes' residual, the solver). Include core/hd.hpp, not this.
#define TRIDG_HD inline

namespace tridg {

template <class T> TRIDG_HD T ldg(const T* p) {
  return *p;
}

template <class T> TRIDG_HD void prefetch_l2(const T* p) {
  (void)p;
}
template <class T> TRIDG_HD void prefetch_l1(const T* p) {
  (void)p;
}

// Off: the pairs were measured on the GPU only (kernels/flux_layout.hpp); the host reads and
// writes a point's fluxes one value at a time.
inline constexpr bool kPairedAccess = false;

TRIDG_HD void ldg_pair(const double* p, double& a, double& b) {
  a = p[0];
  b = p[1];
}
TRIDG_HD void store_pair(double* p, double a, double b) {
  p[0] = a;
  p[1] = b;
}

} // namespace tridg
