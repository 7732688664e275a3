#pragma once
// Copies from global to shared memory that run in the background (cp.async, compute capability
// 8.0 and above): no register holds the value in flight, so a thread can have all of them
// outstanding at once where loads into registers would be issued a few at a time.
#include <cuda_runtime.h>

namespace tridg {

// Starts copying the double at `from` to `to` (shared memory).
__device__ __forceinline__ void copy_async(double* to, const double* from) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(to));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(at), "l"(from) : "memory");
#else
  *to = *from;
#endif
}

// The same for a float.
__device__ __forceinline__ void copy_async(float* to, const float* from) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(to));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(at), "l"(from) : "memory");
#else
  *to = *from;
#endif
}

// Waits until this thread's copies have landed; it may then read them.
__device__ __forceinline__ void copies_landed() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
#endif
}

} // namespace tridg
