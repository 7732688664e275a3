#include "physics/linear_shallow_water/output.hpp"

#include <cmath>

#include "core/cell_mean.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

DerivedFields lsw_output_fields(std::shared_ptr<const LswDepth> depth, const Mesh& mesh) {
  DerivedFields d;
  const int E = mesh.n_elems();
  std::vector<double> mean(E);
  for (int k = 0; k < E; ++k) mean[k] = cell_mean(depth->modes()[k]);
  d.names = {"u", "v", "depth"};
  d.cell_data = {{"depth_mean", mean}};
  d.eval = [depth, &mesh](int k, double x, double y, const double* u, double* out) {
    const ElementMap g = element_map(mesh, k);
    const double det = g.det();
    const double r = ((x - g.x0) * (g.y2 - g.y0) - (y - g.y0) * (g.x2 - g.x0)) / det;
    const double s = ((y - g.y0) * (g.x1 - g.x0) - (x - g.x0) * (g.y1 - g.y0)) / det;
    const double h = depth->at(k, r, s);
    out[0] = h > 0 ? u[1] / h : 0;
    out[1] = h > 0 ? u[2] / h : 0;
    out[2] = h;
  };
  return d;
}

} // namespace tridg
