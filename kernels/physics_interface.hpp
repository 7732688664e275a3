#pragma once
// The interface between a physics and the generic DG kernels (kernels/dg_edge.hpp,
// kernels/dg_element.hpp, kernels/dg_limiter.hpp). A physics is a struct template on the real
// type whose point functions are TRIDG_HD members; the kernels call nothing else of it.
//
// Required (check_physics<Phys>() names the one that is missing):
//   static constexpr int M                       number of conserved variables
//   flux(u, fx, fy)                              physical flux in x and y (volume integral;
//                                                this and numerical_flux: unless has_point_flux)
//   numerical_flux(uL, uR, nx, ny, f)            F(uL, uR) . n for a unit normal (compile-time
//                                                choice: the physics type names its flux)
//   max_speed(u) -> Real                         largest wave speed (CFL condition)
//   admissible(u) -> bool                        finite and physical (blow-up detection)
//   static constexpr int n_positive              quantities the positivity fix keeps >= floor
//   positive_quantity(i, u) -> Real, positive_name(i) (host: for messages)
//   Boundary<R>                                  BoundaryParams<R, Cond>: its boundary groups'
//                                                type, with Cond the physics' own conditions
//   boundary_ghost(bc, point, u, g)              ghost state at a boundary edge point
//   cast<R>()                                    the same physics in precision R
//
// Optional hooks, with the defaults of PhysicsDefaults<Real, M> (derive from it and hide what
// you need):
//   using Cell; cell<P>(m, k, mean) -> Cell         data derived from a cell's means, computed once
//                                                per element and edge (shallow water: wet, shore
//                                                or dry, and the level of its water)
//   reconstruct(point, right, cell, u, us)       the state the flux sees at an edge point
//                                                (hydrostatic reconstruction); default: u
//   has_side_correction, side_correction(...)    a non-conservative term on the element's own
//                                                side of an edge (well-balancing), lifted like
//                                                the flux
//   has_point_source, point_source<P>(...)        source at a volume point, times w_q det J
//   point_gradient_var, wants_point_gradient()   the gradient of one variable at the volume
//                                                points, for point_source (non-conservative
//                                                products)
//   has_own_radius, inv_radius<P>(m, k)          1 / the element's inscribed radius in metres
//                                                when the mesh's own lengths are not the
//                                                physical ones (geographic coordinates): the
//                                                CFL rate's and local time stepping's length
//   has_cell_source, cell_source<P>(...)         a fixed per-element addition to the right-hand
//                                                side (terms of the bed alone)
//   has_water_cell, water_cell<P>(m, k, mean0)  the cell's water (kernels/water_cell.hpp) from
//                                                the mean of its first variable: what gauges
//                                                and the per-step maxima read
//                                                (kernels/water_maxima.hpp); shallow water only
//   has_point_flux, point_flux<P>(ep, u, fx, fy), fluxes that depend on the point (linearised
//   point_numerical_flux(pt, uL, uR, f)          shallow water: the still depth in MeshView::aux
//                                                and edge_aux); replace flux and numerical_flux,
//                                                which the physics then need not have
//   limited_mean(mean)                           the means as the limiter leaves them; the
//                                                limiter reads its neighbours through it, so
//                                                the result cannot depend on the visit order
//   has_positive_bound,                          a lower bound of positive quantity i, as
//   positive_lower_bound(i, lo, hi) -> Real      positive_quantity computes it, over the box of
//                                                states lo <= u <= hi: cells whose box passes
//                                                skip the positivity fix's point checks
//   has_positive_segment,                        the t in [0, 1] at which positive quantity i
//   positive_segment(i, mean, uq, eps) -> Real   falls to eps on the segment from mean (which
//                                                passes) to uq (which fails), in closed form
//                                                instead of the positivity fix's bisection;
//                                                outside [0, 1]: none found (bisection)
//   has_admissible_bound,                        true only if admissible(u) holds at every
//   admissible_bound(lo, hi) -> bool             state lo <= u <= hi as the point sums compute
//                                                them: the GPU's by-variable element kernel
//                                                skips the blow-up check's points of cells
//                                                whose box passes
//   custom_slopes, limit_slopes<P>,              the three steps of the limiter; defaults:
//   custom_positivity, limit_positivity<P>,      vertex-based Barth-Jespersen on the conserved
//   has_limit_finish, limit_finish<P>            variables, Zhang-Shu on the positive
//                                                quantities, nothing
//
// Mesh data reach the hooks as MeshView<MeshReal<Real>> (EdgePoint::m, ElementPoint::m, the
// view cell<P> takes): the state's type, except under the Jacobian's dual numbers, where they
// stay double (core/mesh_real.hpp). Every hook is differentiated that way
// (kernels/dg_jacobian.hpp).
//
// The rules the hooks keep: an edge writes only its own flux values, an element only its own
// coefficients, and the limiter changes no cell mean other than through limited_mean. So
// elements and edges may be visited in any order and on any number of threads (tested with the
// CPU backend's shuffled visit order, tests/test_visit_order.cpp).
#include <type_traits>
#include <utility>

