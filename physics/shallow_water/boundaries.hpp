#pragma once
// The [boundary.NAME] tables of a shallow-water case (wall, level, absorbing, outflow), shared by
// the nonlinear and the linear physics: both act on (h or eta, hu, hv) with the same conditions.
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "solver/problem.hpp"

namespace tridg {

// Fills pb.boundaries and pb.bc_tables (a level's time series as [n, t..., eta...]).
void read_sw_boundaries(const Config& cfg, const Mesh& mesh, int order, Problem<3>& pb);

} // namespace tridg
