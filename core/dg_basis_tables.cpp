#include "core/dg_basis_tables.hpp"

#include "core/basis.hpp"
#include "core/quadrature.hpp"

namespace tridg {

void side_point(int side, double t, double& r, double& s) {
  switch (side) {
  case 0:
    r = t, s = 0;
    break;
  case 1:
    r = 1 - t, s = t;
    break;
  default:
    r = 0, s = 1 - t;
    break;
  }
}

BasisTables make_basis_tables(int p) {
  BasisTables b;
  b.order = p;
  b.n_modes = n_modes(p);
  const TriangleRule vr = triangle_rule(2 * p);
  const LineRule lr = gauss_legendre(p + 1);
  b.n_vol = static_cast<int>(vr.w.size());
  b.n_face = p + 1;
  const int np = b.n_modes;
  b.vw = vr.w;
  for (int q = 0; q < b.n_vol; ++q) {
    const auto phi = dubiner(p, vr.r[q], vr.s[q]);
    for (int j = 0; j < np; ++j) {
      b.vphi.push_back(phi[j].phi);
      b.vdr.push_back(vr.w[q] * phi[j].dr);
      b.vds.push_back(vr.w[q] * phi[j].ds);
    }
  }
  for (int side = 0; side < 3; ++side)
    for (int q = 0; q <= p; ++q) {
      double r, s;
      side_point(side, lr.t[q], r, s);
      for (const auto& v : dubiner(p, r, s)) b.fphi.push_back(v.phi);
    }
  for (const auto& [r, s] : {std::pair{0.0, 0.0}, std::pair{1.0, 0.0}, std::pair{0.0, 1.0}})
    for (const auto& v : dubiner(p, r, s)) b.vtx.push_back(v.phi);
  // The viewer's lattice (i/n, j/n), i + j <= n, n = max(1, p): the points output shows.
  const int n = p > 1 ? p : 1;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i + j <= n; ++i)
      for (const auto& v : dubiner(p, double(i) / n, double(j) / n)) b.vview.push_back(v.phi);
  b.ft = lr.t;
  b.fw = lr.w;
  return b;
}

} // namespace tridg
