#include "physics/shallow_water/bed.hpp"

#include "core/cell_mean.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/basis.hpp"
#include "core/dg_basis_tables.hpp"
#include "core/quadrature.hpp"
#include "io/error.hpp"
#include "physics/shallow_water/geo_metric.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/parallel_for.hpp"
#include "solver/projection.hpp"

namespace tridg {

namespace {

// Reference coordinates of the kernels' points: the nq volume points, then edge point q of side
// s at nq + s * nf + q.
struct RefPoints {
  std::vector<double> r, s;
};

RefPoints ref_points(int p) {
  RefPoints pts;
  const TriangleRule vr = triangle_rule(2 * p);
  pts.r = vr.r;
  pts.s = vr.s;
  const LineRule lr = gauss_legendre(p + 1);
  for (int side = 0; side < 3; ++side)
    for (int q = 0; q <= p; ++q) {
      double r, s;
      side_point(side, lr.t[q], r, s);
      pts.r.push_back(r);
      pts.s.push_back(s);
    }
  return pts;
}

// Values of the modes `c` (stride E, element k) at the kernels' points, with the kernels' tables.
std::vector<double> point_values(const BasisTables& t, const double* c, int E, int k) {
  const int np = t.n_modes, nq = t.n_vol, nf = t.n_face;
  std::vector<double> v(nq + 3 * nf, 0.0);
  for (int q = 0; q < nq; ++q)
    for (int j = 0; j < np; ++j) v[q] += t.vphi[q * np + j] * c[std::size_t(j) * E + k];
  for (int sq = 0; sq < 3 * nf; ++sq)
    for (int j = 0; j < np; ++j) v[nq + sq] += t.fphi[sq * np + j] * c[std::size_t(j) * E + k];
  return v;
}

} // namespace

SwSampleRule sw_sample_rule(const BasisTables& t) {
  const int np = t.n_modes, nq = t.n_vol, nf = t.n_face;
  // E(phi_j) = sum over edge points of w_q phi_j; e_q = sum_j phi_j(x_q) E(phi_j) represents
  // E(h) with the volume rule (exact for degree 2p) for h of degree p.
  std::vector<double> edge_sum(np, 0.0);
  for (int s = 0; s < 3; ++s)
    for (int q = 0; q < nf; ++q)
      for (int j = 0; j < np; ++j) edge_sum[j] += t.fw[q] * t.fphi[(s * nf + q) * np + j];
  std::vector<double> e(nq, 0.0);
  for (int q = 0; q < nq; ++q)
    for (int j = 0; j < np; ++j) e[q] += t.vphi[q * np + j] * edge_sum[j];
  SwSampleRule rule;
  rule.theta = 2.0 / *std::max_element(e.begin(), e.end());
  // The point of the largest e_q has weight 0, which rounding leaves as +-1e-17 or so: such a
  // weight must be exactly 0, since a shore cell's level puts h / w of water over the lowest
  // sample of positive weight w (sw_shore_level), a flood over a dry cell for w of 1e-16.
  for (int q = 0; q < nq; ++q) {
    const double f = 2 - rule.theta * e[q];
    rule.lambda.push_back(f > 1e-12 ? t.vw[q] * f : 0.0);
  }
  return rule;
}

double sw_positivity_cfl(int p) {
  return sw_sample_rule(make_basis_tables(p)).theta * (2 * p + 1);
}

SwBed::SwBed(const Mesh& mesh, int p, const Bathymetry& b, double g, const Coriolis& cor,
             const Geographic& geo)
    : mesh_(mesh), p_(p), E_(mesh.n_elems()), g_(g), cor_(cor), geo_(geo),
      t_(make_basis_tables(p)) {
  const int np = t_.n_modes, nq = t_.n_vol, nf = t_.n_face, E = E_;
  L_ = sw_aux_layout(np, nq, nf);
  const SwSampleRule rule = sw_sample_rule(t_);
  sample_w_ = rule.lambda;
  for (int s = 0; s < 3; ++s)
    for (int q = 0; q < nf; ++q) sample_w_.push_back(rule.theta * t_.fw[q]);

  // L2 projection of the bed, on all threads where the bathymetry allows (thread_safe).
  modes_ = project(
      mesh, p, 1, [&b](double x, double y, double* u) { u[0] = b(x, y); }, b.thread_safe());
  // An expression such as 0/0, or a grid value that overflows, must not make a NaN bed that the
  // run then carries silently (a NaN bed is dry everywhere).
  for (int k = 0; k < E; ++k)
    for (int j = 0; j < np; ++j)
      if (!std::isfinite(modes_[std::size_t(j) * E + k])) {
        const ElementMap m = element_map(mesh, k);
        fail(ExitCode::bad_case, "[bathymetry]: the bed (" + b.description() +
                                     ") is not finite in element " + std::to_string(k) +
                                     " (centroid " + std::to_string(m.xc()) + ", " +
                                     std::to_string(m.yc()) + ")");
      }
}

void SwBed::sorted_samples(const std::vector<double>& bv, double* sorted, double* cum_w,
                           double* cum_wb, double& wet_depth) const {
  std::vector<int> order(bv.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int c) { return bv[a] < bv[c]; });
  double w = 0, wb = 0;
  for (int i = 0; i < L_.ns; ++i) {
    w += sample_w_[order[i]];
    wb += sample_w_[order[i]] * bv[order[i]];
    sorted[i] = bv[order[i]];
    cum_w[i] = w;
    cum_wb[i] = wb;
  }
  const double bmax = *std::max_element(bv.begin(), bv.end());
  wet_depth = bmax - wb / w;
}

