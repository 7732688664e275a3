#pragma once
// The implicit schemes' linear systems on a GPU: A = diag(shift) - dL/du assembled on the device
// from the same Jacobian rows as the host's (kernels/dg_jacobian.hpp) or, for physics those rows
// do not cover, the host's finite-difference blocks uploaded; its preconditioner factored there
// (by cuBLAS's batched LU in backends/cuda/implicit/), and GMRES run there
// (backends/implicit/gmres.hpp over the device's vector space). The Newton and pseudo-time logic,
// the residual and the checks of the state stay on the host: per linear solve only the state (or
// the host's blocks), the shifts, the right-hand side and the solution cross the bus.
#include <memory>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "backends/implicit/block_matrix.hpp"
#include "backends/implicit/gmres.hpp"
#include "backends/implicit/implicit_params.hpp"

namespace tridg {

template <class Bc> class DeviceSystem {
public:
  virtual ~DeviceSystem() = default;
  virtual std::string backend_name() const = 0; // the registry's name, "cuda"
  virtual std::string device_name() const = 0;
  virtual void set_boundary(int i, const Bc& bc) = 0;
  // Assembles A at (u, t) and factors its preconditioner; false when a block is singular.
  virtual bool build(const Vec& u, double t, const std::vector<double>& shift) = 0;
  // x from A x = b by GMRES with the settings' tolerance, restart and limit.
  virtual GmresResult solve(const Vec& b, Vec& x) = 0;
  virtual std::size_t memory_bytes() const = 0;
};

// On GPU `gpu`; instantiated per physics and flux by the GPU backend that defines
// TRIDG_IMPLICIT_DEVICE for tridg_backends (backends/cuda/CMakeLists.txt): one per build.
template <class Phys>
std::unique_ptr<DeviceSystem<HostBoundary<Phys>>>
make_device_system(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                   const BackendConfig<HostBoundary<Phys>>& cfg, int gpu);

} // namespace tridg
