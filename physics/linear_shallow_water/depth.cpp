#include "physics/linear_shallow_water/depth.hpp"

#include <algorithm>
#include <limits>

#include "core/basis.hpp"
#include "core/dg_basis_tables.hpp"
#include "core/quadrature.hpp"
#include "physics/shallow_water/geo_metric.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

LswDepth::LswDepth(const Mesh& mesh, int p, const Bathymetry& b, const Geographic& geo)
    : p_(p), E_(mesh.n_elems()), geo_(geo) {
  const BasisTables t = make_basis_tables(p);
  const int np = t.n_modes, nq = t.n_vol, nf = t.n_face, E = E_, Ed = mesh.n_edges();
  L_ = lsw_aux_layout(np, nq);
  h_max_ = -std::numeric_limits<double>::infinity();
  h_min_ = std::numeric_limits<double>::infinity();
  auto check = [&](double x, double y, double h) {
    h_max_ = std::max(h_max_, h);
    h_min_ = std::min(h_min_, h);
    if (!(h > 0) && !dry_) dry_ = DryPoint{x, y, h};
  };

  // L2 projection of H = -b (serial: the bathymetry may be a muParser expression), checking the
  // bathymetry at the rule's points and at the vertices.
  const TriangleRule pr = triangle_rule(2 * p + 2);
  std::vector<std::vector<BasisValue>> phi;
  for (std::size_t q = 0; q < pr.w.size(); ++q) phi.push_back(dubiner(p, pr.r[q], pr.s[q]));
  modes_.assign(std::size_t(np) * E, 0.0);
  for (int k = 0; k < E; ++k) {
    const ElementMap m = element_map(mesh, k);
    for (std::size_t q = 0; q < pr.w.size(); ++q) {
      const double x = m.x(pr.r[q], pr.s[q]), y = m.y(pr.r[q], pr.s[q]);
      const double hq = -b(x, y);
      check(x, y, hq);
      for (int j = 0; j < np; ++j) modes_[std::size_t(j) * E + k] += pr.w[q] * hq * phi[q][j].phi;
    }
    check(m.x0, m.y0, -b(m.x0, m.y0));
    check(m.x1, m.y1, -b(m.x1, m.y1));
    check(m.x2, m.y2, -b(m.x2, m.y2));
  }

  const TriangleRule vr = triangle_rule(2 * p);
  aux_.assign(std::size_t(geo.on ? L_.rows_geographic() : L_.rows()) * E, 0.0);
  std::vector<GeoMetric> metric;
  if (geo.on) metric.reserve(E);
  std::vector<double> trace(std::size_t(3) * nf * E); // own trace [s][q][k]
  auto A = [&](int row, int k) -> double& { return aux_[std::size_t(row) * E + k]; };
  for (int k = 0; k < E; ++k) {
    const ElementMap m = element_map(mesh, k);
    const double g0 = m.y2 - m.y0, g1 = m.x0 - m.x2, g2 = m.y0 - m.y1, g3 = m.x1 - m.x0;
    for (int j = 0; j < np; ++j) A(L_.h_modes() + j, k) = modes_[std::size_t(j) * E + k];
    if (geo.on) {
      metric.push_back(geo_metric(geo, m));
      const GeoMetric& gm = metric.back();
      for (int q = 0; q < nq; ++q) {
        const double lat = m.y(vr.r[q], vr.s[q]);
        A(L_.geo_wx() + q, k) = gm.wx(lat);
        A(L_.geo_w1() + q, k) = gm.w1(lat);
        A(L_.geo_tan() + q, k) = geo_tan_over_radius(geo, lat);
        A(L_.geo_coriolis() + q, k) = geo_coriolis(geo, lat);
      }
      A(L_.geo_inv_r(), k) = 1 / gm.inradius;
    }
    for (int q = 0; q < nq; ++q) {
      double h = 0, hr = 0, hs = 0;
      for (int j = 0; j < np; ++j) {
        const double c = modes_[std::size_t(j) * E + k];
        h += c * t.vphi[q * np + j];
        hr += c * t.vdr[q * np + j]; // the tables' derivatives carry the weight w_q
        hs += c * t.vds[q * np + j];
      }
      check(m.x(vr.r[q], vr.s[q]), m.y(vr.r[q], vr.s[q]), h);
      A(L_.h_points() + q, k) = h;
      A(L_.grad_x() + q, k) = g0 * hr + g2 * hs; // w_q det(J) grad H
      A(L_.grad_y() + q, k) = g1 * hr + g3 * hs;
    }
    for (int s = 0; s < 3; ++s)
      for (int q = 0; q < nf; ++q) {
        double h = 0;
        for (int j = 0; j < np; ++j)
          h += modes_[std::size_t(j) * E + k] * t.fphi[(s * nf + q) * np + j];
        trace[std::size_t(s * nf + q) * E + k] = h;
        double r, ss;
        side_point(s, t.ft[q], r, ss);
        check(m.x(r, ss), m.y(r, ss), h);
      }
  }

  edge_aux_.assign(
      std::size_t(geo.on ? lsw_edge_aux_rows_geographic(nf) : lsw_edge_aux_rows(nf)) * Ed, 0.0);
  for (int e = 0; e < Ed; ++e) {
    const Edge& ed = mesh.edges[e];
    for (int q = 0; q < nf; ++q) {
      const double hl = trace[std::size_t(ed.lside * nf + q) * E + ed.left];
      const double hr =
          ed.right < 0 ? hl : trace[std::size_t(ed.rside * nf + nf - 1 - q) * E + ed.right];
      edge_aux_[std::size_t(q) * Ed + e] = 0.5 * (hl + hr);
      edge_aux_[std::size_t(nf + q) * Ed + e] = hl;
      edge_aux_[std::size_t(2 * nf + q) * Ed + e] = hr;
    }
  }
  if (geo.on) fill_geo_edge_rows(mesh, metric, nf, 3 * nf, edge_aux_);
}

double LswDepth::at(int k, double r, double s) const {
  const auto phi = dubiner(p_, r, s);
  double v = 0;
  for (int j = 0; j < L_.np; ++j) v += modes_[std::size_t(j) * E_ + k] * phi[j].phi;
  return v;
}

void LswDepth::fill(MeshArrays& a) const {
  a.n_aux = geo_.on ? L_.rows_geographic() : L_.rows();
  a.aux = aux_;
  // p + 1 Gauss points per edge
  a.n_edge_aux = geo_.on ? lsw_edge_aux_rows_geographic(p_ + 1) : lsw_edge_aux_rows(p_ + 1);
  a.edge_aux = edge_aux_;
}

} // namespace tridg
