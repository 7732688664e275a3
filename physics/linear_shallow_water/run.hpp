#pragma once
// The linearised shallow-water physics' entry for the registry (physics/registry.cpp).
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "solver/run_driver.hpp"

namespace tridg {

RunResult run_linear_shallow_water(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                                   const Mesh& mesh);

} // namespace tridg
