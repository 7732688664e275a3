#pragma once
// Recognises boundary groups that lie on one circle (curved walls), so that the solver can use the
// exact wall normal and refinement can put new boundary nodes on the circle.
#include <optional>
#include <vector>

#include "io/raw_mesh.hpp"

namespace tridg {

// The circle through all the points, if there is one: fitted through three well-separated points
// and accepted when every point is on it to 1e-9 relative to the radius. Needs at least 4 points
// (any 3 points lie on a circle, so 3 prove nothing); collinear points give none.
std::optional<CircleArc> fit_circle(const std::vector<double>& px, const std::vector<double>& py);

// Fills raw.arcs for every boundary group whose nodes lie on one circle.
void detect_arcs(RawMesh& raw);

} // namespace tridg
