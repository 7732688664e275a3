#pragma once
// Reads a shallow-water case: [physics], [bathymetry], [initial], [boundary.*] and [gauges]
// (keys in docs/shallow_water.md).
#include <memory>

#include "io/config.hpp"
#include "io/mesh.hpp"
#include "physics/shallow_water/bed.hpp"
#include "physics/shallow_water/shallow_water.hpp"
#include "solver/problem.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

SwSettings<double> read_sw_physics(const Config& cfg);

struct SwCase {
  SwSettings<double> phys;
  std::shared_ptr<const SwBed> bed;  // at t = 0
  std::shared_ptr<SwBedRef> bed_ref; // the bed of the moment (rupture times move it)
  Problem<SwBoundary<double>> problem;
  RunSettings settings; // the run's settings with the shallow-water adjustments (cfl, positivity)
};

// Everything a shallow-water run needs; throws UserError(bad_case) for a bad case.
SwCase make_sw_case(const Config& cfg, const RunSettings& s, const Mesh& mesh);

} // namespace tridg
