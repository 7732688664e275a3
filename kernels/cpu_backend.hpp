#pragma once
// The OpenMP backend: the kernels/ point functions in parallel loops over edges and elements.
#include <memory>

#include "kernels/backend.hpp"

namespace tridg {

// Creates the backend for the physics `Phys` (EulerPhysics<double>, ...) at the given order.
template <class Phys>
std::unique_ptr<Backend<Phys::M>> make_cpu_backend(const Phys& phys, const BasisTables& tables,
                                                   const MeshArrays& mesh,
                                                   const BackendConfig<Phys::M>& cfg);

} // namespace tridg
