// The assembled block Jacobian (dual numbers through the physics' point functions) against
// central differences of the residual, on cases that exercise every boundary condition and
// numerical flux of Euler, shallow water (wet, shore and dry cells, friction, geographic
// coordinates) and linearised shallow water; and the matrix-free product against the assembled
// one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include "backends/host_view.hpp"
#include "backends/implicit/newton.hpp"
#include "compiled_orders.hpp"
#include "core/cell_mean.hpp"
#include "implicit_test_util.hpp"
#include "physics/linear_shallow_water/linear_shallow_water.hpp"
#include "physics/shallow_water/shallow_water.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

// max |J x - FD(x)| / max |J x| for a random direction x at a perturbed state u. The
// numerical fluxes switch branches where two wave speeds tie (Einfeldt's min and max, Rusanov's
// max, Roe's |lambda| at sonic points), and in smooth flow such ties lie close to the state: a
// difference across one is not the derivative. Each entry is therefore compared with central
// differences of several steps, keeping the closest: a tie crossed by the larger steps only is
// then not mistaken for an error, while a wrong derivative differs from all of them.
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

template <int P, class Phys, class Bc>
double jacobian_mismatch(const Phys& phys, const ImplicitCase<Bc>& c, const std::vector<double>& u,
                         double t) {
  DgOperator<P, Phys> op(phys, make_basis_tables(P), c.arrays, c.config);
  const std::vector<double> x = random_vector(u.size(), 11);
  BlockMatrix A;
  op.jacobian(u, t, A, false);
  A.shift.assign(A.n, 0.0);
  Vec Jx;
  apply(A, x, Jx); // -J x with a zero shift
  std::vector<double> best(u.size(), HUGE_VAL);
  // The steps absolute and, for states of large numbers (a depth of 3 km), also relative to the
  // largest coefficient: round-off grows with the residual's size.
  double scale = 0, size = 1;
  for (const double x_i : u) size = std::max(size, std::abs(x_i));
  for (const double eps : {1e-7, 1e-9, 1e-7 * size, 1e-9 * size}) {
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

// The same at a run-time order p of the two the tests use.
template <class Phys, class Bc>
double mismatch_at(int p, const Phys& phys, const ImplicitCase<Bc>& c, const std::vector<double>& u,
                   double t = 0.0) {
  return p == 1 ? jacobian_mismatch<1>(phys, c, u, t) : jacobian_mismatch<2>(phys, c, u, t);
}

template <int P, class Flux> double jacobian_mismatch(const EulerCase& c, double t) {
  return jacobian_mismatch<P>(EulerPhysics<double, Flux>{}, c, generic_state(c), t);
}

// A shallow-water state near the case's initial one: every coefficient disturbed by up to 1% of
// its element's mean depth (velocities of about 1 cm/s), so that momenta are not zero; dry cells
// stay dry.
template <class Bc> std::vector<double> generic_water(const ImplicitCase<Bc>& c) {
  std::vector<double> u = c.initial;
  const std::vector<double> noise = random_vector(u.size(), 7);
  const std::size_t n = c.mesh.n_elems();
  for (std::size_t i = 0; i < u.size(); ++i) u[i] += 0.01 * noise[i] * std::abs(c.initial[i % n]);
  return u;
}

template <class Flux> double sw_mismatch(const SwTestCase& s, int p) {
  const ShallowWaterPhysics<double, Flux> phys(s.phys);
  return mismatch_at(p, phys, s.c, generic_water(s.c));
}

// The thin lake of the implicit tests (lake.h5: a bump in a unit square) with its boundary
// `bc` (a [boundary.wall] body) and Manning friction.
std::string lake_with(const std::string& bc) {
  return "[physics]\ntype = \"shallow_water\"\nmanning = 0.03\n[mesh]\nfile = \"" +
         source_path("meshes/prepared/lake.h5") +
         "\"\n[discretization]\norder = 1\n[time]\nscheme = \"bdf2\"\ndt = 0.01\nsteps = 1\n"
         "[bathymetry]\nelevation = \"-0.2 + 0.4 * exp(-20 * ((x - 0.5)^2 + (y - 0.5)^2))\"\n"
         "[initial]\ntype = \"level\"\neta = 0.25\nu = \"0.3 * y\"\nv = \"-0.1\"\n"
         "[boundary.wall]\n" +
         bc;
}

} // namespace

TEST_CASE("Jacobian: curved walls and exact boundary states, HLLC and Rusanov, p = 1 and 2") {
  for (const int p : {1, 2}) {
    if (!order_compiled(p)) continue;
    const EulerCase c = euler_case(source_path("cases/supersonic_vortex.toml"), p);
    const std::vector<double> u = generic_state(c);
    const double e_hllc = mismatch_at(p, EulerPhysics<double, EulerHllc>{}, c, u);
    const double e_rus = mismatch_at(p, EulerPhysics<double, EulerRusanov>{}, c, u);
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

TEST_CASE("Jacobian, shallow water: wet water over a bump with friction, every boundary kind") {
  ScratchDir dir("sw_jacobian");
  const std::string path = dir.file("case.toml");
  for (const char* bc :
       {"type = \"wall\"\n", "type = \"level\"\nlevel = 0.27\n",
        "type = \"absorbing\"\nlevel = 0.25\n", "type = \"outflow\"\n", "type = \"initial\"\n"})
    for (const int p : {1, 2}) {
      if (!order_compiled(p)) continue;
      std::ofstream(path) << lake_with(bc);
      const SwTestCase s = sw_case(path, p);
      CAPTURE(bc);
      CAPTURE(p);
      CHECK(sw_mismatch<SwHll>(s, p) < 1e-6);
      CHECK(sw_mismatch<SwRusanov>(s, p) < 1e-6);
    }
}

TEST_CASE("Jacobian, shallow water: shore and dry cells, geographic coordinates, Coriolis") {
  // An island rising 100 m out of a lake 100 m deep: dry cells on top, shore cells around; on a
  // longitude-latitude mesh, with the Earth's rotation, the metric's point sources and friction.
  for (const int p : {1, 2}) {
    if (!order_compiled(p)) continue;
    const SwTestCase s =
        sw_case(source_path("cases/lake_at_rest_geographic.toml"), p,
                {"mesh.file=\"" + source_path("meshes/prepared/geographic_box.h5") + "\"",
                 "physics.manning=0.03", "initial.u=\"0.2\"", "initial.v=\"0.1 * (x - 139.5)\""});
    // The cells' kinds as the physics sees them (the test is of its shore and dry branches).
    MeshArrays arrays = s.c.arrays;
    const MeshView<double> view = host_view(arrays);
    const ShallowWaterPhysics<double, SwHll> phys(s.phys);
    int shore = 0, dry = 0;
    const std::size_t n = s.c.mesh.n_elems(), NP = s.c.initial.size() / (3 * n);
    for (std::size_t k = 0; k < n; ++k) {
      double mean[3];
      for (int v = 0; v < 3; ++v) mean[v] = cell_mean(s.c.initial[v * NP * n + k]);
      const int kind =
          p == 1 ? phys.cell<1>(view, int(k), mean).kind : phys.cell<2>(view, int(k), mean).kind;
      dry += kind == sw_dry;
      shore += kind == sw_shore;
    }
    CAPTURE(p);
    MESSAGE("p = " << p << ": " << dry << " dry and " << shore << " shore cells of " << n);
    REQUIRE(dry > 0);
    REQUIRE(shore > 0);
    CHECK(sw_mismatch<SwHll>(s, p) < 1e-6);
    // A zonal flow over 30 degrees of latitude, its sides held at the initial state (tabulated
    // ghosts): the metric's remainder (wx - w1) g h d(eta)/dx, which reads the depth's gradient,
    // is far from zero only over such spans.
    const SwTestCase z =
        sw_case(source_path("cases/zonal_flow_geographic.toml"), p,
                {"mesh.file=\"" + source_path("meshes/prepared/geographic_zonal.h5") + "\""});
    CHECK(sw_mismatch<SwHll>(z, p) < 1e-6);
  }
}

TEST_CASE("Jacobian, linearised shallow water: upwind and central fluxes, walls and levels") {
  ScratchDir dir("lsw_jacobian");
  const std::string path = dir.file("case.toml");
  for (const char* bc : {"wall\"\n", "level\"\nlevel = 0.005\n"})
    for (const int p : {1, 2}) {
      if (!order_compiled(p)) continue;
      std::ofstream(path) << "[physics]\ntype = \"linear_shallow_water\"\n[mesh]\nfile = \""
                          << source_path("meshes/prepared/unit_square_s4.h5")
                          << "\"\n[discretization]\norder = 1\n[time]\nsteps = 1\n"
                             "[bathymetry]\ndepth = \"1 + 0.3 * x * y\"\n[initial]\n"
                             "eta = \"0.01 * sin(3 * x + y)\"\nu = \"0.1 * y\"\n"
                             "[boundary.boundary]\ntype = \""
                          << bc;
      const LswTestCase s = lsw_case(path, p);
      const std::vector<double> u = generic_water(s.c);
      CAPTURE(bc);
      CAPTURE(p);
      using Up = LinearShallowWaterPhysics<double, LswUpwind>;
      using Central = LinearShallowWaterPhysics<double, LswCentral>;
      CHECK(mismatch_at(p, Up(s.phys), s.c, u) < 1e-6);
      CHECK(mismatch_at(p, Central(s.phys), s.c, u) < 1e-6);
    }
}
