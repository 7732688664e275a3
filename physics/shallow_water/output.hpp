#pragma once
// The fields a shallow-water run adds to every output: velocity (u, v, desingularised below the
// dry depth) and the water surface eta = max(h, 0) + b at the output points (b: the projected
// bed of the moment there), plus the element averages of the bed at the start as cell data.
#include <memory>

#include "io/mesh.hpp"
#include "physics/shallow_water/bed.hpp"
#include "physics/shallow_water/shallow_water.hpp"
#include "solver/output_fields.hpp"
#include "solver/problem.hpp"

namespace tridg {

DerivedFields sw_output_fields(const SwSettings<double>& phys, std::shared_ptr<const SwBedRef> bed,
                               const Mesh& mesh);

} // namespace tridg
