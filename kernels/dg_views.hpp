#pragma once
// Plain views of the arrays the kernels work on. The pointers refer to the backend's memory (host
// for the CPU backend, device for a GPU backend); the layouts are the same on both.
#include <cmath>
#include <cstdint>

#include "core/cell_mean.hpp"
#include "core/hd.hpp"
#include "core/row_offset.hpp"

namespace tridg {

// Mesh arrays in structure-of-arrays form. E elements, Ed edges (boundary edges first), NB
// boundary edges.
template <class Real> struct MeshView {
  int n_elems = 0, n_edges = 0, n_bedges = 0;
  const Real* geom = nullptr;     // [4][E]: y2-y0, x0-x2, y0-y1, x1-x0 (det J * inverse metric)
  const int* elem_face = nullptr; // [3][E]: 2*edge + (1 if the element is the edge's right one)
  const int* edge_elem = nullptr; // [2][Ed]: left, right element
  const unsigned char* edge_side = nullptr; // [Ed]: lside | (rside << 2)
  const Real* edge_geom = nullptr;          // [2][Ed]: length times the unit normal nx, ny
  const Real* bnd_xy = nullptr;             // [4][NB]: x0, y0, x1, y1 of each boundary edge
  const int* elem_node = nullptr;           // [3][E]: vertex (node) indices
  const int* node_elem_start = nullptr;     // [V+1]: the elements around node n are
  const int* node_elem = nullptr; //   node_elem[node_elem_start[n] .. node_elem_start[n+1])
  // Physics-specific fixed data, [n_aux][E] per element and [n_edge_aux][Ed] per edge (e.g. the
  // bathymetry's modal coefficients for shallow water); empty for Euler.
  int n_aux = 0, n_edge_aux = 0;
  const Real* aux = nullptr;
  const Real* edge_aux = nullptr;
};

// det J of element k from its metric terms (not stored: one array less to move).
template <class Real> TRIDG_HD Real det_jacobian(const MeshView<Real>& m, int k) {
  const int E = m.n_elems;
  return ldg(&m.geom[row_offset(3, E, k)]) * ldg(&m.geom[k]) -
         ldg(&m.geom[row_offset(1, E, k)]) * ldg(&m.geom[row_offset(2, E, k)]);
}

// 1 / inscribed radius of element k (det J over the perimeter), from the metric terms: computed
// where needed instead of stored, to keep the device memory per element down.
template <class Real> TRIDG_HD Real inv_inradius(const MeshView<Real>& m, int k) {
  const int E = m.n_elems;
  const Real g0 = ldg(&m.geom[k]), g1 = ldg(&m.geom[row_offset(1, E, k)]);
  const Real g2 = ldg(&m.geom[row_offset(2, E, k)]), g3 = ldg(&m.geom[row_offset(3, E, k)]);
  // sides: (x1-x0, y1-y0) = (g3, -g2), (x2-x0, y2-y0) = (-g1, g0), and their difference
  const Real a = sqrt(g3 * g3 + g2 * g2), b = sqrt(g1 * g1 + g0 * g0);
  const Real c = sqrt((g3 + g1) * (g3 + g1) + (g2 + g0) * (g2 + g0));
  return (a + b + c) / (g3 * g0 - g1 * g2);
}

// Unit normal (left to right) and length of edge e.
template <class Real>
TRIDG_HD void edge_normal(const MeshView<Real>& m, int e, Real& nx, Real& ny, Real& len) {
  const Real a = ldg(&m.edge_geom[e]), b = ldg(&m.edge_geom[row_offset(1, m.n_edges, e)]);
  len = sqrt(a * a + b * b);
  const Real il = Real(1) / len;
  nx = a * il;
  ny = b * il;
}

// The element across local side s of element k, or -1 on the boundary.
template <class Real> TRIDG_HD int neighbour(const MeshView<Real>& m, int k, int s) {
  const int face = ldg(&m.elem_face[row_offset(s, m.n_elems, k)]);
  const int e = face >> 1;
  return (face & 1) ? ldg(&m.edge_elem[e]) : ldg(&m.edge_elem[row_offset(1, m.n_edges, e)]);
}

// Modal coefficients C[var][mode][elem]: element index fastest, so a thread per element reads
// coalesced.
template <class Real> struct StateView {
  Real* c = nullptr;
  int n = 0; // elements (the stride)
  TRIDG_HD Real& at(int v, int j, int NP, int k) const { return c[row_offset(v * NP + j, n, k)]; }
};

// Runge-Kutta stage in the general two-register form (covers SSP-RK2/3, classic RK4 and the
// low-storage schemes):  acc' = E acc + F dt L(u),  out = A u0 + B u + C dt L(u) + D acc'.
template <class Real> struct StageCoeffs {
  Real A = 0, B = 1, C = 1, D = 0, E = 0, F = 0;
  bool use_u0 = false, use_acc = false, write_acc = false;
};

} // namespace tridg
