#include "solver/output_sample.hpp"

#include "core/cell_mean.hpp"

#include <cmath>

#include "core/basis.hpp"

namespace tridg {

std::vector<VizField> sample_fields(const Mesh& mesh, const VizMesh& viz, int order,
                                    const std::vector<std::string>& vars,
                                    const std::vector<double>& coeffs,
                                    const DerivedFields& derived) {
  const int nv = int(vars.size()), nd = int(derived.names.size());
  const int np = n_modes(order), E = mesh.n_elems();
  const auto pts = lattice_points(viz.subdivision);
  const int npe = viz.nodes_per_elem, tpe = viz.tris_per_elem;
  std::vector<std::vector<double>> phi; // [node][mode]
  for (const auto& [r, s] : pts) {
    std::vector<double> row;
    for (const BasisValue& b : dubiner(order, r, s)) row.push_back(b.phi);
    phi.push_back(std::move(row));
  }
  std::vector<VizField> out;
  for (const auto& n : vars) out.push_back({n, {}, {}});
  for (const auto& n : derived.names) out.push_back({n, {}, {}});
  for (const auto& cd : derived.cell_data) out.push_back({cd.first, {}, {}});
  for (auto& f : out) {
    f.point.resize(std::size_t(viz.n_nodes()));
    f.cell.resize(std::size_t(viz.n_tris()));
  }
#pragma omp parallel for schedule(static)
  for (int k = 0; k < E; ++k) {
    std::vector<double> u(nv), d(nd);
    auto put_derived = [&](double x, double y, bool cell, std::size_t at) {
      if (nd == 0) return;
      derived.eval(k, x, y, u.data(), d.data());
      for (int i = 0; i < nd; ++i) {
        auto& dst = cell ? out[nv + i].cell : out[nv + i].point;
        dst[at] = float(d[i]);
      }
    };
    for (int q = 0; q < npe; ++q) {
      const std::size_t node = std::size_t(k) * npe + q;
      for (int v = 0; v < nv; ++v) {
        double a = 0;
        for (int j = 0; j < np; ++j) a += coeffs[(std::size_t(v) * np + j) * E + k] * phi[q][j];
        u[v] = a;
        out[v].point[node] = float(a);
      }
      put_derived(viz.xy[2 * node], viz.xy[2 * node + 1], false, node);
    }
    for (int v = 0; v < nv; ++v) u[v] = cell_mean(coeffs[std::size_t(v) * np * E + k]);
    const auto& t = mesh.tri[k];
    const double xc = (mesh.x[t[0]] + mesh.x[t[1]] + mesh.x[t[2]]) / 3;
    const double yc = (mesh.y[t[0]] + mesh.y[t[1]] + mesh.y[t[2]]) / 3;
    const std::size_t first = std::size_t(k) * tpe;
    for (int v = 0; v < nv; ++v)
      for (int s = 0; s < tpe; ++s) out[v].cell[first + s] = float(u[v]);
    put_derived(xc, yc, true, first);
    for (int i = 0; i < nd; ++i)
      for (int s = 1; s < tpe; ++s) out[nv + i].cell[first + s] = out[nv + i].cell[first];
    for (std::size_t c = 0; c < derived.cell_data.size(); ++c) {
      VizField& f = out[nv + nd + c];
      const float b = float(derived.cell_data[c].second[k]);
      for (int q = 0; q < npe; ++q) f.point[std::size_t(k) * npe + q] = b;
      for (int s = 0; s < tpe; ++s) f.cell[first + s] = b;
    }
  }
  return out;
}

} // namespace tridg
