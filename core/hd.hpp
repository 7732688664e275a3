#pragma once
// One annotation for code that runs on the host (OpenMP backend) and on the device (CUDA backend).
#if defined(__CUDACC__)
#define TRIDG_HD __host__ __device__ __forceinline__
#else
#define TRIDG_HD inline
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

// A load of data that no thread writes during the kernel (or only the thread that read it,
// afterwards): on the GPU it takes the read-only data cache, which serves the scattered gathers
// of neighbour data better.
template <class T> TRIDG_HD T ldg(const T* p) {
#if defined(__CUDA_ARCH__)
  return __ldg(p);
#else
  return *p;
#endif
}

// Starts fetching the line that holds *p into the GPU's L2 cache, without waiting for it: for
// operands a kernel needs only at its end. Nothing on the host.
template <class T> TRIDG_HD void prefetch_l2(const T* p) {
#if defined(__CUDA_ARCH__)
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
#else
  (void)p;
#endif
}

// The same into the multiprocessor's L1 cache: for a few bytes a kernel needs after a long
// stretch of arithmetic and cannot afford registers to hold.
template <class T> TRIDG_HD void prefetch_l1(const T* p) {
#if defined(__CUDA_ARCH__)
  asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
#else
  (void)p;
#endif
}

} // namespace tridg
