#include "solver/run_settings.hpp"

#include <filesystem>
#include <limits>

#include "solver/basis.hpp"
#include "solver/time_schemes.hpp"

namespace tridg {

RunSettings read_run_settings(const Config& cfg, const RunOptions& opt) {
  namespace fs = std::filesystem;
  RunSettings s;
  const double inf = std::numeric_limits<double>::infinity();
  s.physics = cfg.get_choice("physics.type", {"euler", "shallow_water"}, "euler");
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
  s.cfl = cfg.get_double_in("time.cfl", 0, 10, 0.9);
  s.steps = cfg.get_int_in("time.steps", 0, std::numeric_limits<int>::max(), 0);
  s.dt = cfg.get_double_in("time.dt", Config::Interval::closed_open(0, inf), 0.0);
  s.t_end = cfg.get_double_in("time.end", Config::Interval::closed_open(0, inf), 0.0);
  if (s.steps == 0 && s.t_end <= 0) cfg.error("time.end", "give time.end > 0 or time.steps > 0");
  const std::string lim = cfg.get_choice("limiter.type", {"none", "barth_jespersen"}, "none");
  s.limiter.barth_jespersen = lim == "barth_jespersen";
  s.limiter.positivity = cfg.get_bool("limiter.positivity", s.limiter.barth_jespersen);
  s.limiter.tvb_m = cfg.get_double_in("limiter.tvb_m", Config::Interval::closed_open(0, inf), 0.0);
  s.limiter.floor = cfg.get_double_in("limiter.floor", 0, 1, 1e-10);
  const std::string case_out =
      cfg.get_string("output.dir", "out/" + fs::path(cfg.source()).stem().string());
  const fs::path out = opt.output_dir.empty() ? fs::path(case_out) : fs::path(opt.output_dir);
  s.output_dir = out.string();
  s.output_interval =
      cfg.get_double_in("output.interval", Config::Interval::closed_open(0, inf), 0.0);
  s.write_hdf5 = cfg.get_bool("output.hdf5", true);
  s.write_gmsh = cfg.get_bool("output.gmsh", true);
  s.progress_seconds = cfg.get_double_in("output.progress_seconds", 0, 3600, 2.0);
  s.device = opt.device;
  s.single_precision = opt.precision == "single";
  return s;
}

} // namespace tridg
