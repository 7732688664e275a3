#include "physics/shallow_water/output.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/basis.hpp"
#include "core/quadrature.hpp"
#include "physics/shallow_water/shallow_water.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

DerivedFields sw_output_fields(const SwSettings<double>& phys, std::shared_ptr<const SwBedRef> bed,
                               const Mesh& mesh) {
  DerivedFields d;
  const int E = mesh.n_elems();
  std::vector<double> mean(E);
  for (int k = 0; k < E; ++k) mean[k] = bed->bed->mean(k);
  d.names = {"u", "v", "eta"};
  d.cell_data = {{"bathymetry", mean}};
  d.eval = [phys, bed, &mesh](int k, double x, double y, const double* u, double* out) {
    const ElementMap g = element_map(mesh, k);
    const double det = g.det();
    const double r = ((x - g.x0) * (g.y2 - g.y0) - (y - g.y0) * (g.x2 - g.x0)) / det;
    const double s = ((y - g.y0) * (g.x1 - g.x0) - (x - g.x0) * (g.y1 - g.y0)) / det;
    out[0] = phys.velocity(u[0], u[1]);
    out[1] = phys.velocity(u[0], u[2]);
    // The polynomials' surface. (A shore cell, at p = 0, shows its mean depth over the bed; the
    // kernels see its water as a flat level, but the point value alone cannot tell the cell's
    // kind.)
    out[2] = std::max(u[0], 0.0) + bed->bed->at(k, r, s);
  };
  return d;
}

} // namespace tridg
