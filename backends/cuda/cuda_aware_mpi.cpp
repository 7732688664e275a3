#include "backends/cuda/cuda_aware_mpi.hpp"

#if TRIDG_HAVE_MPI
#include <mpi.h>
#if defined(OPEN_MPI) && __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif
#endif

namespace tridg {

std::string cuda_aware_mpi_text() {
#if !TRIDG_HAVE_MPI
  return "no (this build has no MPI)";
#elif defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support() ? "yes" : "no (the library has it, but it is off at run time)";
#elif defined(MPIX_CUDA_AWARE_SUPPORT)
  return "no (the MPI library was built without CUDA support)";
#else
  return "no (the MPI library does not say)";
#endif
}

} // namespace tridg
