#pragma once
// Where the bed data of shallow water live in MeshView::aux (one value per element per row) and
// MeshView::edge_aux (one value per edge per row). Filled on the host by
// physics/shallow_water/bed.cpp.
#include "core/dg_tables.hpp"
#include "core/hd.hpp"
#include "core/row_offset.hpp"

namespace tridg {

struct SwAuxLayout {
  int np, nq, nf, ns; // modes, volume points, edge points per side, sample points (nq + 3 nf)
  TRIDG_HD constexpr int b_modes() const { return 0; }      // np: the bed's modal coefficients
  TRIDG_HD constexpr int grad_x() const { return np; }      // nq: w_q det(J) db/dx at volume points
  TRIDG_HD constexpr int grad_y() const { return np + nq; } // nq: w_q det(J) db/dy
  // 2 np: the bed-only terms of a wet cell's momentum right-hand side (x then y), unscaled
  TRIDG_HD constexpr int rest() const { return np + 2 * nq; }
  TRIDG_HD constexpr int wet_depth() const { return 3 * np + 2 * nq; } // 1: max b - mean b
  TRIDG_HD constexpr int sorted_b() const { return wet_depth() + 1; }  // ns: samples, ascending
  TRIDG_HD constexpr int cum_w() const { return sorted_b() + ns; }     // ns: prefix sums of w
  TRIDG_HD constexpr int cum_wb() const { return cum_w() + ns; }       // ns: prefix sums of w b
  TRIDG_HD constexpr int coriolis() const { return cum_wb() + ns; }    // nq: f at volume points
  TRIDG_HD constexpr int rows() const { return coriolis() + nq; }
  // Geographic coordinates only (rows_geographic() rows in all): the metric of longitude at the
  // volume points, 1 / (D cos(lat)) with D metres per degree; its linear Taylor polynomial in the
  // latitude about the element's centroid (the weight of the pressure and bed terms, so that the
  // lake at rest is kept exactly); tan(lat) / R; and 1 / the inscribed radius in metres.
  TRIDG_HD constexpr int geo_wx() const { return rows(); }
  TRIDG_HD constexpr int geo_w1() const { return rows() + nq; }
  TRIDG_HD constexpr int geo_tan() const { return rows() + 2 * nq; }
  TRIDG_HD constexpr int geo_inv_r() const { return rows() + 3 * nq; }
  TRIDG_HD constexpr int rows_geographic() const { return geo_inv_r() + 1; }
};
TRIDG_HD constexpr SwAuxLayout sw_aux_layout(int np, int nq, int nf) {
  return {np, nq, nf, nq + 3 * nf};
}
template <int P> TRIDG_HD constexpr SwAuxLayout sw_aux_layout() {
  return sw_aux_layout(Order<P>::NP, Order<P>::NQ, Order<P>::NF);
}
// Rows of MeshView::edge_aux, edge points in the left element's direction: the left trace of b
// (nf), the right trace (nf; the left one on the boundary), and b* = max of the two (nf).
// Geographic coordinates add three more: the metric of longitude at the edge point, and the
// left and right elements' Taylor polynomials of it there.
TRIDG_HD constexpr int sw_edge_aux_rows(int nf) {
  return 3 * nf;
}
TRIDG_HD constexpr int sw_edge_aux_rows_geographic(int nf) {
  return 6 * nf;
}
template <class Real>
TRIDG_HD Real sw_edge_wx(const Real* edge_aux, int n_edges, int nf, int e, int q) {
  return ldg(&edge_aux[row_offset(3 * nf + q, n_edges, e)]);
}
template <class Real>
TRIDG_HD Real sw_edge_w1(const Real* edge_aux, int n_edges, int nf, int e, int q, bool right) {
  return ldg(&edge_aux[row_offset((right ? 5 : 4) * nf + q, n_edges, e)]);
}
// The bed's trace at edge point q seen from the left (or right) element, and b* there.
template <class Real>
TRIDG_HD Real sw_bed_trace(const Real* edge_aux, int n_edges, int nf, int e, int q, bool right) {
  return ldg(&edge_aux[row_offset((right ? nf : 0) + q, n_edges, e)]);
}
template <class Real>
TRIDG_HD Real sw_bed_star(const Real* edge_aux, int n_edges, int nf, int e, int q) {
  return ldg(&edge_aux[row_offset(2 * nf + q, n_edges, e)]);
}

} // namespace tridg
