// The CUDA backend instantiated for the Euler equations at the compiled orders.
#include "kernels/cuda_backend_impl.cuh"
#include "kernels/euler_boundary.hpp"

namespace tridg {

template <>
std::unique_ptr<Backend<4>> make_cuda_backend(const EulerPhysics<double>& phys,
                                              const BasisTables& t, const MeshArrays& m,
                                              const BackendConfig<4>& c, int gpu) {
  return make_cuda_backend_any(phys, t, m, c, gpu);
}

} // namespace tridg
