// The CUDA backend instantiated for the shallow-water equations at the compiled orders.
//
// cuda_backend_impl.cuh defines the non-template kernel k_control with external linkage; this
// translation unit takes its own copy under its own name, so that it links beside the Euler one.
#define k_control k_control_shallow_water
#include "kernels/cuda_backend_impl.cuh"
#undef k_control
#include "kernels/sw_dg.hpp"

namespace tridg {

template <>
std::unique_ptr<Backend<3>> make_cuda_backend(const ShallowWaterPhysics<double>& phys,
                                              const BasisTables& t, const MeshArrays& m,
                                              const BackendConfig<3>& c, int gpu) {
  return make_cuda_backend_any(phys, t, m, c, gpu);
}

} // namespace tridg