#include "core/dg_tables.hpp"
#include "core/hd.hpp"
#include "core/mesh_real.hpp"
#include "kernels/boundary.hpp"
#include "kernels/dg_views.hpp"

namespace tridg {

// An edge point as the boundary conditions and the reconstruction see it.
template <class Real> struct EdgePoint {
  const MeshView<MeshReal<Real>>* m;
  int e;        // edge
  int q, nf;    // Gauss point (in the left element's direction) and points per edge
  Real x, y, t; // position (boundary edges only; 0 elsewhere) and time
  Real nx, ny;  // unit normal, left to right (outward on the boundary)
};

// A volume point of element k: weight times det J, and the point's index; with
// point_gradient_var >= 0 and wants_point_gradient(), also w_q det J times the gradient of that
// variable there (0 otherwise).
template <class Real> struct ElementPoint {
  const MeshView<MeshReal<Real>>* m;
  int k, q;
  Real wdet;
  Real wdx = 0, wdy = 0;
};

struct NoCell {};

template <class Real, int M> struct PhysicsDefaults {
  using Cell = NoCell;
  static constexpr bool has_cell = false;
  static constexpr bool has_side_correction = false;
  static constexpr bool has_point_source = false;
  static constexpr bool has_cell_source = false;
  static constexpr bool has_point_flux = false;
  // The variable whose gradient point_source reads (ElementPoint::wdx, wdy), -1 for none; the
  // kernels compute it only when wants_point_gradient() says so at run time.
  static constexpr int point_gradient_var = -1;
  TRIDG_HD bool wants_point_gradient() const { return false; }
  // An inscribed radius of its own (inv_radius<P>(m, k)) instead of the mesh's.
  static constexpr bool has_own_radius = false;
  // A cell's water for gauges and maxima (water_cell<P>(m, k, mean0)).
  static constexpr bool has_water_cell = false;
  // The limiter's steps a physics replaces (members limit_slopes<P>, limit_positivity<P>,
  // limit_finish<P>, with the signatures of kernels/dg_limiter.hpp's defaults).
  static constexpr bool has_positive_bound = false;
  static constexpr bool has_positive_segment = false;
  static constexpr bool has_admissible_bound = false;
  static constexpr bool custom_slopes = false;
  static constexpr bool custom_positivity = false;
  static constexpr bool has_limit_finish = false;

  template <int P> TRIDG_HD NoCell cell(const MeshView<MeshReal<Real>>&, int, const Real*) const {
    return {};
  }
  TRIDG_HD void reconstruct(const EdgePoint<Real>&, bool, const NoCell&, const Real* u,
                            Real* us) const {
    for (int v = 0; v < M; ++v) us[v] = u[v];
  }
  TRIDG_HD void limited_mean(Real*) const {}
};

// ---- the checked list: each missing member gets a message naming it ----
namespace physics_check {
template <class P, class = void> struct has_M : std::false_type {};
template <class P> struct has_M<P, std::void_t<decltype(P::M)>> : std::true_type {};
template <class P, class = void> struct has_n_positive : std::false_type {};
template <class P>
struct has_n_positive<P, std::void_t<decltype(P::n_positive)>> : std::true_type {};
template <class P, class R, class = void> struct has_flux : std::false_type {};
template <class P, class R>
struct has_flux<P, R,
                std::void_t<decltype(std::declval<const P&>().flux(
                    std::declval<const R*>(), std::declval<R*>(), std::declval<R*>()))>>
    : std::true_type {};
template <class P, class R, class = void> struct has_numerical_flux : std::false_type {};
template <class P, class R>
struct has_numerical_flux<
    P, R,
    std::void_t<decltype(std::declval<const P&>().numerical_flux(
        std::declval<const R*>(), std::declval<const R*>(), R(), R(), std::declval<R*>()))>>
    : std::true_type {};
template <class P, class R, class = void> struct has_max_speed : std::false_type {};
template <class P, class R>
struct has_max_speed<
    P, R, std::void_t<decltype(std::declval<const P&>().max_speed(std::declval<const R*>()))>>
    : std::true_type {};
template <class P, class R, class = void> struct has_admissible : std::false_type {};
template <class P, class R>
struct has_admissible<
    P, R, std::void_t<decltype(std::declval<const P&>().admissible(std::declval<const R*>()))>>
    : std::true_type {};
template <class P, class R, class = void> struct has_positive_quantity : std::false_type {};
template <class P, class R>
struct has_positive_quantity<
    P, R,
    std::void_t<decltype(std::declval<const P&>().positive_quantity(0, std::declval<const R*>()))>>
    : std::true_type {};
template <class P, class R, class = void> struct has_boundary : std::false_type {};
template <class P, class R>
struct has_boundary<P, R, std::void_t<typename P::template Boundary<R>>> : std::true_type {};
template <class P, class R, class = void> struct has_boundary_ghost : std::false_type {};
template <class P, class R>
struct has_boundary_ghost<
    P, R,
    std::void_t<decltype(std::declval<const P&>().boundary_ghost(
        std::declval<const typename P::template Boundary<R>&>(),
        std::declval<const EdgePoint<R>&>(), std::declval<const R*>(), std::declval<R*>()))>>
    : std::true_type {};
template <class P, class = void> struct has_positive_name : std::false_type {};
template <class P>
struct has_positive_name<P, std::void_t<decltype(P::positive_name(0))>> : std::true_type {};
template <class P, class = void> struct has_cast : std::false_type {};
template <class P>
struct has_cast<P, std::void_t<decltype(std::declval<const P&>().template cast<float>())>>
    : std::true_type {};
} // namespace physics_check

// Compile-time check that Phys provides what the kernels call.
template <class Phys, class Real> constexpr bool check_physics() {
  using namespace physics_check;
  static_assert(has_M<Phys>::value, "physics: missing 'static constexpr int M'");
  static_assert(Phys::has_point_flux || has_flux<Phys, Real>::value,
                "physics: missing 'flux(u, fx, fy)'");
  static_assert(Phys::has_point_flux || has_numerical_flux<Phys, Real>::value,
                "physics: missing 'numerical_flux(uL, uR, nx, ny, f)'");
  static_assert(has_max_speed<Phys, Real>::value, "physics: missing 'max_speed(u)'");
  static_assert(has_admissible<Phys, Real>::value, "physics: missing 'admissible(u)'");
  static_assert(has_n_positive<Phys>::value, "physics: missing 'static constexpr int n_positive'");
  static_assert(has_positive_quantity<Phys, Real>::value,
                "physics: missing 'positive_quantity(i, u)'");
  static_assert(has_positive_name<Phys>::value,
                "physics: missing 'static const char* positive_name(i)'");
  static_assert(has_boundary<Phys, Real>::value,
                "physics: missing 'template <class R> using Boundary = BoundaryParams<R, Cond>'");
  static_assert(has_boundary_ghost<Phys, Real>::value,
                "physics: missing 'boundary_ghost(bc, point, u, g)'");
  static_assert(has_cast<Phys>::value, "physics: missing 'template <class R> cast()'");
  static_assert(std::is_base_of_v<PhysicsDefaults<Real, Phys::M>, Phys>,
                "physics: derive from PhysicsDefaults<Real, M> (the optional hooks' defaults)");
  return true;
}

} // namespace tridg
