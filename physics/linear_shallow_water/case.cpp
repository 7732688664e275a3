#include "physics/linear_shallow_water/case.hpp"

#include <spdlog/spdlog.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <sstream>

#include "io/expression.hpp"
#include "io/time_series.hpp"
#include "physics/linear_shallow_water/boundaries.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "solver/boundary_setup.hpp"
#include "solver/projection.hpp"
#include "tsunami/gauges.hpp"
#include "tsunami/initial_surface.hpp"
#include "tsunami/source.hpp"

namespace tridg {

namespace {

namespace fs = std::filesystem;

std::shared_ptr<Expression> xy_expression(const Config& t, const std::string& key,
                                          const Config& root) {
  return std::make_shared<Expression>(t.get_expression(key, "0"),
                                      std::vector<std::string>{"x", "y"}, t.where(key),
                                      case_constants(root));
}

// The standing wave of a closed rectangular basin [0, Lx] x [0, Ly] of constant depth H:
// eta = A cos(kx x) cos(ky y) cos(w t), q = g H A / w (kx sin(kx x) cos(ky y),
// ky cos(kx x) sin(ky y)) sin(w t), kx = m pi / Lx, ky = n pi / Ly, w = sqrt(g H (kx^2 + ky^2)).
struct StandingWave {
  double a = 0, kx = 0, ky = 0, omega = 0, gh = 0;
  void at(double x, double y, double t, double* u) const {
    const double cx = std::cos(kx * x), cy = std::cos(ky * y);
    const double s = gh * a / omega * std::sin(omega * t);
    u[0] = a * cx * cy * std::cos(omega * t);
    u[1] = s * kx * std::sin(kx * x) * cy;
    u[2] = s * ky * cx * std::sin(ky * y);
  }
};

void read_initial(const Config& cfg, const LswState<double>& ph, const LswDepth& depth,
                  const Bathymetry& bathy, const GridArea& area, Problem<LswBoundary<double>>& pb) {
  const Config ic = cfg.table("initial");
  const std::string type = ic.get_choice("type", {"expression", "standing_wave"}, "expression");
  if (type == "expression") {
    const bool velocity = ic.has("u") || ic.has("v");
    if (velocity && (ic.has("hu") || ic.has("hv")))
      ic.error(ic.has("hu") ? "hu" : "hv", "give the velocity (u, v) or the discharge (hu, hv), "
                                           "not both");
    std::optional<InitialSurface> surface = read_initial_surface(ic, cfg, area);
    auto eta = xy_expression(ic, "eta", cfg);
    auto qx = xy_expression(ic, velocity ? "u" : "hu", cfg);
    auto qy = xy_expression(ic, velocity ? "v" : "hv", cfg);
    std::function<double(double, double)> raster;
    if (surface) raster = surface->eta;
    // Projected serially (muParser expressions keep state): the still depth is evaluated here.
    pb.initial = [eta, qx, qy, velocity, bathy, raster](double x, double y, double* u) {
      const double xy[2] = {x, y};
      const double h = velocity ? -bathy(x, y) : 1.0;
      u[0] = raster ? raster(x, y) : eta->eval(xy);
      u[1] = h * qx->eval(xy);
      u[2] = h * qy->eval(xy);
    };
    return;
  }
  // standing_wave: needs a flat bed.
  if (depth.max_depth() - depth.min_depth() > 1e-12 * depth.max_depth())
    ic.error("type", "the standing wave needs a constant still depth (the bathymetry ranges over "
                     "[" +
                         std::to_string(depth.min_depth()) + ", " +
                         std::to_string(depth.max_depth()) + "])");
  StandingWave w;
  w.a = ic.get_double("amplitude");
  const auto modes = ic.get_doubles("modes", {1.0, 1.0});
  if (modes.size() != 2) ic.error("modes", "needs two numbers [m, n]");
  const auto lengths = ic.get_doubles("lengths", {1.0, 1.0});
  if (lengths.size() != 2 || !(lengths[0] > 0) || !(lengths[1] > 0))
    ic.error("lengths", "needs two positive numbers [Lx, Ly]");
  w.kx = modes[0] * std::numbers::pi / lengths[0];
  w.ky = modes[1] * std::numbers::pi / lengths[1];
  if (w.kx == 0 && w.ky == 0) ic.error("modes", "m = n = 0 is no wave");
  w.gh = ph.g * depth.max_depth();
  w.omega = std::sqrt(w.gh * (w.kx * w.kx + w.ky * w.ky));
  spdlog::info("standing wave: omega = {}, period {}", w.omega, 2 * std::numbers::pi / w.omega);
  pb.initial = [w](double x, double y, double* u) { w.at(x, y, 0, u); };
  pb.exact = [w](double x, double y, double t, double* u) { w.at(x, y, t, u); };
}

} // namespace

LswCase make_lsw_case(const Config& cfg, const RunSettings& s, const Mesh& mesh) {
  LswCase c;
  c.phys.g = cfg.get_double_in("physics.g", 0, 1e300, 9.81);
  if (s.limiter.barth_jespersen)
    cfg.error("limiter.type", "linear shallow water has no limiter (smooth linear waves); set "
                              "limiter.type = \"none\"");
  if (s.limiter.positivity)
    cfg.error("limiter.positivity", "linear shallow water has no positive quantity to keep; "
                                    "remove the key or set it to false");
  if (!cfg.has("bathymetry"))
    cfg.error("bathymetry", "linear shallow water needs [bathymetry]: the still depth H = -b > 0 "
                            "(e.g. depth = \"10\")");

  const Geographic geo = read_geographic(cfg);
  const GridArea area = mesh_grid_area(mesh, geo.on);
  const Bathymetry bathy = Bathymetry::read(cfg.table("bathymetry"), cfg, area);
  spdlog::info("bathymetry: {}", bathy.description());
  c.phys.geographic = geo.on;
  if (geo.on) {
    check_geographic_mesh(cfg, mesh);
    c.phys.wy = 1 / geo.metres_per_degree();
  }
  auto depth = std::make_shared<const LswDepth>(mesh, s.order, bathy, geo);
  if (const auto& d = depth->dry()) {
    std::ostringstream os;
    os.precision(10);
    os << "the still depth H = -b is " << d->depth << " <= 0 at (x, y) = (" << d->x << ", " << d->y
       << "): linear shallow water needs water everywhere (no wetting and drying; use "
          "physics.type = \"shallow_water\")";
    cfg.error("bathymetry", os.str());
  }
  c.depth = depth;
  c.phys.h_max = depth->max_depth();

  Problem<LswBoundary<double>>& pb = c.problem;
  pb.var_names = {"eta", "hu", "hv"};
  pb.mesh_data = [depth](MeshArrays& a) { depth->fill(a); };
  if (geo.on) pb.area = [geo](double, double lat) { return geo_area_element(geo, lat); };
  read_initial(cfg, c.phys, *depth, bathy, area, pb);
  if (const std::optional<SeafloorSource> quake = read_seafloor_source(cfg)) {
    if (pb.exact)
      cfg.error("source", "the standing wave is an exact solution without a source; remove "
                          "[source] or use initial.type = \"expression\"");
    // The sea floor and the water column rise together: the surface perturbation takes the
    // uplift, the still depth stays.
    auto src = std::make_shared<const SeafloorSource>(*quake);
    auto at0 = std::make_shared<const SeafloorSource>(src->until(0));
    pb.initial = [before = pb.initial, at0](double x, double y, double* u) {
      before(x, y, u);
      u[0] += at0->uplift(x, y);
    };
    spdlog::info("earthquake source: {}", src->description);
    if (!src->later_times().empty()) {
      // Subfaults that slip later lift the surface then (by their projected uplift).
      pb.event_times = src->later_times();
      pb.event_label = "subfaults slipped (rupture times): the surface moved";
      pb.data_at = [depth](double, MeshArrays& a) { depth->fill(a); }; // the depth stays
      const int p = s.order;
      pb.state_event = [&mesh, p, src](double t, std::vector<double>& state) {
        // The subfaults of this event: those that slipped after the one before.
        double before = 0;
        for (const double te : src->later_times())
          if (te < t) before = te;
        const SeafloorSource now = src->slipped_between(before, t);
        const std::vector<double> up =
            project(mesh, p, 1, [&now](double x, double y, double* u) { u[0] = now.uplift(x, y); });
        for (std::size_t i = 0; i < up.size(); ++i) state[i] += up[i]; // eta's rows come first
      };
    }
  }

  read_lsw_boundaries(cfg, mesh, s.order, pb);
  if (cfg.has("gauges")) {
    // The linear model never floods land: run-up has no meaning in it.
    for (const char* k : {"gauges.runup", "gauges.survey"})
      if (cfg.has(k))
        cfg.error(k, "linear shallow water has no run-up (no wetting and drying); use "
                     "physics.type = \"shallow_water\"");
    const GaugeSettings gs = read_gauge_settings(cfg.table("gauges"), cfg);
    pb.observer = std::make_shared<GaugeObserver>(gs, mesh, std::make_shared<LswGaugeModel>(depth),
                                                  s.output_dir);
  }
  return c;
}

} // namespace tridg
