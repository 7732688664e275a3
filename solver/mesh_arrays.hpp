#pragma once
#include "backends/backend.hpp"
#include "io/mesh.hpp"

namespace tridg {

// The kernels' structure-of-arrays view of a mesh (straight-sided triangles).
MeshArrays make_mesh_arrays(const Mesh& mesh);

// Affine map of element k: x = x0 + (x1-x0) r + (x2-x0) s, likewise y.
struct ElementMap {
  double x0, y0, x1, y1, x2, y2;
  double x(double r, double s) const { return x0 + (x1 - x0) * r + (x2 - x0) * s; }
  double y(double r, double s) const { return y0 + (y1 - y0) * r + (y2 - y0) * s; }
  double det() const { return (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0); }
  double xc() const { return (x0 + x1 + x2) / 3; } // the centroid
  double yc() const { return (y0 + y1 + y2) / 3; }
};
ElementMap element_map(const Mesh& mesh, int k);

} // namespace tridg
