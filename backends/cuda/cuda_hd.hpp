#pragma once
// core/hd.hpp's names for the CUDA backend's translation units (backends/cuda/CMakeLists.txt
// points TRIDG_DEVICE_HD here for them). nvcc reads this twice: for the device (__CUDA_ARCH__
// set) and for the host, where the names are the host's. Include core/hd.hpp, not this.
#define TRIDG_HD __host__ __device__ __forceinline__

namespace tridg {

// On the GPU the read-only data cache, which serves the scattered gathers of neighbour data
// better.
template <class T> TRIDG_HD T ldg(const T* p) {
#if defined(__CUDA_ARCH__)
  return __ldg(p);
#else
  return *p;
#endif
}

// Without waiting for the line: for operands a kernel needs only at its end.
template <class T> TRIDG_HD void prefetch_l2(const T* p) {
#if defined(__CUDA_ARCH__)
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
#else
  (void)p;
#endif
}

// For a few bytes a kernel needs after a long stretch of arithmetic and cannot afford registers
// to hold.
template <class T> TRIDG_HD void prefetch_l1(const T* p) {
#if defined(__CUDA_ARCH__)
  asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
#else
  (void)p;
#endif
}

// A pair is one double2: one 16-byte instruction and, for a point's four fluxes, one 32-byte
// sector. cudaMalloc aligns every buffer to 256 bytes, which keeps the pairs the callers form
// 16-byte aligned.
#if defined(__CUDA_ARCH__)
inline constexpr bool kPairedAccess = true;
#else
inline constexpr bool kPairedAccess = false;
#endif

TRIDG_HD void ldg_pair(const double* p, double& a, double& b) {
#if defined(__CUDA_ARCH__)
  const double2 x = __ldg(reinterpret_cast<const double2*>(p));
  a = x.x;
  b = x.y;
#else
  a = p[0];
  b = p[1];
#endif
}

TRIDG_HD void store_pair(double* p, double a, double b) {
#if defined(__CUDA_ARCH__)
  *reinterpret_cast<double2*>(p) = make_double2(a, b);
#else
  p[0] = a;
  p[1] = b;
#endif
}

} // namespace tridg
