#pragma once
// One-dimensional launches over a state's rows times a list of elements (a halo's rows, a level's
// elements, the observed elements' columns): one thread per value, so the thread count is
// elements times rows and may pass 2^31 where the element count does not.
#include <cstdint>

namespace tridg {

// This thread's number in a one-dimensional launch.
__device__ __forceinline__ std::int64_t flat_thread() {
  return std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
}

// Blocks of `block` threads for `threads` threads.
inline unsigned flat_blocks(std::int64_t threads, int block) {
  return unsigned((threads + block - 1) / block);
}

} // namespace tridg
