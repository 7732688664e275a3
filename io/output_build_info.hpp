#pragma once
// How this tridg was built, stored with every solution file for provenance.
#include <string>

namespace tridg {

// "tridg 0.1.0; GNU 12.2.0, Release, CUDA off, orders 1,2,3,4, Gmsh on"
std::string build_info();

} // namespace tridg
