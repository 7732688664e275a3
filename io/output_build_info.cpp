#include "io/output_build_info.hpp"

// io/CMakeLists.txt defines TRIDG_BUILD_INFO for this file only, so that a change of build
// settings recompiles one file.
#ifndef TRIDG_BUILD_INFO
#define TRIDG_BUILD_INFO "unknown build"
#endif

namespace tridg {

std::string build_info() {
  return std::string("tridg ") + TRIDG_VERSION + "; " + TRIDG_BUILD_INFO;
}

} // namespace tridg
