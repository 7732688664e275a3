#pragma once
// The step's largest CFL rate in one device word. Each block of the last stage's element launch
// (in the by-variable kernel each warp of its rates) folds its largest rate in by an atomic
// maximum (a reduction the block does not wait for), and
// k_control, a single thread, takes it. Before, the blocks stored their rates in an array that a
// block of 1024 threads reduced: at p = 2 on 1.6M elements a serial pass over 25k values. The
// demos' time loops are 5-8 % shorter this way (bench/NOTES.md; not profiled: most likely the
// large block found room on a multiprocessor only once the element launch had drained). The
// maximum is the same whatever the order in which the blocks arrive, so dt is the same bits.
#include <cuda_runtime.h>

namespace tridg {

// The bits of a rate for the maximum: non-negative doubles order as their bits, so -0 and
// anything below zero count as 0 (the kernels already made a NaN rate +inf, rate_or_inf).
__device__ __forceinline__ unsigned long long rate_bits(double r) {
  return static_cast<unsigned long long>(__double_as_longlong(r > 0 ? r : 0.0));
}

// A rate for the block's maximum: NaN compares false everywhere, so it becomes +inf.
template <class Real> __device__ __forceinline__ Real rate_or_inf(Real rate) {
  return rate <= Real(3e38) ? rate : Real(INFINITY);
}

// The largest of the warp's 32 rates, on lane 0. Every lane of the warp must call it.
__device__ __forceinline__ double warp_rate_max(double r) {
  for (int o = 16; o > 0; o >>= 1) r = fmax(r, __shfl_down_sync(0xffffffffu, r, o));
  return r;
}

__device__ __forceinline__ void fold_rate(unsigned long long* rate_max, double r) {
  atomicMax(rate_max, rate_bits(r));
}

// The largest rate folded in since the last take; leaves the word zero for the next step.
__device__ __forceinline__ double take_rate(unsigned long long* rate_max) {
  return __longlong_as_double(static_cast<long long>(atomicExch(rate_max, 0ull)));
}

} // namespace tridg
