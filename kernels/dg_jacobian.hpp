#pragma once
// The exact Jacobian of the DG right-hand side L(u) of kernels/dg_element.hpp, one block row per
// element: the derivatives of element k's rhs with respect to its own coefficients (slot 0) and
// to those of the neighbour across each side s (slot 1 + s). The physics' point functions are
// evaluated with dual numbers (core/dual.hpp): the flux's M x M derivative at a point, chained
// through the basis by the same quadrature the residual uses. An element computes the flux
// derivatives of its own edges (each edge twice, once per side), so rows are written by one
// element alone, in any order and on any number of threads, on the host or on the device.
#include <cstddef>
#include <utility>

#include "core/dual.hpp"
#include "kernels/dg_element.hpp"

namespace tridg {

// The physics the Jacobian covers: point functions of the state alone. Cell data, side
// corrections, sources and point fluxes (shallow water's hooks) would need their own chain
// rules here.
template <class Phys>
constexpr bool jacobian_supported =
    !Phys::has_cell && !Phys::has_side_correction && !Phys::has_point_source &&
    !Phys::has_cell_source && !Phys::has_point_flux;

// Where element k's blocks go: 4 blocks of B x B (B = M NP, row and column index v NP + j, the
// coefficient order of StateView). On the host each element's blocks are contiguous and
// row-major; on the device entry (slot, r, c) of all elements is contiguous, element fastest, so
// that a warp of consecutive elements reads one entry of 32 blocks in one transaction.
struct RowMajorBlocks {
  double* p;
  int B;
  TRIDG_HD double& operator()(int slot, int r, int c) const { return p[(slot * B + r) * B + c]; }
};
struct ElementFastBlocks {
  double* p;
  int B, n, k;
  TRIDG_HD double& operator()(int slot, int r, int c) const {
    return p[(std::size_t(slot * B + r) * B + c) * n + k];
  }
};

// Derivatives of the scaled numerical flux s F(a(uL), b(uR)) at one edge point: dL, dR [v][w].
template <int M, class PhysD>
TRIDG_HD void flux_derivative(const PhysD& pd, const double* uL, const double* uR, double nx,
                              double ny, double s, double (&dL)[M][M], double (&dR)[M][M]) {
  using D = Dual<2 * M>;
  D a[M], b[M], f[M];
  for (int w = 0; w < M; ++w) {
    a[w] = D::variable(uL[w], w);
    b[w] = D::variable(uR[w], M + w);
  }
  pd.numerical_flux(a, b, D(nx), D(ny), f);
  for (int v = 0; v < M; ++v)
    for (int w = 0; w < M; ++w) {
      dL[v][w] = s * f[v].d[w];
      dR[v][w] = s * f[v].d[M + w];
    }
}

// blk[r][c] += sum over (v, w) of a[j] d[v][w] b[i] with r = v NP + j, c = w NP + i, in block
// `slot` of `out`.
template <int NP, int M, class Out>
TRIDG_HD void add_outer(const Out& out, int slot, const double* a, const double (&d)[M][M],
                        const double* b, double sign) {
  for (int v = 0; v < M; ++v)
    for (int w = 0; w < M; ++w) {
      const double dv = sign * d[v][w];
      if (dv == 0) continue;
      for (int j = 0; j < NP; ++j) {
        const double aj = dv * a[j];
        for (int i = 0; i < NP; ++i) out(slot, v * NP + j, w * NP + i) += aj * b[i];
      }
    }
}

// The physics in the dual numbers the Jacobian differentiates with: one element's own state
// (Dual<M>) and an edge's two states (Dual<2M>). Made once on the host, passed to every row.
template <class Phys> struct JacobianPhysics {
  decltype(std::declval<Phys>().template cast<Dual<Phys::M>>()) one;
  decltype(std::declval<Phys>().template cast<Dual<2 * Phys::M>>()) two;
  explicit JacobianPhysics(const Phys& p)
      : one(p.template cast<Dual<Phys::M>>()), two(p.template cast<Dual<2 * Phys::M>>()) {}
};

// Element k's block row into `out` and the column element of each slot (cols[4], -1: none); the
// boundary groups in double and in Dual<M> (their tables stay with the double ones). With
// `diag_only` the neighbour blocks are left at zero (a preconditioner of the matrix-free product
// needs only the diagonal).
template <int P, class Phys, class Out>
TRIDG_HD void jacobian_row(const DGTables<P, double>& T, const JacobianPhysics<Phys>& jp,
                           const MeshView<double>& m, const StateView<double>& U,
                           const BoundaryParams<double, Phys::M>* bcs,
                           const BoundaryParams<Dual<Phys::M>, Phys::M>* bcs_dual, int n_bc,
                           double t, int k, bool diag_only, const Out& out, int* cols) {
  static_assert(jacobian_supported<Phys>, "the Jacobian covers point functions of the state");
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, M = Phys::M;
  constexpr int B = M * NP;
  using D1 = Dual<M>;
  const auto& pd1 = jp.one;
  const auto& pd2 = jp.two;
  for (int slot = 0; slot < 4; ++slot)
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < B; ++c) out(slot, r, c) = 0;
  cols[0] = k;
  const int E = m.n_elems;
  const double g0 = m.geom[k], g1 = m.geom[E + k], g2 = m.geom[2 * E + k], g3 = m.geom[3 * E + k];
  const double inv_det = 1.0 / (g3 * g0 - g1 * g2);

