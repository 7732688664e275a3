#pragma once
// Programmatic dependent launch (Hopper and later) for the kernels of a captured step: a kernel
// is launched while its predecessor's last blocks still run, its blocks take the multiprocessors
// the predecessor frees and wait (step_kernel_wait) until the predecessor's results are complete
// and visible. On small meshes the gaps between dependent launches are a large part of a step
// (bench/NOTES.md). Every step kernel calls step_kernel_wait() before it reads what the launch
// just before it wrote and before it writes anything; launched without the attribute (other
// devices, the profiler's runs, partitioned meshes) it costs nothing.
//
// Work before the wait: a kernel is launched only once every block of its predecessor has passed
// its own wait, so the launch two before has then completed and its writes are visible. Before
// its wait a kernel may therefore read what was last written two or more launches before it
// (the element stage's volume loop reads the stage input, which the edges just before only
// read; the p = 2 stage starts copying its update's operands), and it may write nothing to
// global memory.
#include <cuda_runtime.h>

#include <utility>

#include "backends/cuda/cuda_check.cuh"

namespace tridg {

// Waits for the grid this one depends on (everything before it in the stream), then lets the
// next launch begin: its blocks are scheduled once all of this grid's blocks have passed here.
__device__ __forceinline__ void step_kernel_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// Launches `kernel`, with the programmatic-serialisation attribute when `overlap` is set.
template <class... Params, class... Args>
void launch_step_kernel(bool overlap, void (*kernel)(Params...), unsigned grid, unsigned block,
                        cudaStream_t stream, Args&&... args) {
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(block);
  cfg.dynamicSmemBytes = 0;
  cfg.stream = stream;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr;
  cfg.numAttrs = overlap ? 1 : 0;
  cuda_check(cudaLaunchKernelEx(&cfg, kernel, std::forward<Args>(args)...), "kernel launch");
}

} // namespace tridg
