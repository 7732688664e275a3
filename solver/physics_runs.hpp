#pragma once
// One entry point per physics: reads its keys, checks the case, runs.
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "solver/run_driver.hpp"

namespace tridg {

RunResult run_euler(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                    const Mesh& mesh);
RunResult run_shallow_water(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                            const Mesh& mesh);

} // namespace tridg
