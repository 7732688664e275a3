#include "solver/implicit_settings.hpp"

#include <limits>

#include "io/error.hpp"

namespace tridg {

ImplicitParams read_implicit_params(const Config& cfg, const std::string& scheme) {
  ImplicitParams p;
  p.scheme = implicit_scheme_of(scheme);
  if (p.scheme == ImplicitScheme::none) {
    if (cfg.has("implicit"))
      cfg.error("implicit", "is for the implicit and steady schemes (time.scheme = \"bdf2\", "
                            "\"esdirk3\", \"steady\" or \"steady_rk\"); time.scheme is \"" +
                                scheme + "\"");
    return p;
  }
  using I = Config::Interval;
  const double inf = std::numeric_limits<double>::infinity();
  p.newton_tol = cfg.get_double_in("implicit.newton_tol", I::closed(1e-15, 1), p.newton_tol);
  p.newton_max = cfg.get_int_in("implicit.newton_max", 1, 1000, p.newton_max);
  p.gmres_tol = cfg.get_double_in("implicit.gmres_tol", I::closed(1e-15, 1), p.gmres_tol);
  p.gmres_restart = cfg.get_int_in("implicit.gmres_restart", 1, 1000, p.gmres_restart);
  p.gmres_max = cfg.get_int_in("implicit.gmres_max", 1, 1000000, p.gmres_max);
  // Steady solves reach large pseudo-steps, where the coupling between elements dominates and
  // block Jacobi leaves GMRES hundreds of iterations per solve (bench/NOTES.md).
  const std::string pc = p.scheme == ImplicitScheme::steady ? "block_ilu0" : "block_jacobi";
  p.preconditioner = cfg.get_choice("implicit.preconditioner",
                                    {"block_jacobi", "block_ilu0", "p_multigrid", "none"}, pc);
  p.smoother =
      cfg.get_choice("implicit.smoother",
                     {"block_ilu0", "block_jacobi", "vertex_patch", "multicolor_gs"}, p.smoother);
  p.preconditioner_given = cfg.has("implicit.preconditioner");
  p.smoother_given = cfg.has("implicit.smoother");
  p.sweeps_given = cfg.has("implicit.mg_coarse_sweeps");
  p.mg_coarse_sweeps = cfg.get_int_in("implicit.mg_coarse_sweeps", 1, 100, p.mg_coarse_sweeps);
  p.mg_agglomerate = cfg.get_bool("implicit.mg_agglomerate", p.mg_agglomerate);
  if (p.preconditioner != "p_multigrid")
    for (const char* key :
         {"implicit.smoother", "implicit.mg_coarse_sweeps", "implicit.mg_agglomerate"})
      if (cfg.has(key)) cfg.error(key, "is a setting of implicit.preconditioner = \"p_multigrid\"");
  p.jacobian = cfg.get_choice("implicit.jacobian", {"assembled", "matrix_free"}, p.jacobian);
  p.rebuild_every = cfg.get_int_in("implicit.rebuild_every", 1, 1000, p.rebuild_every);
  if (p.scheme == ImplicitScheme::steady && cfg.has("implicit.rebuild_every"))
    cfg.error("implicit.rebuild_every", "is for the time schemes (a steady solve takes one Newton "
                                        "step per pseudo-step, each with its own Jacobian)");
  p.steady_tol = cfg.get_double_in("implicit.steady_tol", I::closed(1e-300, inf), p.steady_tol);
  p.cfl_start = cfg.get_double_in("implicit.cfl_start", I::closed(1e-6, 1e12), p.cfl_start);
  p.cfl_max = cfg.get_double_in("implicit.cfl_max", I::closed(1e-6, 1e300), p.cfl_max);
  p.cfl_growth = cfg.get_double_in("implicit.cfl_growth", I::closed(0, 10), p.cfl_growth);
  p.error_tol = cfg.get_double_in("implicit.error_tol", I::closed(0, 1), p.error_tol);
  if (p.error_tol > 0 && p.scheme != ImplicitScheme::esdirk3)
    cfg.error("implicit.error_tol", "adaptive steps are ESDIRK3's (time.scheme = \"esdirk3\")");
  if (p.cfl_max < p.cfl_start) cfg.error("implicit.cfl_max", "is below implicit.cfl_start");
  // Explicit pseudo-time steps solve nothing: of the table only the tolerance applies.
  if (p.scheme == ImplicitScheme::steady_rk)
    for (const char* key :
         {"implicit.newton_tol", "implicit.newton_max", "implicit.gmres_tol",
          "implicit.gmres_restart", "implicit.gmres_max", "implicit.preconditioner",
          "implicit.jacobian", "implicit.cfl_start", "implicit.cfl_max", "implicit.cfl_growth"})
      if (cfg.has(key))
        cfg.error(key, "is not a setting of time.scheme = \"steady_rk\" (explicit pseudo-time "
                       "steps: only implicit.steady_tol and time.cfl apply)");
  return p;
}

ImplicitParams device_implicit_params(ImplicitParams p) {
  if (p.scheme == ImplicitScheme::steady_rk)
    fail(ExitCode::bad_case, "time.scheme = \"steady_rk\" runs on the CPU (--device cpu); the "
                             "GPU runs the Newton schemes (bdf2, esdirk3, steady)");
  // Block ILU(0)'s sweeps are sequential in element order: the GPU's steady default is the
  // p-multigrid, whose smoothers work on independent element blocks (block Jacobi) or on
  // independent blocks colour by colour.
  if (!p.preconditioner_given && p.preconditioner == "block_ilu0") p.preconditioner = "p_multigrid";
  // Its smoother: block Gauss-Seidel in colours, each colour one launch; on the steady bump at
  // p = 2 it took 2.5x fewer GMRES iterations than block Jacobi and 1.47x less time on 80k
  // elements (H100, bench/NOTES.md).
  if (p.preconditioner == "p_multigrid" && !p.smoother_given) p.smoother = "multicolor_gs";
  // Block Jacobi sweeps on the cell means are a small part of a V-cycle's cost (4 x 4 blocks)
  // and the only long-range coupling it has: 20 instead of 2 took the steady bump at p = 2 on
  // 80k elements from 57 pseudo-steps and 27,057 GMRES iterations to 17 and 3,914 (H100, 88 s
  // to 16 s; bench/NOTES.md).
  if (p.preconditioner == "p_multigrid" && !p.sweeps_given) p.mg_coarse_sweeps = 20;
  auto refuse = [](const std::string& key, const std::string& value) {
    fail(ExitCode::bad_case, "implicit." + key + " = \"" + value +
                                 "\" runs on the CPU only (--device cpu); on the GPU use "
                                 "block_jacobi, p_multigrid (with implicit.smoother = "
                                 "\"block_jacobi\" or \"multicolor_gs\") or none");
  };
  if (p.preconditioner == "block_ilu0") refuse("preconditioner", p.preconditioner);
  if (p.preconditioner == "p_multigrid" && p.smoother != "block_jacobi" &&
      p.smoother != "multicolor_gs")
    refuse("smoother", p.smoother);
  if (p.jacobian == "matrix_free")
    fail(ExitCode::bad_case, "implicit.jacobian = \"matrix_free\" runs on the CPU only "
                             "(--device cpu); the GPU assembles the Jacobian");
  return p;
}

} // namespace tridg
