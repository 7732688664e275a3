#include "solver/run_settings.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "core/basis.hpp"
#include "io/h5_util.hpp"
#include "physics/registry.hpp"
#include "solver/implicit_settings.hpp"
#include "solver/time_schemes.hpp"

namespace tridg {

namespace {

std::string g_text(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

// time.lts_*: local time stepping (backends/lts/lts_scheme.md), for the SSP schemes of fixed
// stages, stepped from the stability limit.
void read_lts(const Config& cfg, RunSettings& s) {
  s.lts.max_levels = cfg.get_int_in("time.lts_levels", 0, kLtsMaxLevels, 0);
  s.lts.min_speed = cfg.get_double_in("time.lts_min_speed", Config::Interval::closed(0, 1e6), 0.0);
  s.lts.headroom = cfg.get_double_in("time.lts_headroom", Config::Interval::closed(1, 100), 1.25);
  if (s.lts.max_levels == 0) return;
  const std::vector<std::string> ok = {"ssprk2", "ssprk3", "lsssprk42", "lsssprk92"};
  if (std::find(ok.begin(), ok.end(), s.scheme) == ok.end())
    cfg.error("time.lts_levels", "local time stepping takes time.scheme ssprk2, ssprk3, "
                                 "lsssprk42 or lsssprk92, not " +
                                     s.scheme);
  if (s.dt > 0)
    cfg.error("time.lts_levels", "local time stepping takes each element's step from its own "
                                 "stability limit: leave time.dt out");
}

} // namespace

RunSettings read_run_settings(const Config& cfg, const RunOptions& opt) {
  namespace fs = std::filesystem;
  RunSettings s;
  const double inf = std::numeric_limits<double>::infinity();
  s.physics = cfg.get_choice("physics.type", physics_names(), "euler");
  const fs::path case_dir = fs::path(cfg.source()).parent_path();
  // Mesh paths in a case file are relative to the case file.
  const fs::path m = cfg.get_string("mesh.file");
  if (m.empty() && opt.mesh_path.empty()) cfg.error("mesh.file", "the mesh file name is empty");
  s.mesh_path = !opt.mesh_path.empty() ? opt.mesh_path
                : m.is_absolute()      ? m.string()
                                       : (case_dir / m).lexically_normal().string();
  s.mesh_size = cfg.get_double_in("mesh.size", 0, 1e6, 1.0);
  const int case_refine = cfg.get_int_in("mesh.refine", 0, 8, 0);
  s.refine = opt.refine >= 0 ? opt.refine : case_refine;
  const int case_order = cfg.get_int_in("discretization.order", 0, max_order, 1);
  s.order = opt.order >= 0 ? opt.order : case_order;
  if (s.order > max_order)
    cfg.error("discretization.order", "p = " + std::to_string(s.order) +
                                          " is above the supported " + std::to_string(max_order));
  s.scheme = cfg.get_choice("time.scheme", scheme_names(), "ssprk2");
  s.implicit = read_implicit_params(cfg, s.scheme);
  const bool implicit =
      s.implicit.scheme != ImplicitScheme::none && s.implicit.scheme != ImplicitScheme::steady_rk;
  // A CFL number below 1e-6 (a denormal, say) would only make the run endless; implicit steps
  // are not bound by stability, only by accuracy.
  s.cfl = cfg.get_double_in("time.cfl", Config::Interval::closed(1e-6, implicit ? 1e6 : 10), 0.9);
  s.steps = cfg.get_int_in("time.steps", 0, std::numeric_limits<int>::max(), 0);
  // A steady solve ends at its residual tolerance; time.steps bounds its iterations.
  if (s.implicit.scheme == ImplicitScheme::steady && s.steps == 0) s.steps = 2000;
  if (s.implicit.scheme == ImplicitScheme::steady_rk && s.steps == 0) s.steps = 1000000;
  s.max_steps = std::int64_t(
      cfg.get_double_in("time.max_steps", Config::Interval::closed(1, 1e15), double(s.max_steps)));
  if (s.steps > s.max_steps)
    cfg.error("time.steps", std::to_string(s.steps) + " steps is above time.max_steps = " +
                                std::to_string(s.max_steps) + " (raise time.max_steps to run it)");
  s.dt = cfg.get_double_in("time.dt", Config::Interval::closed_open(0, inf), 0.0);
  s.t_end = cfg.get_double_in("time.end", Config::Interval::closed_open(0, inf), 0.0);
  if (s.steps == 0 && s.t_end <= 0) cfg.error("time.end", "give time.end > 0 or time.steps > 0");
  if (s.steps == 0 && s.dt > 0 && s.t_end / s.dt > double(s.max_steps))
    cfg.error("time.dt", g_text(s.dt) + " would take about " + g_text(s.t_end / s.dt) +
                             " steps to time.end = " + g_text(s.t_end) +
                             ", above time.max_steps = " + std::to_string(s.max_steps) +
                             " (raise time.max_steps to run it)");
  read_lts(cfg, s);
  const std::string lim = cfg.get_choice("limiter.type", {"none", "barth_jespersen"}, "none");
  s.limiter.barth_jespersen = lim == "barth_jespersen";
  s.limiter.positivity = cfg.get_bool("limiter.positivity", s.limiter.barth_jespersen);
  s.limiter.tvb_m = cfg.get_double_in("limiter.tvb_m", Config::Interval::closed_open(0, inf), 0.0);
  s.limiter.floor = cfg.get_double_in("limiter.floor", 0, 1, 1e-10);
  const std::string case_out =
      cfg.get_string("output.dir", "out/" + fs::path(cfg.source()).stem().string());
  if (case_out.empty()) cfg.error("output.dir", "is empty (give a folder, \".\" for this one)");
  const fs::path out = opt.output_dir.empty() ? fs::path(case_out) : fs::path(opt.output_dir);
  s.output_dir = out.string();
  s.output_interval =
      cfg.get_double_in("output.interval", Config::Interval::closed_open(0, inf), 0.0);
  s.max_outputs = std::int64_t(cfg.get_double_in(
      "output.max_outputs", Config::Interval::closed(1, 1e8), double(s.max_outputs)));
  if (s.output_interval > 0 && s.steps == 0 &&
      s.t_end / s.output_interval > double(s.max_outputs) + 1e-9)
    cfg.error("output.interval", g_text(s.output_interval) + " would write about " +
                                     g_text(s.t_end / s.output_interval) +
                                     " snapshots up to time.end, above output.max_outputs = " +
                                     std::to_string(s.max_outputs) +
                                     " (raise output.max_outputs to write them)");
  s.write_hdf5 = cfg.get_bool("output.hdf5", true);
  s.write_gmsh = cfg.get_bool("output.gmsh", true);
  s.parallel_hdf5 = cfg.get_bool("output.parallel_hdf5", h5::File::parallel_available());
  if (s.parallel_hdf5 && !h5::File::parallel_available())
    cfg.error("output.parallel_hdf5", "this build's HDF5 is serial (build with a parallel HDF5, "
                                      "such as Debian's libhdf5-openmpi-dev, to use it)");
  s.progress_seconds = cfg.get_double_in("output.progress_seconds", 0, 3600, 2.0);
  s.device = opt.device;
  s.single_precision = opt.precision == "single";
  s.visit_seed = opt.visit_seed;
  s.limit_in_stage = opt.limit_in_stage;
  s.overlap_launches = opt.overlap_launches;
  return s;
}

} // namespace tridg