void SwBed::fill(MeshArrays& a) const {
  const Mesh& mesh = mesh_;
  const BasisTables& t = t_;
  const Geographic& geo = geo_;
  const Coriolis& cor = cor_;
  const double g = g_;
  const int p = p_, np = t.n_modes, nq = t.n_vol, nf = t.n_face, E = E_, Ed = mesh.n_edges();
  const TriangleRule vr = triangle_rule(2 * p);
  const LineRule lr = gauss_legendre(p + 1);
  a.n_aux = geo.on ? L_.rows_geographic() : L_.rows();
  a.n_edge_aux = geo.on ? sw_edge_aux_rows_geographic(nf) : sw_edge_aux_rows(nf);
  // Written straight into the arrays the backend copies from: a bed at p = 3 has some 180 rows
  // per element, and a copy kept here besides would double them on the host.
  std::vector<double>& aux = a.aux;
  aux.assign(std::size_t(a.n_aux) * E, 0.0);
  std::vector<GeoMetric> metric(geo.on ? std::size_t(E) : 0);
  std::vector<double> trace(std::size_t(3) * nf * E); // own bed trace [s][q][k]
  auto A = [&](int row, int k) -> double& { return aux[std::size_t(row) * E + k]; };
  // Each element writes its own columns only: the bits do not depend on the thread count.
  parallel_for_rethrow(E, [&](int k) {
    const ElementMap m = element_map(mesh, k);
    const double g0 = m.y2 - m.y0, g1 = m.x0 - m.x2, g2 = m.y0 - m.y1, g3 = m.x1 - m.x0;
    const std::vector<double> bv = point_values(t, modes_.data(), E, k);
    // The weights of the x and y terms: 1 in the plane, the metric on the sphere.
    std::vector<double> w1(nq + 3 * nf, 1.0);
    double wy = 1;
    if (geo.on) {
      metric[std::size_t(k)] = geo_metric(geo, m);
      const GeoMetric& gm = metric[std::size_t(k)];
      wy = 1 / geo.metres_per_degree();
      for (int q = 0; q < nq; ++q) {
        const double lat = m.y(vr.r[q], vr.s[q]);
        w1[q] = gm.w1(lat);
        A(L_.geo_wx() + q, k) = gm.wx(lat);
        A(L_.geo_w1() + q, k) = w1[q];
        A(L_.geo_tan() + q, k) = geo_tan_over_radius(geo, lat);
        if (geo.rotation != 0) A(L_.coriolis() + q, k) = geo_coriolis(geo, lat);
      }
      for (int sd = 0; sd < 3; ++sd)
        for (int q = 0; q < nf; ++q) {
          double r, s;
          side_point(sd, lr.t[q], r, s);
          w1[nq + sd * nf + q] = gm.w1(m.y(r, s));
        }
      A(L_.geo_inv_r(), k) = 1 / gm.inradius;
    }
    for (int j = 0; j < np; ++j) A(L_.b_modes() + j, k) = modes_[std::size_t(j) * E + k];
    for (int sq = 0; sq < 3 * nf; ++sq) trace[std::size_t(sq) * E + k] = bv[nq + sq];
    std::vector<double> rx(np, 0.0), ry(np, 0.0);
    for (int q = 0; q < nq; ++q) {
      double br = 0, bs = 0;
      for (int j = 0; j < np; ++j) {
        br += modes_[std::size_t(j) * E + k] * t.vdr[q * np + j];
        bs += modes_[std::size_t(j) * E + k] * t.vds[q * np + j];
      }
      const double gx = g0 * br + g2 * bs, gy = g1 * br + g3 * bs; // w_q det(J) grad b
      A(L_.grad_x() + q, k) = gx;
      A(L_.grad_y() + q, k) = gy;
      // Bed-only terms of a wet cell: the flux -g/2 b^2 and the source -g b grad b, with the
      // weights the kernels give the x and y terms.
      const double pb = -0.5 * g * bv[q] * bv[q];
      const double px = w1[q] * pb, py = wy * pb;
      for (int j = 0; j < np; ++j) {
        rx[j] += g0 * px * t.vdr[q * np + j] + g2 * px * t.vds[q * np + j];
        ry[j] += g1 * py * t.vdr[q * np + j] + g3 * py * t.vds[q * np + j];
        rx[j] += t.vphi[q * np + j] * (-g * bv[q]) * (w1[q] * gx);
        ry[j] += t.vphi[q * np + j] * (-g * bv[q]) * (wy * gy);
      }
      if (cor.on() && !geo.on)
        A(L_.coriolis() + q, k) = cor.f0 + cor.beta * (m.y(vr.r[q], vr.s[q]) - cor.y0);
    }
    // ... and -g/2 b^2 on the element's own edge traces (outward normals).
    for (int s = 0; s < 3; ++s) {
      const Edge& ed = mesh.edges[mesh.elem_edges[k][s]];
      const double sgn = ed.left == k && ed.lside == s ? 1.0 : -1.0;
      for (int q = 0; q < nf; ++q) {
        const double be = bv[nq + s * nf + q];
        const double corr = -0.5 * g * be * be * ed.length * t.fw[q];
        const double cx = w1[nq + s * nf + q] * corr, cy = wy * corr;
        for (int j = 0; j < np; ++j) {
          rx[j] -= t.fphi[(s * nf + q) * np + j] * cx * sgn * ed.nx;
          ry[j] -= t.fphi[(s * nf + q) * np + j] * cy * sgn * ed.ny;
        }
      }
    }
    for (int j = 0; j < np; ++j) {
      A(L_.rest() + j, k) = rx[j];
      A(L_.rest() + np + j, k) = ry[j];
    }
    // The sample points sorted by bed elevation, with prefix sums for the shore level.
    std::vector<double> sorted(std::size_t(3) * L_.ns);
    double wet_depth = 0;
    sorted_samples(bv, sorted.data(), sorted.data() + L_.ns, sorted.data() + 2 * L_.ns, wet_depth);
    for (int i = 0; i < L_.ns; ++i) {
      A(L_.sorted_b() + i, k) = sorted[std::size_t(i)];
      A(L_.cum_w() + i, k) = sorted[std::size_t(L_.ns + i)];
      A(L_.cum_wb() + i, k) = sorted[std::size_t(2 * L_.ns + i)];
    }
    A(L_.wet_depth(), k) = wet_depth;
  });

  std::vector<double>& edge_aux = a.edge_aux;
  edge_aux.assign(std::size_t(a.n_edge_aux) * Ed, 0.0);
#pragma omp parallel for schedule(static)
  for (int e = 0; e < Ed; ++e) {
    const Edge& ed = mesh.edges[e];
    for (int q = 0; q < nf; ++q) {
      const double bl = trace[std::size_t(ed.lside * nf + q) * E + ed.left];
      const double br =
          ed.right < 0 ? bl : trace[std::size_t(ed.rside * nf + nf - 1 - q) * E + ed.right];
      edge_aux[std::size_t(q) * Ed + e] = bl;
      edge_aux[std::size_t(nf + q) * Ed + e] = br;
      edge_aux[std::size_t(2 * nf + q) * Ed + e] = std::max(bl, br);
    }
  }
  if (geo.on) fill_geo_edge_rows(mesh, metric, nf, 3 * nf, edge_aux);
}