  // Volume integral: d/du of sum_q (G dphi/dr + H dphi/ds) with G, H the contravariant fluxes.
  if constexpr (P > 0) {
    for (int q = 0; q < NQ; ++q) {
      D1 ud[M], fx[M], fy[M];
      for (int w = 0; w < M; ++w) {
        double a = 0;
        for (int j = 0; j < NP; ++j) a += T.vphi[q][j] * U.c[(w * NP + j) * U.n + k];
        ud[w] = D1::variable(a, w);
      }
      pd1.flux(ud, fx, fy);
      for (int v = 0; v < M; ++v)
        for (int w = 0; w < M; ++w) {
          const double G = g0 * fx[v].d[w] + g1 * fy[v].d[w];
          const double H = g2 * fx[v].d[w] + g3 * fy[v].d[w];
          for (int j = 1; j < NP; ++j) {
            const double a = G * T.vdr[q][j] + H * T.vds[q][j];
            for (int i = 0; i < NP; ++i) out(0, v * NP + j, w * NP + i) += a * T.vphi[q][i];
          }
        }
    }
  }

  // Surface integrals: minus the lifted flux, stored along the left element's normal.
  for (int s = 0; s < 3; ++s) {
    const int face = m.elem_face[s * E + k];
    const int e = face >> 1;
    const bool right = face & 1;
    double nx, ny, len;
    edge_normal(m, e, nx, ny, len);
    cols[1 + s] = -1;
    if (e < m.n_bedges) { // k is the edge's left element
      int group = -1;
      for (int g = 0; g < n_bc; ++g)
        if (e >= bcs[g].first && e < bcs[g].first + bcs[g].count) group = g;
      if (group < 0) continue; // an edge outside every group carries no flux in the residual either
      const BoundaryParams<double, M>* bc = &bcs[group];
      const BoundaryParams<D1, M>& bcd = bcs_dual[group];
      const int nb = m.n_bedges;
      const double x0 = m.bnd_xy[e], y0 = m.bnd_xy[nb + e];
      const double x1 = m.bnd_xy[2 * nb + e], y1 = m.bnd_xy[3 * nb + e];
      double uL[NF][M];
      traces<P, M>(T, U, k, s, uL);
      for (int q = 0; q < NF; ++q) {
        const double x = x0 + T.ft[q] * (x1 - x0), y = y0 + T.ft[q] * (y1 - y0);
        D1 a[M], g[M], f[M];
        for (int w = 0; w < M; ++w) a[w] = D1::variable(uL[q][w], w);
        if (bc->kind == BcKind::tabulated) {
          const EdgePoint<double> pt{&m, e, q, NF, x, y, t, nx, ny};
          double gv[M];
          tabulated_ghost(*bc, pt, gv);
          for (int w = 0; w < M; ++w) g[w] = D1(gv[w]);
        } else {
          const EdgePoint<D1> pt{nullptr, e, q, NF, D1(x), D1(y), D1(t), D1(nx), D1(ny)};
          pd1.boundary_ghost(bcd, pt, a, g);
        }
        pd1.numerical_flux(a, g, D1(nx), D1(ny), f);
        double d[M][M];
        const double sc = len * T.fw[q];
        for (int v = 0; v < M; ++v)
          for (int w = 0; w < M; ++w) d[v][w] = sc * f[v].d[w];
        add_outer<NP, M>(out, 0, T.fphi[s][q], d, T.fphi[s][q], -1.0);
      }
      continue;
    }
    const int kl = m.edge_elem[e], kr = m.edge_elem[m.n_edges + e];
    const int sides = m.edge_side[e];
    const int sl = sides & 3, sr = (sides >> 2) & 3;
    double uL[NF][M], uR[NF][M];
    traces<P, M>(T, U, kl, sl, uL);
    traces<P, M>(T, U, kr, sr, uR);
    cols[1 + s] = right ? kl : kr;
    for (int q = 0; q < NF; ++q) {
      double dL[M][M], dR[M][M];
      flux_derivative<M>(pd2, uL[q], uR[NF - 1 - q], nx, ny, len * T.fw[q], dL, dR);
      const double* phiL = T.fphi[sl][q];
      const double* phiR = T.fphi[sr][NF - 1 - q];
      if (!right) {
        add_outer<NP, M>(out, 0, phiL, dL, phiL, -1.0);
        if (!diag_only) add_outer<NP, M>(out, 1 + s, phiL, dR, phiR, -1.0);
      } else {
        add_outer<NP, M>(out, 0, phiR, dR, phiR, 1.0);
        if (!diag_only) add_outer<NP, M>(out, 1 + s, phiR, dL, phiL, 1.0);
      }
    }
  }
  for (int slot = 0; slot < 4; ++slot)
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < B; ++c) out(slot, r, c) *= inv_det;
}

} // namespace tridg
