#include "physics/shallow_water/case.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cmath>
#include <filesystem>

#include "io/expression.hpp"
#include "io/threaded_expression.hpp"
#include "io/time_series.hpp"
#include "physics/shallow_water/boundaries.hpp"
#include "physics/shallow_water/exact.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "solver/boundary_setup.hpp"
#include "solver/setup_timer.hpp"
#include "solver/time_schemes.hpp"
#include "tsunami/gauges.hpp"
#include "tsunami/initial_surface.hpp"
#include "tsunami/region_mesh.hpp"
#include "tsunami/source.hpp"

namespace tridg {

namespace {

namespace fs = std::filesystem;

// A function of (x, y) from an expression key of `t` (default `def`); thread-safe.
std::function<double(double, double)> xy_function(const Config& t, const std::string& key,
                                                  const std::string& def, const Config& root) {
  Expression ex(t.get_expression(key, def), std::vector<std::string>{"x", "y"}, t.where(key),
                case_constants(root));
  // A constant (the usual velocity "0") is evaluated once: the initial state asks for it at
  // every point of every element.
  if (ex.is_constant()) {
    const double xy[2] = {0, 0}, c = ex.eval(xy);
    return [c](double, double) { return c; };
  }
  auto e = std::make_shared<const ThreadedExpression>(ex);
  return [e](double x, double y) {
    const double xy[2] = {x, y};
    return e->eval(xy);
  };
}

struct Initial {
  SwInitial fields;
  SpaceTimeFunction exact;
  std::shared_ptr<Thacker> thacker; // when the case is Thacker's bowl (it defines the bed)
};

Initial read_initial(const Config& cfg, double g, const GridArea& area) {
  const Config ic = cfg.table("initial");
  const std::string type = ic.get_choice("type", {"level", "depth", "dam_break", "thacker"});
  Initial out;
  if (type == "level" || type == "depth") {
    out.fields.level = type == "level";
    std::optional<InitialSurface> surface;
    if (out.fields.level) surface = read_initial_surface(ic, cfg, area);
    out.fields.eta_or_h = surface            ? surface->eta
                          : out.fields.level ? xy_function(ic, "eta", "0", cfg)
                                             : xy_function(ic, "h", "0", cfg);
    out.fields.u = xy_function(ic, "u", "0", cfg);
    out.fields.v = xy_function(ic, "v", "0", cfg);
  } else if (type == "dam_break") {
    DamBreak d;
    d.g = g;
    d.x0 = ic.get_double_in("x0", Config::Interval::closed(-1e300, 1e300)); // finite
    d.h_left = ic.get_double_in("h_left", 0, 1e300);
    d.h_right = ic.get_double_in("h_right", Config::Interval::closed(0, d.h_left));
    out.fields.level = false;
    out.fields.eta_or_h = [d](double x, double) { return x < d.x0 ? d.h_left : d.h_right; };
    out.fields.u = out.fields.v = [](double, double) { return 0.0; };
    out.exact = [d](double x, double, double t, double* u) {
      const auto hv = d.at(x, t);
      u[0] = hv[0];
      u[1] = hv[0] * hv[1];
      u[2] = 0;
    };
  } else { // thacker
    auto th = std::make_shared<Thacker>();
    th->g = g;
    th->h0 = ic.get_double_in("h0", 0, 1e300);
    th->a = ic.get_double_in("a", 0, 1e300);
    th->eta = ic.get_double_in("eta", Config::Interval::closed_open(0, th->a));
    const auto c = ic.get_doubles("center", {0.0, 0.0});
    if (c.size() != 2) ic.error("center", "needs two numbers [x, y]");
    th->xc = c[0];
    th->yc = c[1];
    out.thacker = th;
    out.fields.level = true;
    // The planar surface at t = 0 (also over the dry bed, where the depth clips it).
    out.fields.eta_or_h = [th](double x, double) {
      return th->eta * th->h0 / (th->a * th->a) * (2 * (x - th->xc) - th->eta);
    };
    out.fields.u = [](double, double) { return 0.0; };
    out.fields.v = [th](double, double) { return th->eta * th->omega(); };
    out.exact = [th](double x, double y, double t, double* u) {
      const auto s = th->at(x, y, t);
      u[0] = s[0];
      u[1] = s[0] * s[1];
      u[2] = s[0] * s[2];
    };
  }
  return out;
}

Bathymetry read_bathymetry(const Config& cfg, const Initial& ini, const GridArea& area) {
  if (ini.thacker) {
    if (cfg.has("bathymetry"))
      cfg.error("bathymetry", "initial.type = \"thacker\" defines its own paraboloid bed; remove "
                              "[bathymetry]");
    auto th = ini.thacker;
    return Bathymetry::from_function([th](double x, double y) { return th->bed(x, y); },
                                     "Thacker's paraboloid");
  }
  if (!cfg.has("bathymetry")) return Bathymetry(0.0);
  return Bathymetry::read(cfg.table("bathymetry"), cfg, area);
}

// The bed `before` moved by the subfaults of `quake` that have slipped by time t.
Bathymetry moved_bed(const Bathymetry& before, const SeafloorSource& quake, double t) {
  auto now = std::make_shared<const SeafloorSource>(quake.until(t));
  return Bathymetry::from_function(
      [before, now](double x, double y) { return before(x, y) + now->uplift(x, y); },
      before.description() + ", moved by the earthquake source (" + now->description +
          (quake.timed ? ", subfaults slipped by t = " + fmt::format("{}", t) : std::string()) +
          ")",
      before.thread_safe()); // Okada's formulas keep no state
}

// Depth positivity of the explicit schemes: the positivity limiter, the time-step bound behind
// it, and friction capped so that a step can at most stop the flow.
void finish_explicit_settings(const Config& cfg, RunSettings& s, SwSettings<double>& phys) {
  const int p = s.order;
  if (cfg.has("limiter.positivity") && !s.limiter.positivity)
    cfg.error("limiter.positivity", "shallow water needs the positivity limiter (wetting and "
                                    "drying); remove the key or set it to true");
  s.limiter.positivity = true;
  const double cfl_max = sw_positivity_cfl(p);
  if (!cfg.has("time.cfl")) {
    s.cfl = std::min(0.9, 0.9 * cfl_max);
  } else if (s.cfl > cfl_max && s.dt <= 0) {
    spdlog::warn("{}: time.cfl = {} is above {:.3f}, the bound that keeps depths >= 0 at p = {}",
                 cfg.source(), s.cfl, cfl_max, p);
  }
  if (s.scheme == "rk4")
    spdlog::warn("{}: rk4 is not strong-stability preserving: depth positivity is not guaranteed "
                 "(use ssprk2, ssprk3, lsssprk42 or lsssprk92)",
                 cfg.source());
  const double cfl_factor = s.cfl * scheme_step_factor(s.scheme) / (2 * p + 1);
  phys.friction_cap = 1.0 / cfl_factor;
}

} // namespace

SwSettings<double> read_sw_physics(const Config& cfg) {
  SwSettings<double> ph;
  ph.g = cfg.get_double_in("physics.g", 0, 1e300, 9.81);
  ph.dry_depth = cfg.get_double_in("physics.dry_depth", 0, 1e300, 1e-4);
  ph.manning = cfg.get_double_in("physics.manning", Config::Interval::closed(0, 1), 0.0);
  return ph;
}

SwCase make_sw_case(const Config& cfg, const RunSettings& s0, const Mesh& mesh) {
  SwCase c;
  c.settings = s0;
  RunSettings& s = c.settings;
  c.phys = read_sw_physics(cfg);
  const int p = s.order;

  if (s.implicit.scheme != ImplicitScheme::none) {
    // The implicit schemes run without a limiter: Newton keeps every cell's mean depth positive
    // (it halves an update that would not), and friction acts with its full rate, however stiff.
    if (s.limiter.positivity && cfg.has("limiter.positivity"))
      cfg.error("limiter.positivity", "the implicit schemes run without the positivity limiter; "
                                      "remove the key (they keep each cell's mean depth positive "
                                      "themselves, for water that does not dry)");
    s.limiter.positivity = false;
  } else {
    finish_explicit_settings(cfg, s, c.phys);
  }

  const Geographic geo = read_geographic(cfg);
  c.phys.geographic = geo.on;
  // The case may carry the [region] its mesh was made from (tridg region): checked, not used.
  if (cfg.has("region")) read_region(cfg);
  if (geo.on) {
    c.phys.wy = 1 / geo.metres_per_degree();
    check_geographic_mesh(cfg, mesh);
    if (cfg.has("physics.coriolis"))
      cfg.error("physics.coriolis", "on a geographic mesh the Coriolis parameter comes from the "
                                    "latitude (physics.earth_rotation = 0 turns it off)");
  }
  Coriolis cor;
  if (cfg.has("physics.coriolis")) {
    const Config t = cfg.table("physics.coriolis");
    cor.f0 = t.get_double("f0", 0.0);
    cor.beta = t.get_double("beta", 0.0);
    cor.y0 = t.get_double("y0", 0.0);
  }
  c.phys.coriolis = geo.on ? geo.rotation != 0 : cor.on();

  const GridArea area = mesh_grid_area(mesh, geo.on);
  const Initial ini = read_initial(cfg, c.phys.g, area);
  Bathymetry bathy = read_bathymetry(cfg, ini, area);
  SwInitial fields = ini.fields;
  // The bed before the earthquake, and the source (its subfaults slip at t = 0, or at their
  // rupture times: then the later ones move the bed during the run).
  const Bathymetry before = bathy;
  std::shared_ptr<const SeafloorSource> quake;
  if (std::optional<SeafloorSource> q = read_seafloor_source(cfg)) {
    if (ini.thacker)
      cfg.error("source", "initial.type = \"thacker\" defines its own bed; remove [source]");
    quake = std::make_shared<const SeafloorSource>(std::move(*q));
    // The bed and the water column rise together: the surface moves, the depth does not.
    bathy = moved_bed(before, *quake, 0);
    if (fields.level) {
      auto now = std::make_shared<const SeafloorSource>(quake->until(0));
      fields.level_offset = [now](double x, double y) { return now->uplift(x, y); };
    }
  }
  spdlog::info("bathymetry: {}", bathy.description());
  SetupTimer timer;
  auto bed = std::make_shared<const SwBed>(mesh, p, bathy, c.phys.g, cor, geo);
  timer.done("bed projected");
  c.bed = bed;
  c.bed_ref = std::make_shared<SwBedRef>(SwBedRef{bed});

  Problem<SwBoundary<double>>& pb = c.problem;
  pb.var_names = {"h", "hu", "hv"};
  pb.exact = ini.exact;
  pb.mesh_data = [bed](MeshArrays& a) { bed->fill(a); };
  if (geo.on) pb.area = [geo](double, double lat) { return geo_area_element(geo, lat); };
  pb.initial_coeffs = [&mesh, bed, fields]() { return sw_initial_state(mesh, *bed, fields); };
  // Used only by a restart's consistency checks and by tools that want a point function.
  pb.initial = [fields, bathy](double x, double y, double* u) {
    const double h =
        fields.level ? std::max(0.0, fields.level_at(x, y) - bathy(x, y)) : fields.eta_or_h(x, y);
    u[0] = h;
    u[1] = h * fields.u(x, y);
    u[2] = h * fields.v(x, y);
  };

  read_sw_boundaries(cfg, mesh, p, pb);

  std::shared_ptr<SwGaugeModel> gauges;
  if (cfg.has("gauges")) {
    const GaugeSettings gs = read_gauge_settings(cfg.table("gauges"), cfg);
    gauges = std::make_shared<SwGaugeModel>(bed, c.phys);
    pb.observer = std::make_shared<GaugeObserver>(gs, mesh, gauges, s.output_dir);
  }

  if (quake && !quake->later_times().empty()) {
    // Subfaults that slip later move the bed then; the depth stays (the water column rises
    // with the sea floor), so the state does not change.
    pb.event_times = quake->later_times();
    pb.event_label = "subfaults slipped (rupture times): the bed moved";
    const double g = c.phys.g;
    pb.data_at = [&mesh, p, before, quake, g, cor, geo, ref = c.bed_ref, gauges](double t,
                                                                                 MeshArrays& a) {
      auto now = std::make_shared<const SwBed>(mesh, p, moved_bed(before, *quake, t), g, cor, geo);
      now->fill(a);
      ref->bed = now;
      if (gauges) gauges->set_bed(now);
    };
  }
  return c;
}

} // namespace tridg
