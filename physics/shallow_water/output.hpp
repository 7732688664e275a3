#pragma once
// The fields a shallow-water run adds to every output: velocity (u, v, desingularised below the
// dry depth) and the water surface eta = max(h, 0) + b at the output points (b: the projected
// bed there), plus the bed's element averages as cell data. The run driver finds this overload
// by argument-dependent lookup.
#include "io/mesh.hpp"
#include "physics/shallow_water/shallow_water.hpp"
#include "solver/output_fields.hpp"
#include "solver/problem.hpp"

namespace tridg {

DerivedFields sw_output_fields(const SwSettings<double>& phys, const Problem<3>& pb,
                               const Mesh& mesh);

} // namespace tridg
