#pragma once
// The checks a mesh of 6- or 10-node triangles passes before anything uses its geometry.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/mesh.hpp"

namespace tridg {

// Inspects every element (io/isoparametric.hpp) and returns the geometry with its curved flags,
// count and worst Jacobian ratio. Elements are named in messages by tags[k] when tags is not
// empty (Gmsh's element tags), else by k + 1. Throws UserError(bad_mesh) as "source: element N
// ...": a high-order node that is not finite or is off its straight position by more than the
// element's longest edge; a mapping that is inverted (its Jacobian changes sign) or nearly so
// (Jacobian ratio below min_jacobian_ratio).
CurvedGeometry check_curved_geometry(int order, std::vector<double> nodes,
                                     const std::vector<std::array<std::int32_t, 3>>& tri,
                                     const std::vector<double>& x, const std::vector<double>& y,
                                     const std::string& source,
                                     const std::vector<std::int64_t>& tags = {});

// The whole element nodes of element k of a mesh with curved geometry.
std::vector<double> mesh_element_nodes(const Mesh& m, std::int32_t k);

// The image under element k's map of the middle of its reference side s: where refinement puts
// a curved element's new vertex, so that the children stay on the curve.
std::array<double, 2> curved_side_middle(const Mesh& m, std::int32_t k, int s);

} // namespace tridg
