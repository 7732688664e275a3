#include "io/error.hpp"
#include "solver/physics_runs.hpp"

namespace tridg {

RunResult run_shallow_water(const Config& cfg, const RunSettings&, const RunOptions&, const Mesh&) {
  fail(ExitCode::bad_case,
       cfg.source() + ": physics.type = \"shallow_water\" is not available yet");
}

} // namespace tridg
