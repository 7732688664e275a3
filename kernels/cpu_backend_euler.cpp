// The OpenMP backend instantiated for the Euler equations at the compiled orders.
#include "kernels/cpu_backend_impl.hpp"
#include "kernels/euler_boundary.hpp"
#include "kernels/order_dispatch.hpp"

namespace tridg {

template <>
std::unique_ptr<Backend<4>> make_cpu_backend(const EulerPhysics<double>& phys, const BasisTables& t,
                                             const MeshArrays& m, const BackendConfig<4>& c) {
  return dispatch_order(c.order, [&](auto P) -> std::unique_ptr<Backend<4>> {
    return make_cpu_backend_p<EulerPhysics<double>, decltype(P)::value>(phys, t, m, c);
  });
}

} // namespace tridg
