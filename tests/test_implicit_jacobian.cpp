// The assembled block Jacobian (dual numbers through the physics' point functions) against
// central differences of the residual, on cases that exercise every Euler boundary condition
// and numerical flux; and the matrix-free product against the assembled one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "backends/implicit/fd_jacobian.hpp"
#include "backends/implicit/newton.hpp"
#include "compiled_orders.hpp"
#include "implicit_test_util.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

// max |J x - FD(x)| / max |J x| for a random direction x at a perturbed state u. The
// numerical fluxes switch branches where two wave speeds tie (Einfeldt's min and max, Rusanov's
// max, Roe's |lambda| at sonic points), and in smooth flow such ties lie close to the state: a
// difference across one is not the derivative. Each entry is therefore compared with central
// differences of two steps, 1e-7 and 1e-9, keeping the closer: a tie crossed by the larger step
// only is then not mistaken for an error, while a wrong derivative differs from both.
// Truncation is ~eps^2 of the product, round-off ~1e-16 |L| / eps (1e-7 at eps = 1e-9).
// A generic state: every coefficient of the initial one disturbed by up to 1% of its element's
// mean (plus 1e-4 of the density, so zero velocities move too): no derivative is tested only at
// a symmetric or constant state, where the fluxes' branches tie exactly.
std::vector<double> generic_state(const EulerCase& c) {
  std::vector<double> u = c.initial;
  const std::vector<double> noise = random_vector(u.size(), 7);
  const std::size_t n = c.mesh.n_elems(), NP = u.size() / (4 * n);
  for (std::size_t i = 0; i < u.size(); ++i) {
    const std::size_t k = i % n, v = i / n / NP;
    const double size = std::abs(c.initial[v * NP * n + k]) + 0.01 * std::abs(c.initial[k]);
    u[i] += 0.01 * noise[i] * size;
  }
  return u;
}

template <int P, class Flux> double jacobian_mismatch(const EulerCase& c, double t) {
  const EulerPhysics<double, Flux> phys{};
  DgOperator<P, EulerPhysics<double, Flux>> op(phys, make_basis_tables(P), c.arrays, c.config);
  const std::vector<double> u = generic_state(c);
  const std::vector<double> x = random_vector(u.size(), 11);
  BlockMatrix A;
  op.jacobian(u, t, A, false);
  A.shift.assign(A.n, 0.0);
  Vec Jx;
  apply(A, x, Jx); // -J x with a zero shift
  std::vector<double> best(u.size(), HUGE_VAL);
  double scale = 0;
  for (const double eps : {1e-7, 1e-9}) {
    Vec up = u, um = u, Lp, Lm;
    axpy(eps, x, up);
    axpy(-eps, x, um);
    op.residual(up, t, Lp);
    op.residual(um, t, Lm);
    for (std::size_t i = 0; i < u.size(); ++i) {
      const double fd = (Lp[i] - Lm[i]) / (2 * eps);
      best[i] = std::min(best[i], std::abs(-Jx[i] - fd));
      scale = std::max(scale, std::abs(fd));
    }
  }
  REQUIRE(scale > 0);
  return *std::max_element(best.begin(), best.end()) / scale;
}

} // namespace

TEST_CASE("Jacobian: curved walls and exact boundary states, HLLC and Rusanov, p = 1 and 2") {
  for (const int p : {1, 2}) {
    if (!order_compiled(p)) continue;
    const EulerCase c = euler_case(source_path("cases/supersonic_vortex.toml"), p);
    const double e_hllc =
        p == 1 ? jacobian_mismatch<1, EulerHllc>(c, 0.0) : jacobian_mismatch<2, EulerHllc>(c, 0.0);
    const double e_rus = p == 1 ? jacobian_mismatch<1, EulerRusanov>(c, 0.0)
                                : jacobian_mismatch<2, EulerRusanov>(c, 0.0);
    CAPTURE(p);
    CHECK(e_hllc < 1e-6);
    CHECK(e_rus < 1e-6);
  }
}

