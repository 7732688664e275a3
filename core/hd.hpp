#pragma once
// The names that code compiled for the host and for a device shares (kernels/, physics/, the
// backends' device code):
//
//   TRIDG_HD                    marks a function callable on the host and on a device, inlined
//   ldg(p)                      a load of data no thread writes during the kernel
//   prefetch_l2(p), prefetch_l1(p)   a hint to start fetching *p into the L2 or L1 cache
//   kPairedAccess               whether ldg_pair and store_pair are single vector accesses here
//   ldg_pair(p, a, b), store_pair(p, a, b)   p[0] and p[1] of a 16-byte aligned pair of doubles
//
// A backend whose translation units compile for a device defines TRIDG_DEVICE_HD as its own
// header with these names (backends/cuda/cuda_hd.hpp), so that nothing here or in the kernels
// names a device; every other translation unit gets the host's (core/host_hd.hpp).
#if defined(TRIDG_DEVICE_HD)
#include TRIDG_DEVICE_HD
#else
#include "core/host_hd.hpp"
#endif

namespace tridg {

template <class T> TRIDG_HD T tmin(T a, T b) {
  return a < b ? a : b;
}
template <class T> TRIDG_HD T tmax(T a, T b) {
  return a > b ? a : b;
}
template <class T> TRIDG_HD T tabs(T a) {
  return a < T(0) ? -a : a;
}

} // namespace tridg
