#pragma once
// The [boundary.NAME] tables of a linearised shallow-water case (wall, level, absorbing,
// outflow).
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "physics/linear_shallow_water/boundary.hpp"
#include "solver/problem.hpp"

namespace tridg {

// Fills pb.boundaries and pb.bc_tables (a level's time series as [n, t..., eta...]).
void read_lsw_boundaries(const Config& cfg, const Mesh& mesh, int order,
                         Problem<LswBoundary<double>>& pb);

} // namespace tridg
