// The CUDA backend instantiated for the shallow-water equations at the compiled orders.
#include "kernels/cuda_backend_impl.cuh"
#include "kernels/sw_dg.hpp"

namespace tridg {

template <>
std::unique_ptr<Backend<3>> make_cuda_backend(const ShallowWaterPhysics<double>& phys,
                                              const BasisTables& t, const MeshArrays& m,
                                              const BackendConfig<3>& c, int gpu) {
  return make_cuda_backend_any(phys, t, m, c, gpu);
}

} // namespace tridg
