#pragma once
// The host-driven run: projection of the initial state, the time loop in chunks of steps with
// outputs at their exact times, progress, blow-up handling and the final summary.
#include <string>
#include <utility>
#include <vector>

#include "io/config.hpp"
#include "io/mesh.hpp"
#include "solver/output_fields.hpp"
#include "solver/problem.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

struct RunResult {
  long steps = 0;
  double final_time = 0, wall_seconds = 0;
  std::vector<double> conserved_initial, conserved_final, l2_error;
  std::vector<double> final_state; // C[var][mode][elem]
  // The implicit schemes' counters (Newton and GMRES iterations, residuals); empty otherwise.
  std::vector<std::pair<std::string, double>> solver;
};

// Runs a set-up problem to the end and writes its outputs, with the physics' derived fields;
// throws UserError on failure.
template <class Phys>
RunResult run_problem(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                      const Mesh& mesh, const Phys& phys, const Problem<HostBoundary<Phys>>& pb,
                      const DerivedFields& fields);

} // namespace tridg
