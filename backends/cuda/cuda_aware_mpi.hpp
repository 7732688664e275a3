#pragma once
// Whether the MPI library passes CUDA memory itself ("yes"), else why not: the CUDA backend's
// answer to the registry's device_aware_mpi (backends/registry.hpp).
#include <string>

namespace tridg {

std::string cuda_aware_mpi_text();

} // namespace tridg
