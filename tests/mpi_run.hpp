#pragma once
// Running tridg under the MPI launcher from the tests (tests/test_mpi_*.cpp).
#include <string>

#include "cli_run.hpp"

namespace tridg_test {

// Open MPI refuses to start as root without these (CI machines run as root); --oversubscribe
// lets 3 ranks share 2 cores.
inline const std::string kMpiEnv = "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1";

inline std::string ranks(int n) {
  return std::string(TRIDG_MPIEXEC) + " " + TRIDG_MPIEXEC_FLAGS + " -n " + std::to_string(n);
}

// The line of stderr that tridg wrote (mpiexec adds its own lines after it).
inline std::string tridg_error(const CmdResult& r) {
  const std::size_t at = r.err.find("tridg: error:");
  return at == std::string::npos ? std::string() : r.err.substr(at, r.err.find('\n', at) - at);
}

} // namespace tridg_test
