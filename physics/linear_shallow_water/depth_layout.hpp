#pragma once
// Where the still depth H of linearised shallow water lives in MeshView::aux (one value per
// element per row) and MeshView::edge_aux (one value per edge per row). Filled on the host by
// physics/linear_shallow_water/depth.cpp.
#include "core/dg_tables.hpp"
#include "core/hd.hpp"
#include "core/row_offset.hpp"

namespace tridg {

struct LswAuxLayout {
  int np, nq;
  TRIDG_HD constexpr int h_modes() const { return 0; }          // np: modal coefficients of H
  TRIDG_HD constexpr int h_points() const { return np; }        // nq: H at the volume points
  TRIDG_HD constexpr int grad_x() const { return np + nq; }     // nq: w_q det(J) dH/dx there
  TRIDG_HD constexpr int grad_y() const { return np + 2 * nq; } // nq: w_q det(J) dH/dy
  TRIDG_HD constexpr int rows() const { return np + 3 * nq; }
  // Geographic meshes only (rows_geographic() rows in all; as for shallow water,
  // physics/shallow_water/bed_layout.hpp): wx, its Taylor polynomial w1, tan(lat) / R and the
  // Coriolis parameter at the volume points, and 1 / the inscribed radius in metres.
  TRIDG_HD constexpr int geo_wx() const { return rows(); }
  TRIDG_HD constexpr int geo_w1() const { return rows() + nq; }
  TRIDG_HD constexpr int geo_tan() const { return rows() + 2 * nq; }
  TRIDG_HD constexpr int geo_coriolis() const { return rows() + 3 * nq; }
  TRIDG_HD constexpr int geo_inv_r() const { return rows() + 4 * nq; }
  TRIDG_HD constexpr int rows_geographic() const { return geo_inv_r() + 1; }
};
TRIDG_HD constexpr LswAuxLayout lsw_aux_layout(int np, int nq) {
  return {np, nq};
}
template <int P> TRIDG_HD constexpr LswAuxLayout lsw_aux_layout() {
  return lsw_aux_layout(Order<P>::NP, Order<P>::NQ);
}

// Rows of MeshView::edge_aux, edge points in the left element's direction: the depth the fluxes
// use, the average of both elements' traces (nf; the left trace on the boundary), so both sides
// see one flux; then the left element's trace (nf) and the right one's (nf; the left one on the
// boundary), for each side's correction.
TRIDG_HD constexpr int lsw_edge_aux_rows(int nf) {
  return 3 * nf;
}
// Geographic meshes add wx at the edge point and the left and right elements' w1 there.
TRIDG_HD constexpr int lsw_edge_aux_rows_geographic(int nf) {
  return 6 * nf;
}
template <class Real>
TRIDG_HD Real lsw_edge_wx(const Real* edge_aux, int n_edges, int nf, int e, int q) {
  return ldg(&edge_aux[row_offset(3 * nf + q, n_edges, e)]);
}
template <class Real>
TRIDG_HD Real lsw_edge_w1(const Real* edge_aux, int n_edges, int nf, int e, int q, bool right) {
  return ldg(&edge_aux[row_offset((right ? 5 : 4) * nf + q, n_edges, e)]);
}
template <class Real>
TRIDG_HD Real lsw_edge_depth(const Real* edge_aux, int n_edges, int e, int q) {
  return ldg(&edge_aux[row_offset(q, n_edges, e)]);
}
template <class Real>
TRIDG_HD Real lsw_trace_depth(const Real* edge_aux, int n_edges, int nf, int e, int q, bool right) {
  return ldg(&edge_aux[row_offset((right ? 2 : 1) * nf + q, n_edges, e)]);
}

} // namespace tridg