double SwBed::mean(int k) const {
  return cell_mean(modes_[k]);
}

double SwBed::at(int k, double r, double s) const {
  const auto phi = dubiner(p_, r, s);
  double v = 0;
  for (int j = 0; j < L_.np; ++j) v += modes_[std::size_t(j) * E_ + k] * phi[j].phi;
  return v;
}

double SwBed::max_at_points(int k) const {
  const std::vector<double> bv = point_values(t_, modes_.data(), E_, k);
  return *std::max_element(bv.begin(), bv.end());
}

SwCell<double> SwBed::cell(const SwSettings<double>& ph, int k, double h, double hu,
                           double hv) const {
  // The rows sw_cell reads, recomputed for this element alone (as fill computes them for the
  // kernels) in a one-element copy of the kernels' layout.
  std::vector<double> rows(std::size_t(L_.coriolis()), 0.0);
  rows[std::size_t(L_.b_modes())] = modes_[std::size_t(k)];
  sorted_samples(point_values(t_, modes_.data(), E_, k), &rows[std::size_t(L_.sorted_b())],
                 &rows[std::size_t(L_.cum_w())], &rows[std::size_t(L_.cum_wb())],
                 rows[std::size_t(L_.wet_depth())]);
  const double mean[3] = {h, hu, hv};
  return sw_cell<double>(ph, L_, rows.data(), 1, 0, mean);
}

