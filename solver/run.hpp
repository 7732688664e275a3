#pragma once
#include "solver/run_driver.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

// `tridg run`: reads the case, loads the mesh, runs the physics it names. Throws UserError.
RunResult run_case(const RunOptions& opt);

} // namespace tridg
