#pragma once
// The implicit schemes' backend (BDF2, ESDIRK3, steady Newton-Krylov): on the host, or with its
// linear solves on a GPU (backends/implicit/device_system.hpp).
#include <memory>

#include "backends/backend.hpp"

namespace tridg {

// Creates it for the physics `Phys` at the configuration's order (cfg.implicit names the
// scheme); instantiated per physics and flux by generated translation units. `gpu` < 0:
// everything on the host; else the GPU that assembles the Jacobian and solves the linear
// systems.
template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_implicit_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                      const BackendConfig<HostBoundary<Phys>>& cfg, int gpu);

} // namespace tridg
