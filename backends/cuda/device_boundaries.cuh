#pragma once
// A backend's boundary parameters in its precision, with each tabulated boundary's table in
// device memory (the explicit step's backend and the implicit schemes' device solver).
#include <memory>
#include <vector>

#include "backends/backend.hpp"
#include "backends/convert.hpp"
#include "backends/cuda/cuda_check.cuh"

namespace tridg {

template <class Real, class Phys> class DeviceBoundaryTables {
public:
  // cfg's boundaries in Real, the tables uploaded (into the same arrays when their sizes stay)
  // and pointed to.
  std::vector<typename Phys::template Boundary<Real>>
  params(const BackendConfig<HostBoundary<Phys>>& cfg) {
    std::vector<typename Phys::template Boundary<Real>> b;
    tables_.resize(cfg.boundaries.size());
    for (std::size_t i = 0; i < cfg.boundaries.size(); ++i) {
      b.push_back(to_real<Real>(cfg.boundaries[i]));
      if (i < cfg.bc_tables.size() && !cfg.bc_tables[i].empty()) {
        if (!tables_[i]) tables_[i] = std::make_unique<DeviceArray<Real>>();
        tables_[i]->upload(to_real<Real>(cfg.bc_tables[i]));
        b.back().table = tables_[i]->get();
      }
    }
    return b;
  }

private:
  std::vector<std::unique_ptr<DeviceArray<Real>>> tables_;
};

} // namespace tridg
