#pragma once
// The OpenMP backend: the generic kernels in parallel loops over edges and elements; the
// reference the other backends are tested against.
#include <memory>

#include "backends/backend.hpp"

namespace tridg {

// Creates the backend for the physics `Phys` (EulerPhysics<double, EulerHllc>, ...) at the
// given order; instantiated per physics and flux by generated translation units.
template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_cpu_backend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                 const BackendConfig<HostBoundary<Phys>>& cfg);

// The CPU backend's entry in the registry (backends/registry.hpp).
struct CpuBackendTag {
  static constexpr const char* name = "cpu";
  static int device_count() { return 1; }
  // Its rows are in host memory already.
  static DeviceAwareMpi device_aware_mpi() { return {"", "no (the CPU backend)"}; }
  template <class Phys>
  static std::unique_ptr<Backend<HostBoundary<Phys>>>
  make(const Phys& phys, const BasisTables& t, const MeshArrays& m,
       const BackendConfig<HostBoundary<Phys>>& c, int) {
    return make_cpu_backend(phys, t, m, c);
  }
};

} // namespace tridg
