#pragma once
// The physics a case can name in physics.type, each with its run function. A new physics is a
// folder under physics/ and one entry in physics/registry.cpp (plus its tridg_physics() line
// in physics/CMakeLists.txt, which compiles its kernels).
#include <string>
#include <vector>

#include "io/config.hpp"
#include "io/mesh.hpp"
#include "solver/run_driver.hpp"

namespace tridg {

struct PhysicsEntry {
  const char* name; // the value of physics.type
  RunResult (*run)(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                   const Mesh& mesh);
};

const std::vector<PhysicsEntry>& physics_registry();
std::vector<std::string> physics_names();

} // namespace tridg
