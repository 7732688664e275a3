#pragma once
// The implicit schemes' backend (BDF2, ESDIRK3, steady Newton-Krylov) on the host.
#include <memory>

#include "backends/backend.hpp"

namespace tridg {

// Creates it for the physics `Phys` at the configuration's order (cfg.implicit names the
// scheme); instantiated per physics and flux by generated translation units. Physics whose
// Jacobian kernels/dg_jacobian.hpp does not cover take it by coloured finite differences
// (backends/implicit/fd_jacobian.hpp).
template <class Phys>
std::unique_ptr<Backend<Phys::M>> make_implicit_backend(const Phys& phys, const BasisTables& tables,
                                                        const MeshArrays& mesh,
                                                        const BackendConfig<Phys::M>& cfg);

} // namespace tridg