std::vector<double> sw_initial_state(const Mesh& mesh, const SwBed& bed, const SwInitial& ini) {
  const int p = bed.order(), E = mesh.n_elems();
  const BasisTables t = make_basis_tables(p);
  const int np = t.n_modes, nq = t.n_vol, nf = t.n_face;
  const SwSampleRule rule = sw_sample_rule(t);
  const RefPoints pts = ref_points(p);
  const TriangleRule pr = triangle_rule(2 * p + 2);
  std::vector<std::vector<BasisValue>> phi;
  for (std::size_t q = 0; q < pr.w.size(); ++q) phi.push_back(dubiner(p, pr.r[q], pr.s[q]));
  std::vector<double> c(std::size_t(3) * np * E, 0.0);
  auto C = [&](int v, int j, int k) -> double& { return c[(std::size_t(v) * np + j) * E + k]; };
  // The level's offset (an earthquake's uplift) at a point, 0 without one.
  const bool has_offset = ini.level && ini.level_offset;
  auto offset = [&](double x, double y) { return has_offset ? ini.level_offset(x, y) : 0.0; };
  // Each element's coefficients are its own: the bits do not depend on the thread count, and an
  // error is the one of the first element that has one.
  parallel_for_rethrow(E, [&](int k) {
    const ElementMap m = element_map(mesh, k);
    bool wet = !ini.level;
    std::vector<double> bv, eta;
    if (ini.level) {
      bv = point_values(t, bed.modes().data(), E, k);
      wet = true;
      for (std::size_t i = 0; i < bv.size(); ++i) {
        const double x = m.x(pts.r[i], pts.s[i]), y = m.y(pts.r[i], pts.s[i]);
        eta.push_back(ini.eta_or_h(x, y) + offset(x, y));
        // A NaN level would compare as dry and start a still, empty sea without a word.
        if (!std::isfinite(eta[i]))
          fail(ExitCode::bad_case,
               "[initial]: the water level is not finite (" + std::to_string(eta[i]) + ") at (" +
                   std::to_string(m.x(pts.r[i], pts.s[i])) + ", " +
                   std::to_string(m.y(pts.r[i], pts.s[i])) + ") in element " + std::to_string(k));
        wet = wet && eta[i] >= bv[i];
      }
    }
    if (wet) {
      // Project eta (or h), subtract the bed's modes, then project h * velocity.
      for (std::size_t q = 0; q < pr.w.size(); ++q) {
        const double x = m.x(pr.r[q], pr.s[q]), y = m.y(pr.r[q], pr.s[q]);
        const double f = ini.eta_or_h(x, y) + offset(x, y);
        for (int j = 0; j < np; ++j) C(0, j, k) += pr.w[q] * f * phi[q][j].phi;
      }
      if (ini.level)
        for (int j = 0; j < np; ++j) C(0, j, k) -= bed.modes()[std::size_t(j) * E + k];
      for (std::size_t q = 0; q < pr.w.size(); ++q) {
        const double x = m.x(pr.r[q], pr.s[q]), y = m.y(pr.r[q], pr.s[q]);
        double h = 0;
        for (int j = 0; j < np; ++j) h += C(0, j, k) * phi[q][j].phi;
        const double u = ini.u(x, y), v = ini.v(x, y);
        for (int j = 0; j < np; ++j) {
          C(1, j, k) += pr.w[q] * h * u * phi[q][j].phi;
          C(2, j, k) += pr.w[q] * h * v * phi[q][j].phi;
        }
      }
    } else {
      // The water that a flat surface at the sample points holds, as the mean of a p = 0 cell.
      double h = 0;
      for (int i = 0; i < nq + 3 * nf; ++i) {
        const double w = i < nq ? rule.lambda[i] : rule.theta * t.fw[(i - nq) % nf];
        h += w * std::max(0.0, eta[i] - bv[i]);
      }
      const double xc = m.xc(), yc = m.yc();
      C(0, 0, k) = mode0_of_mean(h);
      C(1, 0, k) = mode0_of_mean(h * ini.u(xc, yc));
      C(2, 0, k) = mode0_of_mean(h * ini.v(xc, yc));
    }
  });
  return c;
}

