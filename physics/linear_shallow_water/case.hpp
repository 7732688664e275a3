#pragma once
// Reads a linearised shallow-water case: [physics], [bathymetry] (the still depth H = -b),
// [initial] and [boundary.*] (keys in docs/linear_shallow_water.md).
#include <memory>

#include "io/config.hpp"
#include "io/mesh.hpp"
#include "physics/linear_shallow_water/boundary.hpp"
#include "physics/linear_shallow_water/depth.hpp"
#include "physics/linear_shallow_water/state.hpp"
#include "solver/problem.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

struct LswCase {
  LswState<double> phys;
  std::shared_ptr<const LswDepth> depth;
  Problem<LswBoundary<double>> problem;
};

// Everything a linearised shallow-water run needs; throws UserError(bad_case) for a bad case.
LswCase make_lsw_case(const Config& cfg, const RunSettings& s, const Mesh& mesh);

} // namespace tridg
