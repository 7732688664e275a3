#pragma once
// The exact Jacobian of the DG right-hand side L(u) of kernels/dg_element.hpp, one block row per
// element: the derivatives of element k's rhs with respect to its own coefficients (slot 0) and
// to those of the neighbour across each side s (slot 1 + s). The physics' point functions are
// evaluated with dual numbers (core/dual.hpp) at each quadrature point and chained through the
// basis by the same quadrature the residual uses; the edge points call the residual's own
// functions (interior_point_flux, boundary_point_flux). An element computes the flux derivatives
// of its own edges (each edge twice, once per side), so rows are written by one element alone,
// in any order and on any number of threads, on the host or on the device.
//
// What a point function may depend on, and so the directions its dual numbers carry: on each
// side, the point's state (M) and, for a physics with cell data, the side's means (M), through
// which the cell data (shallow water's wet, shore or dry kind, its level and velocity) vary; at
// a volume point also the gradient the physics reads there (2). The kinds and other branches
// take the branch of the value (core/dual.hpp), as the residual does.
#include <cstddef>
#include <utility>

#include "core/dual.hpp"
#include "kernels/dg_element.hpp"

namespace tridg {

template <class Phys> struct JacobianDirs {
  static constexpr int M = Phys::M;
  static constexpr bool means = Phys::has_cell;
  static constexpr bool gradient = Phys::point_gradient_var >= 0;
  static constexpr int side = means ? 2 * M : M;        // one side: point state [, means]
  static constexpr int one = side + (gradient ? 2 : 0); // an element's own terms, a boundary
  static constexpr int two = 2 * side;                  // an interior edge: left, then right
};

// The boundary groups in the dual numbers of an element's own terms (their tables stay double).
template <class Phys>
using JacobianBoundary = typename Phys::template Boundary<Dual<JacobianDirs<Phys>::one>>;

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

// blk[v NP + j][w NP + i] += sign a_j dF_v / dc_{w,i} in block `slot`, for F = scale f with f's
// derivatives along the side whose directions start at o: that side's point state is
// sum_i b_i c_{w,i}, its means cell_mean(c_{w,0}).
template <int NP, class Phys, int N, class Out>
TRIDG_HD void add_side(const Out& out, int slot, const double* a, const Dual<N>* f, int o,
                       const double* b, double sign, double scale) {
  constexpr int M = Phys::M;
  for (int v = 0; v < M; ++v)
    for (int w = 0; w < M; ++w) {
      const double du = sign * (scale * f[v].d[o + w]);
      double dm = 0;
      if constexpr (JacobianDirs<Phys>::means)
        dm = sign * (scale * f[v].d[o + M + w]) * cell_mean(1.0);
      if (du == 0 && dm == 0) continue;
      for (int j = 0; j < NP; ++j) {
        const double aj = du * a[j];
        for (int i = 0; i < NP; ++i) out(slot, v * NP + j, w * NP + i) += aj * b[i];
        if constexpr (JacobianDirs<Phys>::means) out(slot, v * NP + j, w * NP) += dm * a[j];
      }
    }
}

// blk[v NP + j][gv NP + i] += phi_j dS_v / dc_{gv,i} in block 0 for a point source S at volume
// point q that reads the weighted gradient of variable gv (its directions side and side + 1):
// wdx = sum_i (g0 dr_i + g2 ds_i) c_{gv,i}, wdy = sum_i (g1 dr_i + g3 ds_i) c_{gv,i}.
template <int P, class Phys, int N, class Out>
TRIDG_HD void add_gradient_chain(const Out& out, const DGTables<P, double>& T, int q,
                                 const Dual<N>* src, double g0, double g1, double g2, double g3) {
  constexpr int NP = Order<P>::NP, gv = Phys::point_gradient_var, o = JacobianDirs<Phys>::side;
  for (int v = 0; v < Phys::M; ++v) {
    const double sx = src[v].d[o], sy = src[v].d[o + 1];
    if (sx == 0 && sy == 0) continue;
    for (int i = 1; i < NP; ++i) {
      const double dr = T.vdr[q][i], ds = T.vds[q][i];
      const double a = sx * (g0 * dr + g2 * ds) + sy * (g1 * dr + g3 * ds);
      for (int j = 0; j < NP; ++j) out(0, v * NP + j, gv * NP + i) += T.vphi[q][j] * a;
    }
  }
}

// The physics in the dual numbers the Jacobian differentiates with: an element's own terms and
// its boundary edges (Dual<one>), an interior edge's two sides (Dual<two>). Made once on the
// host, passed to every row.
template <class Phys> struct JacobianPhysics {
  using D1 = Dual<JacobianDirs<Phys>::one>;
  using D2 = Dual<JacobianDirs<Phys>::two>;
  decltype(std::declval<Phys>().template cast<D1>()) one;
  decltype(std::declval<Phys>().template cast<D2>()) two;
  explicit JacobianPhysics(const Phys& p)
      : one(p.template cast<D1>()), two(p.template cast<D2>()) {}
};

// The state sum_j phi_j u[w][j] at a point as dual variables w = o .. o + M - 1.
template <int NP, int M, class D>
TRIDG_HD void seed_point(const double* phi, const double (&u)[M][NP], int o, D (&ud)[M]) {
  for (int w = 0; w < M; ++w) {
    double a = 0;
    for (int j = 0; j < NP; ++j) a += phi[j] * u[w][j];
    ud[w] = D::variable(a, o + w);
  }
}

// The means of element k, and its cell data with the means as the directions from o + M.
template <int M, int NP>
TRIDG_HD void element_means(const StateView<double>& U, int k, double (&mean)[M]) {
  for (int w = 0; w < M; ++w) mean[w] = cell_mean(U.c[row_offset(w * NP, U.n, k)]);
}
template <int P, class D, class PhysD>
TRIDG_HD typename PhysD::Cell dual_cell(const PhysD& pd, const MeshView<double>& m, int k,
                                        const double* mean, int o) {
  if constexpr (PhysD::has_cell) {
    D md[PhysD::M];
    for (int w = 0; w < PhysD::M; ++w) md[w] = D::variable(mean[w], o + PhysD::M + w);
    return pd.template cell<P>(m, k, md);
  } else {
    return {};
  }
}

// Element k's block row into `out` and the column element of each slot (cols[4], -1: none); the
// boundary groups in dual numbers (bcs_dual, n_bc). With `diag_only` the neighbour blocks are
// left at zero (a preconditioner of the matrix-free product needs only the diagonal).
template <int P, class Phys, class Out>
TRIDG_HD void jacobian_row(const DGTables<P, double>& T, const JacobianPhysics<Phys>& jp,
                           const MeshView<double>& m, const StateView<double>& U,
                           const JacobianBoundary<Phys>* bcs_dual, int n_bc, double t, int k,
                           bool diag_only, const Out& out, int* cols) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, M = Phys::M;
  constexpr int B = M * NP;
  using Dirs = JacobianDirs<Phys>;
  using D1 = typename JacobianPhysics<Phys>::D1;
  using D2 = typename JacobianPhysics<Phys>::D2;
  const auto& pd1 = jp.one;
  const auto& pd2 = jp.two;
  for (int slot = 0; slot < 4; ++slot)
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < B; ++c) out(slot, r, c) = 0;
  cols[0] = k;
  const int E = m.n_elems;
  const double g0 = m.geom[k], g1 = m.geom[row_offset(1, E, k)], g2 = m.geom[row_offset(2, E, k)],
               g3 = m.geom[row_offset(3, E, k)];
  const double det = g3 * g0 - g1 * g2;
  const double inv_det = 1.0 / det;
  double u[M][NP], mean[M];
  for (int v = 0; v < M; ++v)
    for (int j = 0; j < NP; ++j) u[v][j] = U.c[row_offset(v * NP + j, U.n, k)];
  element_means<M, NP>(U, k, mean);
  // The element's own cell data: read by its boundary edges, side corrections and sources.
  const auto cell = dual_cell<P, D1>(pd1, m, k, mean, 0);

  // Volume integral, d/du of sum_q (G dphi/dr + H dphi/ds) with G, H the contravariant fluxes,
  // and the physics' volume sources, as element_rhs adds them: one state per point for both.
  if constexpr (P > 0 || Phys::has_point_source) {
    for (int q = 0; q < NQ; ++q) {
      D1 ud[M];
      seed_point<NP>(T.vphi[q], u, 0, ud);
      ElementPoint<D1> ep{&m, k, q, D1(det * T.vw[q])};
      if constexpr (P > 0) {
        D1 fx[M], fy[M];
        volume_point_flux<P>(pd1, ep, ud, fx, fy);
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
      if constexpr (Phys::has_point_source) {
        [[maybe_unused]] const bool gradient = Dirs::gradient && pd1.wants_point_gradient();
        if constexpr (Dirs::gradient) {
          if (gradient) {
            double wdx, wdy;
            weighted_gradient<P>(T, q, u[Phys::point_gradient_var], g0, g1, g2, g3, wdx, wdy);
            ep.wdx = D1::variable(wdx, Dirs::side);
            ep.wdy = D1::variable(wdy, Dirs::side + 1);
          }
        }
        D1 src[M];
        pd1.template point_source<P>(ep, cell, ud, src);
        add_side<NP, Phys>(out, 0, T.vphi[q], src, 0, T.vphi[q], 1.0, 1.0);
        if constexpr (Dirs::gradient)
          if (gradient) add_gradient_chain<P, Phys>(out, T, q, src, g0, g1, g2, g3);
      }
    }
  }

  // Surface integrals: minus the lifted flux, stored along the left element's normal, and the
  // physics' side corrections.
  for (int s = 0; s < 3; ++s) {
    const int face = m.elem_face[row_offset(s, E, k)];
    const int e = face >> 1;
    const bool right = face & 1;
    double nx, ny, len;
    edge_normal(m, e, nx, ny, len);
    cols[1 + s] = -1;
    double own[NF][M]; // k's traces on this side, in its own direction
    traces<P, M>(T, U, k, s, own);
    if constexpr (Phys::has_side_correction) { // the physics' own term on this side
      for (int q = 0; q < NF; ++q) {
        const int eq = right ? NF - 1 - q : q;
        const EdgePoint<D1> pt{&m, e, eq, NF, D1(0), D1(0), D1(0), D1(nx), D1(ny)};
        D1 ud[M], c[M];
        for (int w = 0; w < M; ++w) ud[w] = D1::variable(own[q][w], w);
        pd1.side_correction(pt, right, cell, ud, D1(len * T.fw[q]), c);
        add_side<NP, Phys>(out, 0, T.fphi[s][q], c, 0, T.fphi[s][q], -1.0, 1.0);
      }
    }
    if (e < m.n_bedges) { // k is the edge's left element
      int group = -1;
      for (int g = 0; g < n_bc; ++g)
        if (e >= bcs_dual[g].first && e < bcs_dual[g].first + bcs_dual[g].count) group = g;
      if (group < 0) continue; // an edge outside every group carries no flux in the residual either
      const int nb = m.n_bedges;
      const double x0 = m.bnd_xy[e], y0 = m.bnd_xy[row_offset(1, nb, e)];
      const double x1 = m.bnd_xy[row_offset(2, nb, e)], y1 = m.bnd_xy[row_offset(3, nb, e)];
      for (int q = 0; q < NF; ++q) {
        const double x = x0 + T.ft[q] * (x1 - x0), y = y0 + T.ft[q] * (y1 - y0);
        const EdgePoint<D1> pt{&m, e, q, NF, D1(x), D1(y), D1(t), D1(nx), D1(ny)};
        D1 a[M], f[M];
        for (int w = 0; w < M; ++w) a[w] = D1::variable(own[q][w], w);
        boundary_point_flux(pd1, bcs_dual[group], pt, cell, a, f);
        add_side<NP, Phys>(out, 0, T.fphi[s][q], f, 0, T.fphi[s][q], -1.0, len * T.fw[q]);
      }
      continue;
    }
    const int kl = m.edge_elem[e], kr = m.edge_elem[row_offset(1, m.n_edges, e)];
    const int sides = m.edge_side[e];
    const int sl = sides & 3, sr = (sides >> 2) & 3;
    const int kn = right ? kl : kr; // the neighbour, on the edge's other side
    double other[NF][M], mean_n[M];
    traces<P, M>(T, U, kn, right ? sl : sr, other);
    element_means<M, NP>(U, kn, mean_n);
    const double(&uL)[NF][M] = right ? other : own;
    const double(&uR)[NF][M] = right ? own : other;
    const auto cl = dual_cell<P, D2>(pd2, m, kl, right ? mean_n : mean, 0);
    const auto cr = dual_cell<P, D2>(pd2, m, kr, right ? mean : mean_n, Dirs::side);
    cols[1 + s] = kn;
    for (int q = 0; q < NF; ++q) {
      const EdgePoint<D2> pt{&m, e, q, NF, D2(0), D2(0), D2(0), D2(nx), D2(ny)};
      D2 a[M], b[M], f[M];
      for (int w = 0; w < M; ++w) {
        a[w] = D2::variable(uL[q][w], w);
        b[w] = D2::variable(uR[NF - 1 - q][w], Dirs::side + w);
      }
      interior_point_flux(pd2, pt, cl, cr, a, b, f);
      const double* phiL = T.fphi[sl][q];
      const double* phiR = T.fphi[sr][NF - 1 - q];
      const double sc = len * T.fw[q];
      if (!right) {
        add_side<NP, Phys>(out, 0, phiL, f, 0, phiL, -1.0, sc);
        if (!diag_only) add_side<NP, Phys>(out, 1 + s, phiL, f, Dirs::side, phiR, -1.0, sc);
      } else {
        add_side<NP, Phys>(out, 0, phiR, f, Dirs::side, phiR, 1.0, sc);
        if (!diag_only) add_side<NP, Phys>(out, 1 + s, phiR, f, 0, phiL, 1.0, sc);
      }
    }
  }

  if constexpr (Phys::has_cell_source && Phys::has_cell) {
    // Fixed per element, but chosen by the cell data (wet or not): its derivative in the means.
    D1 rhs[M][NP];
    pd1.template cell_source<P>(m, k, cell, rhs);
    for (int v = 0; v < M; ++v)
      for (int j = 0; j < NP; ++j)
        for (int w = 0; w < M; ++w)
          out(0, v * NP + j, w * NP) += rhs[v][j].d[M + w] * cell_mean(1.0);
  }
  for (int slot = 0; slot < 4; ++slot)
    for (int r = 0; r < B; ++r)
      for (int c = 0; c < B; ++c) out(slot, r, c) *= inv_det;
}

} // namespace tridg
