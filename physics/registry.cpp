#include "physics/registry.hpp"

#include "physics/euler/run.hpp"
#include "physics/linear_shallow_water/run.hpp"
#include "physics/shallow_water/run.hpp"

namespace tridg {

const std::vector<PhysicsEntry>& physics_registry() {
  static const std::vector<PhysicsEntry> entries = {
      {"euler", run_euler},
      {"shallow_water", run_shallow_water},
      {"linear_shallow_water", run_linear_shallow_water},
  };
  return entries;
}

std::vector<std::string> physics_names() {
  std::vector<std::string> n;
  for (const PhysicsEntry& e : physics_registry()) n.push_back(e.name);
  return n;
}

} // namespace tridg
