#pragma once
// The [boundary.NAME] tables of a shallow-water case (wall, level, absorbing, outflow, initial).
#include <vector>

#include "io/config.hpp"
#include "io/mesh.hpp"
#include "physics/shallow_water/boundary.hpp"
#include "solver/problem.hpp"

namespace tridg {

// Fills pb.boundaries and pb.bc_tables (a level's time series as [n, t..., eta...]).
void read_sw_boundaries(const Config& cfg, const Mesh& mesh, int order,
                        Problem<SwBoundary<double>>& pb);

// A `level` table, which the linearised physics reads too: `level = <number>` (returned), or
// `file` = a time series, appended to `table` as [n, t..., eta...], with `still_level` returned
// (the level the boundary absorbs about after the series).
double read_water_level(const Config& cfg, const Config& b, std::vector<double>& table);

} // namespace tridg
