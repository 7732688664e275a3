#include "physics/euler/case.hpp"

#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

#include "io/expression.hpp"
#include "physics/euler/exact_riemann.hpp"
#include "physics/euler/initial.hpp"
#include "physics/euler/ringleb.hpp"
#include "solver/boundary_setup.hpp"

namespace tridg {

namespace {

using Prim = std::array<double, 4>;

void to_conserved(double gamma, const Prim& w, double* u) {
  euler_conserved(gamma, w.data(), u);
}

// A primitive state written as a table {rho, u, v, p} (or the keys of `cfg` itself).
Prim read_state(const Config& c) {
  return {c.get_double_in("rho", 0, 1e300), c.get_double("u", 0.0), c.get_double("v", 0.0),
          c.get_double_in("p", 0, 1e300)};
}

// The circle of a curved wall: `center = [x, y]` in the case, else the arc the mesh recorded.
EulerCurvedWallBc<double> read_arc(const Config& b, const BoundaryGroup& g) {
  if (b.has("center")) {
    const auto c = b.get_doubles("center");
    if (c.size() != 2) b.error("center", "needs two numbers [x, y]");
    return {c[0], c[1]};
  }
  if (!g.arc)
    b.error("type", "curved_wall: the mesh group '" + g.name +
                        "' does not lie on a circle; give center = [x, y]");
  return {g.arc->cx, g.arc->cy};
}

struct Initial {
  PointFunction initial;
  SpaceTimeFunction exact;
  std::shared_ptr<DoubleMach> double_mach; // when the case is the double Mach reflection
};

Initial read_initial(const Config& cfg, const Mesh& mesh, double gamma) {
  const Config ic = cfg.table("initial");
  const std::string type =
      ic.get_choice("type", {"constant", "expression", "isentropic_vortex", "supersonic_vortex",
                             "double_mach", "riemann_x", "ringleb"});
  Initial out;
  if (type == "constant") {
    const Prim w = read_state(ic);
    out.initial = [=](double, double, double* u) { to_conserved(gamma, w, u); };
    out.exact = [=](double, double, double, double* u) { to_conserved(gamma, w, u); };
  } else if (type == "expression") {
    const Expression::Constants k = case_constants(cfg);
    auto e = std::make_shared<std::array<Expression, 4>>(std::array<Expression, 4>{
        Expression(ic.get_expression("rho"), {"x", "y"}, ic.where("rho"), k),
        Expression(ic.get_expression("u"), {"x", "y"}, ic.where("u"), k),
        Expression(ic.get_expression("v"), {"x", "y"}, ic.where("v"), k),
        Expression(ic.get_expression("p"), {"x", "y"}, ic.where("p"), k)});
    out.initial = [=](double x, double y, double* u) {
      const double xy[2] = {x, y};
      const Prim w{(*e)[0].eval(xy), (*e)[1].eval(xy), (*e)[2].eval(xy), (*e)[3].eval(xy)};
      to_conserved(gamma, w, u);
    };
  } else if (type == "isentropic_vortex") {
    IsentropicVortex v;
    v.gamma = gamma;
    v.beta = ic.get_double("beta", 5.0);
    const auto c = ic.get_doubles("center", {5.0, 5.0});
    if (c.size() != 2) ic.error("center", "needs two numbers [x, y]");
    v.x0 = c[0];
    v.y0 = c[1];
    v.u_inf = ic.get_double("u", 1.0);
    v.v_inf = ic.get_double("v", 1.0);
    if (mesh.n_periodic_edges > 0) {
      const auto period = ic.get_doubles("period", {10.0, 10.0});
      if (period.size() != 2) ic.error("period", "needs two numbers [Lx, Ly]");
      v.period_x = period[0];
      v.period_y = period[1];
    }
    out.exact = [=](double x, double y, double t, double* u) {
      to_conserved(gamma, v.primitive(x, y, t), u);
    };
    out.initial = [=](double x, double y, double* u) {
      to_conserved(gamma, v.primitive(x, y, 0), u);
    };
  } else if (type == "supersonic_vortex") {
    SupersonicVortex v;
    v.gamma = gamma;
    v.mach_inner = ic.get_double_in("mach_inner", 0, 100, 2.25);
    v.r_inner = ic.get_double_in("r_inner", 0, 1e300, 1.0);
    out.exact = [=](double x, double y, double, double* u) {
      to_conserved(gamma, v.primitive(x, y), u);
    };
    out.initial = [=](double x, double y, double* u) { to_conserved(gamma, v.primitive(x, y), u); };
  } else if (type == "ringleb") {
    Ringleb r;
    r.gamma = gamma;
    try {
      r.primitive(0.0, 1.0); // refuses a gamma without the closed form
    } catch (const std::invalid_argument& e) {
      cfg.error("physics.gamma", std::string("Ringleb's flow: ") + e.what());
    }
    // The exact state, also outside the domain's curved edges (the straight-sided mesh cuts
    // them): the hodograph solution extends smoothly there.
    out.exact = [=](double x, double y, double, double* u) {
      to_conserved(gamma, r.primitive(x, y), u);
    };
    out.initial = [=](double x, double y, double* u) { to_conserved(gamma, r.primitive(x, y), u); };
  } else if (type == "double_mach") {
    auto dm = std::make_shared<DoubleMach>();
    dm->gamma = gamma;
    dm->x0 = ic.get_double("x0", 1.0 / 6.0);
    out.double_mach = dm;
    out.initial = [=](double x, double y, double* u) {
      to_conserved(gamma, dm->primitive(x, y, 0), u);
    };
  } else { // riemann_x: a shock tube along x
    const Prim L = read_state(ic.table("left")), R = read_state(ic.table("right"));
    const double x0 = ic.get_double("x0", 0.5);
    out.initial = [=](double x, double, double* u) { to_conserved(gamma, x < x0 ? L : R, u); };
    if (std::abs(L[2]) + std::abs(R[2]) == 0)
      out.exact = [=](double x, double, double t, double* u) {
        Prim w;
        if (t <= 0) {
          w = x < x0 ? L : R;
        } else {
          const Primitive1D s =
              exact_riemann({L[0], L[1], L[3]}, {R[0], R[1], R[3]}, gamma, (x - x0) / t);
          w = {s.rho, s.u, 0, s.p};
        }
        to_conserved(gamma, w, u);
      };
  }
  return out;
}

} // namespace

IdealGas<double> read_euler_physics(const Config& cfg) {
  IdealGas<double> phys;
  phys.gamma = cfg.get_double_in("physics.gamma", 1.0, 10.0, 1.4);
  return phys;
}

Problem<EulerBoundary<double>> make_euler_problem(const Config& cfg, const Mesh& mesh, int order,
                                                  const IdealGas<double>& phys) {
  const double gamma = phys.gamma;
  Initial ini = read_initial(cfg, mesh, gamma);
  Problem<EulerBoundary<double>> pb;
  pb.var_names = {"rho", "rhou", "rhov", "E"};
  pb.initial = ini.initial;
  pb.exact = ini.exact;

  BoundaryReader<EulerBoundary<double>> reader(
      cfg, mesh, order,
      {"wall", "curved_wall", "inflow", "outflow", "farfield", "moving_shock", "exact"});
  reader.for_each([&](const Config& b, const std::string& type, EulerBoundary<double>& bc,
                      std::vector<double>& table) {
    if (type == "wall") {
      bc.kind = EulerBcKind::wall;
    } else if (type == "curved_wall") {
      bc.kind = EulerBcKind::curved_wall;
      bc.arc = read_arc(b, reader.group());
    } else if (type == "outflow") {
      bc.kind = EulerBcKind::outflow;
    } else if (type == "inflow" || type == "farfield") {
      bc.kind = type == "inflow" ? EulerBcKind::inflow : EulerBcKind::farfield;
      if (b.get_string("state", "") == "initial") {
        bc.kind = EulerBcKind::tabulated;
        table =
            reader.tabulate<4>(bc, [&](double x, double y, double* u) { ini.initial(x, y, u); });
      } else {
        to_conserved(gamma, read_state(b), bc.state.u);
      }
    } else if (type == "exact") {
      if (!ini.exact) b.error("type", "'exact' needs an initial condition with an exact solution");
      bc.kind = EulerBcKind::tabulated;
      table = reader.tabulate<4>(bc, [&](double x, double y, double* u) { ini.exact(x, y, 0, u); });
    } else { // moving_shock
      bc.kind = EulerBcKind::moving_shock;
      EulerMovingShockBc<double>& s = bc.shock;
      const std::string profile = b.get_choice("profile", {"double_mach", "custom"}, "custom");
      if (profile == "double_mach") {
        const DoubleMach dm = ini.double_mach ? *ini.double_mach : DoubleMach{};
        to_conserved(gamma, dm.post, s.behind);
        to_conserved(gamma, dm.pre, s.ahead);
        s.x0 = dm.x0;
        s.sx = dm.slope();
        s.st = dm.speed();
      } else {
        to_conserved(gamma, read_state(b.table("behind")), s.behind);
        to_conserved(gamma, read_state(b.table("ahead")), s.ahead);
        s.x0 = b.get_double("x0");
        s.sx = b.get_double("slope", 0.0);
        s.st = b.get_double("speed");
      }
    }
  });
  pb.boundaries = reader.boundaries();
  pb.bc_tables = reader.tables();
  return pb;
}

} // namespace tridg
