#pragma once
// Copies from global to shared memory that run in the background (cp.async, compute capability
// 8.0 and above): no register holds the value in flight, so a thread can have all of them
// outstanding at once where loads into registers would be issued a few at a time.
#include <cuda_runtime.h>

namespace tridg {

// Starts copying the value at `from` (a double or a float) to `to` (shared memory).
template <class Real> __device__ __forceinline__ void copy_async(Real* to, const Real* from) {
  static_assert(sizeof(Real) == 4 || sizeof(Real) == 8, "cp.async copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(to));
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(at), "l"(from), "n"(sizeof(Real))
               : "memory");
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
