#pragma once
// Volume integral, lifting of the three edges' fluxes, the physics' own element terms (side
// corrections, sources), division by det J and the Runge-Kutta update, fused in one pass over
// an element so the right-hand side never goes to memory.
#include <cstdint>
#include <limits>

#include "kernels/dg_edge.hpp"
#include "kernels/dg_limiter.hpp"

namespace tridg {

// The Runge-Kutta update of coefficient i from its stage value u and increment l = dt L(u):
// out = A u0 + B u + C l + D acc', acc' = E acc + F l. Stores and returns the new value.
template <class Real>
TRIDG_HD Real rk_update(const StageCoeffs<Real>& c, Real u, Real l, std::int64_t i,
                        const StateView<Real>& U0, const StateView<Real>& ACC,
                        const StateView<Real>& OUT) {
  Real o = c.B * u + c.C * l;
  if (c.use_u0) o += c.A * ldg(&U0.c[i]);
  if (c.use_acc || c.write_acc) {
    const Real a = (c.use_acc ? c.E * ACC.c[i] : Real(0)) + c.F * l;
    if (c.write_acc) ACC.c[i] = a;
    o += c.D * a;
  }
  OUT.c[i] = o;
  return o;
}

// rk_update with u0 and acc already read, for the GPU kernels that copy them to shared memory
// (by variable, on the tensor cores): the same operations in the same order, so the same bits.
// Not shared with rk_update on purpose: written as one function of the other (with the values,
// or with a reader for them), the host compiler fused the multiply-adds of the CPU's stages
// differently (the shallow-water zonal flow's last bits moved; bench/NOTES.md).
template <class Real>
TRIDG_HD Real rk_update_of(const StageCoeffs<Real>& c, Real u, Real l, Real u0, Real acc,
                           std::int64_t i, const StateView<Real>& ACC, const StateView<Real>& OUT) {
  Real o = c.B * u + c.C * l;
  if (c.use_u0) o += c.A * u0;
  if (c.use_acc || c.write_acc) {
    const Real a = (c.use_acc ? c.E * acc : Real(0)) + c.F * l;
    if (c.write_acc) ACC.c[i] = a;
    o += c.D * a;
  }
  OUT.c[i] = o;
  return o;
}

// Asks the L2 cache, before the update, for what element k's update reads only at the stage's
// end (the step's start state, the accumulator; the coefficients of variables [v0, v1)), so
// that the update does not wait for memory. The thread-per-element kernel asks after its volume
// loop: asked at the stage's start, the requests queue behind the stage input's loads. The
// by-variable kernel at p = 2 and the tensor-core kernel copy these operands to shared memory
// instead, which is faster still there (bench/NOTES.md has the measurements).
template <int NP, class Real>
TRIDG_HD void prefetch_update(const StageCoeffs<Real>& c, const StateView<Real>& U0,
                              const StateView<Real>& ACC, int k, int v0, int v1) {
  for (int v = v0; v < v1; ++v)
    for (int j = 0; j < NP; ++j) {
      const std::int64_t i = row_offset(v * NP + j, U0.n, k);
      if (c.use_u0) prefetch_l2(&U0.c[i]);
      if (c.use_acc) prefetch_l2(&ACC.c[i]);
    }
}

// w_q det J times the gradient of the polynomial c at volume point q (ElementPoint::wdx, wdy),
// from the element's metric terms g0..g3.
template <int P, class Real>
TRIDG_HD void weighted_gradient(const DGTables<P, Real>& T, int q, const Real (&c)[Order<P>::NP],
                                Real g0, Real g1, Real g2, Real g3, Real& wdx, Real& wdy) {
  Real dr = 0, ds = 0; // w_q times the reference derivatives
#pragma unroll
  for (int j = 1; j < Order<P>::NP; ++j) {
    dr += T.vdr[q][j] * c[j];
    ds += T.vds[q][j] * c[j];
  }
  wdx = g0 * dr + g2 * ds;
  wdy = g1 * dr + g3 * ds;
}

// The physical flux at a volume point: the point's own where it reads mesh data
// (has_point_flux), else the state's alone.
template <int P, class Phys, class Real>
TRIDG_HD void volume_point_flux(const Phys& phys, const ElementPoint<Real>& ep,
                                const Real (&u)[Phys::M], Real (&fx)[Phys::M],
                                Real (&fy)[Phys::M]) {
  if constexpr (Phys::has_point_flux)
    phys.template point_flux<P>(ep, u, fx, fy);
  else
    phys.flux(u, fx, fy);
}

// What element_rhs runs between its volume loop and the lifting (element_stage's hook and
// prefetch).
struct NoHook {
  TRIDG_HD void operator()() const {}
};

template <int P, class Phys, class Real, class AfterVolume = NoHook>
TRIDG_HD void element_rhs(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                          const StateView<Real>& U, const Real* F, int k,
                          Real (&u)[Phys::M][Order<P>::NP], Real (&rhs)[Phys::M][Order<P>::NP],
                          AfterVolume after_volume = {}) {
  constexpr int NP = Order<P>::NP, NQ = Order<P>::NQ, NF = Order<P>::NF, M = Phys::M;
  const int E = m.n_elems;
  // Row v NP + j of element k at a running 64-bit offset rather than row_offset's product: with
  // the product, GCC optimised the stage otherwise and fused some of its multiply-adds
  // differently (shallow water's last bits moved, bench/NOTES.md); so formed, they do not.
  std::int64_t at = k;
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      u[v][j] = ldg(&U.c[at]);
      rhs[v][j] = 0;
      at += U.n;
    }
  const Real g0 = ldg(&m.geom[k]), g1 = ldg(&m.geom[row_offset(1, E, k)]);
  const Real g2 = ldg(&m.geom[row_offset(2, E, k)]), g3 = ldg(&m.geom[row_offset(3, E, k)]);
  const Real det = g3 * g0 - g1 * g2;
  const Real inv_det = Real(1) / det;
  if constexpr (P > 0) {
#pragma unroll
    for (int q = 0; q < NQ; ++q) {
      Real uq[M], fx[M], fy[M];
#pragma unroll
      for (int v = 0; v < M; ++v) {
        Real a = 0;
#pragma unroll
        for (int j = 0; j < NP; ++j) a += T.vphi[q][j] * u[v][j];
        uq[v] = a;
      }
      volume_point_flux<P>(phys, ElementPoint<Real>{&m, k, q, det * T.vw[q]}, uq, fx, fy);
#pragma unroll
      for (int v = 0; v < M; ++v) {
        // contravariant fluxes (det J times the reference-space flux)
        const Real G = g0 * fx[v] + g1 * fy[v], H = g2 * fx[v] + g3 * fy[v];
#pragma unroll
        for (int j = 1; j < NP; ++j) rhs[v][j] += G * T.vdr[q][j] + H * T.vds[q][j];
      }
    }
  }
  after_volume();
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    const int face = ldg(&m.elem_face[row_offset(s, E, k)]);
#pragma unroll
    for (int q = 0; q < NF; ++q) {
      Real f[M];
      load_side_flux<P, M>(F, m.n_edges, face, q, f);
#pragma unroll
      for (int v = 0; v < M; ++v)
#pragma unroll
        for (int j = 0; j < NP; ++j) rhs[v][j] -= T.fphi[s][q][j] * f[v];
    }
  }
  if constexpr (Phys::has_side_correction || Phys::has_point_source || Phys::has_cell_source) {
    Real mean[M];
#pragma unroll
    for (int v = 0; v < M; ++v) mean[v] = cell_mean(u[v][0]);
    const typename Phys::Cell cell = phys.template cell<P>(m, k, mean);
    if constexpr (Phys::has_side_correction) {
      // The element's own side of each edge (hydrostatic reconstruction's g/2 (h^2 - h*^2) n).
#pragma unroll
      for (int s = 0; s < 3; ++s) {
        const int face = ldg(&m.elem_face[row_offset(s, E, k)]);
        const int e = face >> 1;
        const bool right = face & 1;
        Real nx, ny, len;
        edge_normal(m, e, nx, ny, len);
#pragma unroll
        for (int q = 0; q < NF; ++q) {
          const int eq = right ? NF - 1 - q : q;
          const EdgePoint<Real> pt{&m, e, eq, NF, Real(0), Real(0), Real(0), nx, ny};
          Real uq[M], c[M];
#pragma unroll
          for (int v = 0; v < M; ++v) {
            Real a = 0;
#pragma unroll
            for (int j = 0; j < NP; ++j) a += T.fphi[s][q][j] * u[v][j];
            uq[v] = a;
          }
          phys.side_correction(pt, right, cell, uq, len * T.fw[q], c);
#pragma unroll
          for (int v = 0; v < M; ++v)
#pragma unroll
            for (int j = 0; j < NP; ++j) rhs[v][j] -= T.fphi[s][q][j] * c[v];
        }
      }
    }
    if constexpr (Phys::has_point_source) {
#pragma unroll
      for (int q = 0; q < NQ; ++q) {
        Real uq[M], src[M];
#pragma unroll
        for (int v = 0; v < M; ++v) {
          Real a = 0;
#pragma unroll
          for (int j = 0; j < NP; ++j) a += T.vphi[q][j] * u[v][j];
          uq[v] = a;
        }
        ElementPoint<Real> ep{&m, k, q, det * T.vw[q]};
        if constexpr (Phys::point_gradient_var >= 0) {
          if (phys.wants_point_gradient())
            weighted_gradient<P>(T, q, u[Phys::point_gradient_var], g0, g1, g2, g3, ep.wdx, ep.wdy);
        }
        phys.template point_source<P>(ep, cell, uq, src);
#pragma unroll
        for (int v = 0; v < M; ++v)
#pragma unroll
          for (int j = 0; j < NP; ++j) rhs[v][j] += T.vphi[q][j] * src[v];
      }
    }
    if constexpr (Phys::has_cell_source) phys.template cell_source<P>(m, k, cell, rhs);
  }
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) rhs[v][j] *= inv_det;
}