SwPointValue sw_point_value(const SwSettings<double>& ph, const SwBed& bed, const OwnedState& c,
                            int k, double r, double s) {
  const int np = bed.layout().np;
  auto C = [&](int v, int j) { return c(std::size_t(v) * np + j, k); };
  const SwCell<double> cell =
      bed.cell(ph, k, cell_mean(C(0, 0)), cell_mean(C(1, 0)), cell_mean(C(2, 0)));
  SwPointValue out;
  out.b = bed.at(k, r, s);
  out.eta = out.b;
  if (cell.kind == sw_wet) {
    const auto phi = dubiner(bed.order(), r, s);
    double h = 0, hu = 0, hv = 0;
    for (int j = 0; j < np; ++j) {
      h += C(0, j) * phi[j].phi;
      hu += C(1, j) * phi[j].phi;
      hv += C(2, j) * phi[j].phi;
    }
    out.h = std::max(h, 0.0);
    out.eta = out.b + out.h;
    out.u = ph.velocity(h, hu);
    out.v = ph.velocity(h, hv);
  } else if (cell.kind == sw_shore && cell.level > out.b) {
    out.h = cell.level - out.b;
    out.eta = cell.level;
    out.u = cell.u;
    out.v = cell.v;
  }
  out.wet = out.h > 0;
  return out;
}

int locate_point(const Mesh& mesh, double x, double y, double& r, double& s) {
  for (int k = 0; k < mesh.n_owned(); ++k) {
    const ElementMap m = element_map(mesh, k);
    const double det = m.det();
    const double rr = ((x - m.x0) * (m.y2 - m.y0) - (y - m.y0) * (m.x2 - m.x0)) / det;
    const double ss = ((y - m.y0) * (m.x1 - m.x0) - (x - m.x0) * (m.y1 - m.y0)) / det;
    const double tol = 1e-12;
    if (rr >= -tol && ss >= -tol && rr + ss <= 1 + tol) {
      r = rr;
      s = ss;
      return k;
    }
  }
  return -1;
}

} // namespace tridg