TEST_CASE("Jacobian: walls, inflow, outflow and a moving shock, Roe, p = 1") {
  EulerCase c = euler_case(source_path("cases/double_mach.toml"), 1);
  // The projected jump overshoots to negative densities; its cell means alone are physical.
  const std::size_t n = c.mesh.n_elems();
  for (int v = 0; v < 4; ++v)
    for (int j = 1; j < 3; ++j)
      for (std::size_t k = 0; k < n; ++k) c.initial[(v * 3 + j) * n + k] = 0;
  // t > 0 moves the shock along the top boundary: the ghost states depend on time.
  CHECK(jacobian_mismatch<1, EulerRoe>(c, 0.05) < 1e-6);
}

TEST_CASE("Jacobian: periodic edges, p = 2") {
  if (!order_compiled(2)) return;
  const EulerCase c = euler_case(source_path("cases/isentropic_vortex.toml"), 2);
  CHECK(jacobian_mismatch<2, EulerHllc>(c, 0.0) < 1e-6);
}

TEST_CASE("matrix-free product equals the assembled one to its difference error") {
  const EulerCase c = euler_case(source_path("cases/supersonic_vortex.toml"), 1);
  using Phys = EulerPhysics<double, EulerHllc>;
  DgOperator<1, Phys> op(Phys{}, make_basis_tables(1), c.arrays, c.config);
  const std::vector<double>& u = c.initial;
  const std::vector<double> rhs = random_vector(u.size(), 3);
  Vec L;
  op.residual(u, 0.0, L);
  Vec x_assembled, x_free;
  for (const char* kind : {"assembled", "matrix_free"}) {
    ImplicitParams prm;
    prm.jacobian = kind;
    prm.gmres_tol = 1e-10;
    prm.gmres_max = 2000;
    NewtonKrylov<1, Phys> nk(op, prm);
    // A large shift (a short time step) makes the system well conditioned: GMRES converges.
    const std::vector<double> s(c.mesh.n_elems(), 1e3);
    const GmresResult g =
        nk.linear_solve(u, 0.0, s, L, rhs, std::string(kind) == "assembled" ? x_assembled : x_free);
    CAPTURE(kind);
    CHECK(g.converged);
  }
  double diff = 0, scale = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    diff = std::max(diff, std::abs(x_assembled[i] - x_free[i]));
    scale = std::max(scale, std::abs(x_assembled[i]));
  }
  // One-sided differences with eps ~ 1e-7: about 1e-7 relative in each product.
  CHECK(diff / scale < 1e-5);
}

TEST_CASE("the coloured finite-difference Jacobian equals the exact one to its difference error") {
  // Curved walls, exact boundary states and HLLC at p = 1: every block of every element row,
  // neighbours included, compared through products with a random vector (a colouring that let
  // two elements of a colour share a neighbour would mix their columns there).
  const EulerCase c = euler_case(source_path("cases/supersonic_vortex.toml"), 1);
  using Phys = EulerPhysics<double, EulerHllc>;
  DgOperator<1, Phys> op(Phys{}, make_basis_tables(1), c.arrays, c.config);
  const std::vector<double> u = generic_state(c);
  BlockMatrix exact, fd;
  op.jacobian(u, 0.0, exact, false);
  FdJacobian colouring(c.arrays);
  double scale = 0;
  for (const double x : u) scale = std::max(scale, std::abs(x));
  colouring.build(
      u, exact.B, scale, [&](const Vec& x, Vec& r) { op.residual(x, 0.0, r); }, fd, false);
  // An element and its three neighbours are pairwise within distance 2: at least 4 colours.
  // Each element has at most 9 others within distance 2: greedy colouring needs at most 10.
  MESSAGE("colours: " << colouring.colours());
  CHECK(colouring.colours() >= 4);
  CHECK(colouring.colours() <= 10);
  exact.shift.assign(exact.n, 0.0);
  fd.shift.assign(fd.n, 0.0);
  for (const std::uint32_t seed : {5u, 6u}) {
    const std::vector<double> x = random_vector(u.size(), seed);
    Vec ye, yf;
    apply(exact, x, ye);
    apply(fd, x, yf);
    double diff = 0, size = 0;
    for (std::size_t i = 0; i < ye.size(); ++i) {
      diff = std::max(diff, std::abs(ye[i] - yf[i]));
      size = std::max(size, std::abs(ye[i]));
    }
    // One-sided differences with steps 1e-7 of the largest coefficient: truncation ~1e-7 of
    // the product, round-off ~1e-16 / 1e-7.
    MESSAGE("max |J_fd x - J x| / max |J x| = " << diff / size);
    CHECK(diff / size < 1e-5);
  }
}