// 1 / the inscribed radius of element k in the physics' lengths (metres on geographic meshes).
template <int P, class Phys, class Real>
TRIDG_HD Real inv_length(const Phys& phys, const MeshView<Real>& m, int k) {
  if constexpr (Phys::has_own_radius)
    return phys.template inv_radius<P>(m, k);
  else
    return inv_inradius(m, k);
}

// Largest wave speed over inscribed radius of element k with cell means `mean`.
template <int P, class Phys, class Real>
TRIDG_HD Real cfl_rate(const Phys& phys, const MeshView<Real>& m, int k, const Real* mean) {
  return phys.max_speed(mean) * inv_length<P>(phys, m, k);
}

// The CFL rate of element k from the state's means; +inf where they are not admissible.
template <int P, class Phys, class Real>
TRIDG_HD Real element_rate(const Phys& phys, const MeshView<Real>& m, const StateView<Real>& U,
                           int k) {
  Real mean[Phys::M];
  for (int v = 0; v < Phys::M; ++v)
    mean[v] = cell_mean(ldg(&U.c[row_offset(v * Order<P>::NP, U.n, k)]));
  return phys.admissible(mean) ? cfl_rate<P>(phys, m, k, mean) : Real(INFINITY);
}

// Whether the polynomial c is admissible at the element's view points (the lattice output shows,
// its vertices included). The edge and volume points are left out: checking them too cost 8-10%
// of a step at p = 2 and 3 (bench/NOTES.md), and a state bad there soon shows at the means.
template <int P, class Phys, class Real>
TRIDG_HD bool admissible_at_points(const DGTables<P, Real>& T, const Phys& phys,
                                   const Real (&c)[Phys::M][Order<P>::NP]) {
  constexpr int NP = Order<P>::NP, NV = Order<P>::NV, M = Phys::M;
  bool ok = true;
#pragma unroll
  for (int i = 0; i < NV; ++i) {
    const Real* phi = T.vview[i];
    Real u[M];
#pragma unroll
    for (int v = 0; v < M; ++v) {
      Real a = 0;
#pragma unroll
      for (int j = 0; j < NP; ++j) a += phi[j] * c[v][j];
      u[v] = a;
    }
    ok = ok && phys.admissible(u);
  }
  return ok;
}

