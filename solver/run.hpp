#pragma once
#include <string>
#include <vector>

#include "solver/run_driver.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

// `tridg run`: reads the case, loads the mesh, runs the physics it names. Throws UserError.
RunResult run_case(const RunOptions& opt);

// What `--device` accepts: "auto", then every backend of the source tree, built or not
// (backends/registry.hpp).
std::vector<std::string> device_choices();

} // namespace tridg
