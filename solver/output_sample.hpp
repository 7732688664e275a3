#pragma once
// Samples the DG solution, its derived fields and the physics' cell data on the viewable
// sub-cell mesh (io/output_viz.hpp).
#include <string>
#include <vector>

#include "io/mesh.hpp"
#include "io/output_viz.hpp"
#include "solver/output_fields.hpp"

namespace tridg {

// One VizField per conserved variable (named as in `vars`), per derived field and per cell-data
// entry, in that order. Node values are the polynomial evaluated exactly at the lattice nodes;
// cell values come from the element's cell average.
std::vector<VizField> sample_fields(const Mesh& mesh, const VizMesh& viz, int order,
                                    const std::vector<std::string>& vars,
                                    const std::vector<double>& coeffs,
                                    const DerivedFields& derived);

} // namespace tridg