// One Runge-Kutta stage for element k: out = A u0 + B u + C dt L(u) + D acc', with
// acc' = E acc + F dt L(u). Returns the element's CFL rate (max wave speed / inscribed radius)
// of the new cell average when `want_rate` is set (the limiter leaves averages unchanged up to
// limited_mean, which keeps the rate's bound), +inf when that average is not admissible, or,
// with `check_points`, when the new polynomial is not admissible at its view points (runs
// without a positivity fix, which would otherwise make those points admissible). With `limit`
// (a physics with limits_own_coefficients, no slope limiter) the stage output is limited here,
// as the limiter's pass would limit it next; the rate stays that of the unlimited means, as with
// the pass. `after_volume` runs between the volume loop and the lifting, before anything reads
// the edges' fluxes or writes (the GPU's wait for the edges' launch).
template <int P, class Phys, class Real, class AfterVolume = NoHook>
TRIDG_HD Real element_stage(const DGTables<P, Real>& T, const Phys& phys, const MeshView<Real>& m,
                            const StateView<Real>& U, const StateView<Real>& U0,
                            const StateView<Real>& ACC, const StateView<Real>& OUT, const Real* F,
                            const StageCoeffs<Real>& c, Real dt, bool want_rate, bool check_points,
                            bool limit, const LimiterParams<Real>& lp, int k,
                            AfterVolume after_volume = {}) {
  constexpr int NP = Order<P>::NP, M = Phys::M;
  Real u[M][NP], rhs[M][NP];
  element_rhs<P>(T, phys, m, U, F, k, u, rhs, [&] {
    after_volume();
    prefetch_update<NP>(c, U0, ACC, k, 0, M);
  });
  Real mean[M];
#pragma unroll
  for (int v = 0; v < M; ++v)
#pragma unroll
    for (int j = 0; j < NP; ++j) {
      const std::int64_t i = row_offset(v * NP + j, U.n, k);
      const Real o = rk_update(c, u[v][j], dt * rhs[v][j], i, U0, ACC, OUT);
      rhs[v][j] = o; // kept for the point check
      if (j == 0) mean[v] = o;
    }
  if constexpr (limits_own_coefficients<Phys>) {
    // `limit` comes with the positivity fix, so the point check below never sees these values.
    if (limit) store_limited(OUT, k, rhs, limit_own<P>(T, phys, lp, rhs));
  }
  if (!want_rate) return 0;
#pragma unroll
  for (int v = 0; v < M; ++v) mean[v] = cell_mean(mean[v]);
  if (!phys.admissible(mean)) return std::numeric_limits<Real>::infinity(); // blow-up
  if (check_points && !admissible_at_points<P>(T, phys, rhs))
    return std::numeric_limits<Real>::infinity();
  return cfl_rate<P>(phys, m, k, mean);
}

} // namespace tridg
