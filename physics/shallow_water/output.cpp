#include "physics/shallow_water/output.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/basis.hpp"
#include "core/quadrature.hpp"
#include "physics/shallow_water/shallow_water.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

DerivedFields sw_output_fields(const SwSettings<double>& phys, const Problem<3>& pb,
                               const Mesh& mesh) {
  DerivedFields d;
  if (!pb.mesh_data) return d;
  // The bed's modes are the first rows of the kernels' data (physics/shallow_water/bed_layout.hpp).
  MeshArrays a;
  pb.mesh_data(a);
  const int nf = a.n_edge_aux / sw_edge_aux_rows(1), p = nf - 1, E = mesh.n_elems();
  const SwAuxLayout L = sw_aux_layout(n_modes(p), triangle_rule_points(2 * p), nf);
  auto aux = std::make_shared<const std::vector<double>>(std::move(a.aux));
  std::vector<double> mean(E);
  for (int k = 0; k < E; ++k) mean[k] = cell_mean((*aux)[std::size_t(L.b_modes()) * E + k]);
  d.names = {"u", "v", "eta"};
  d.cell_data = {{"bathymetry", mean}};
  d.eval = [phys, aux, L, p, E, &mesh](int k, double x, double y, const double* u, double* out) {
    const ElementMap g = element_map(mesh, k);
    const double det = g.det();
    const double r = ((x - g.x0) * (g.y2 - g.y0) - (y - g.y0) * (g.x2 - g.x0)) / det;
    const double s = ((y - g.y0) * (g.x1 - g.x0) - (x - g.x0) * (g.y1 - g.y0)) / det;
    const auto phi = dubiner(p, r, s);
    double b = 0;
    for (int j = 0; j < L.np; ++j) b += (*aux)[std::size_t(L.b_modes() + j) * E + k] * phi[j].phi;
    out[0] = phys.velocity(u[0], u[1]);
    out[1] = phys.velocity(u[0], u[2]);
    // The polynomials' surface. (A shore cell, at p = 0, shows its mean depth over the bed; the
    // kernels see its water as a flat level, but the point value alone cannot tell the cell's
    // kind.)
    out[2] = std::max(u[0], 0.0) + b;
  };
  return d;
}

} // namespace tridg
