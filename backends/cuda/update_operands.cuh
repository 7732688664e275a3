#pragma once
// The Runge-Kutta update's operands from memory (a coefficient's step-start value and RK4's
// accumulator) through two slots of shared memory: copied in the background where the stage reads
// them (copy_update_operands), and read back by the update (rk_update_from_slots). Loaded into
// registers at the end of a stage, they waited on memory in batches (bench/NOTES.md).
#include <cstdint>

#include "backends/cuda/async_copy.cuh"
#include "kernels/dg_element.hpp"

namespace tridg {

// Starts copying coefficient i's operands to u0_slot and acc_slot, where stage c reads them.
template <class Real>
__device__ __forceinline__ void
copy_update_operands(const StageCoeffs<Real>& c, const StateView<Real>& U0,
                     const StateView<Real>& ACC, std::int64_t i, Real* u0_slot, Real* acc_slot) {
  if (c.use_u0) copy_async(u0_slot, &U0.c[i]);
  if (c.use_acc) copy_async(acc_slot, &ACC.c[i]);
}

// rk_update of coefficient i with its operands from the slots (after copies_landed).
template <class Real>
__device__ __forceinline__ Real rk_update_from_slots(const StageCoeffs<Real>& c, Real u, Real l,
                                                     std::int64_t i, const Real* u0_slot,
                                                     const Real* acc_slot,
                                                     const StateView<Real>& ACC,
                                                     const StateView<Real>& OUT) {
  return rk_update_of(c, u, l, c.use_u0 ? *u0_slot : Real(0), c.use_acc ? *acc_slot : Real(0), i,
                      ACC, OUT);
}

} // namespace tridg
