// The OpenMP backend instantiated for the shallow-water equations at the compiled orders.
#include "kernels/cpu_backend_impl.hpp"
#include "kernels/order_dispatch.hpp"
#include "kernels/sw_dg.hpp"

namespace tridg {

template <>
std::unique_ptr<Backend<3>> make_cpu_backend(const ShallowWaterPhysics<double>& phys,
                                             const BasisTables& t, const MeshArrays& m,
                                             const BackendConfig<3>& c) {
  return dispatch_order(c.order, [&](auto P) -> std::unique_ptr<Backend<3>> {
    return make_cpu_backend_p<ShallowWaterPhysics<double>, decltype(P)::value>(phys, t, m, c);
  });
}

} // namespace tridg
