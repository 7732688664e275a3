#pragma once
// The settings of the implicit schemes (the case file's [implicit] table, README "Implicit and
// steady solving").
#include <string>

namespace tridg {

// steady_rk: explicit SSP-RK2 in pseudo-time with each element's own CFL step, the baseline the
// Newton steady solve is measured against (it needs no Jacobian and no linear solve).
enum class ImplicitScheme { none, bdf2, esdirk3, steady, steady_rk };

// Whether the scheme iterates to a steady state (ends at implicit.steady_tol, not at a time).
inline bool is_steady(ImplicitScheme s) {
  return s == ImplicitScheme::steady || s == ImplicitScheme::steady_rk;
}

// The case file's names of the implicit schemes (time.scheme); none for any other name.
inline ImplicitScheme implicit_scheme_of(const std::string& name) {
  return name == "bdf2"        ? ImplicitScheme::bdf2
         : name == "esdirk3"   ? ImplicitScheme::esdirk3
         : name == "steady"    ? ImplicitScheme::steady
         : name == "steady_rk" ? ImplicitScheme::steady_rk
                               : ImplicitScheme::none;
}
inline const char* implicit_scheme_name(ImplicitScheme s) {
  switch (s) {
  case ImplicitScheme::bdf2:
    return "bdf2";
  case ImplicitScheme::esdirk3:
    return "esdirk3";
  case ImplicitScheme::steady:
    return "steady";
  case ImplicitScheme::steady_rk:
    return "steady_rk";
  default:
    return "none";
  }
}

struct ImplicitParams {
  ImplicitScheme scheme = ImplicitScheme::none;
  // Newton: stop when the update's RMS is below newton_tol times the state's RMS.
  double newton_tol = 1e-8;
  int newton_max = 20;
  // GMRES: relative residual of each linear solve, restart length, products per solve.
  double gmres_tol = 1e-4;
  int gmres_restart = 40;
  int gmres_max = 400;
  std::string preconditioner = "block_jacobi"; // block_jacobi, block_ilu0, p_multigrid, none
  // p_multigrid: each level's smoother (block_ilu0, block_jacobi, multicolor_gs, vertex_patch) and
  // its sweeps on the cell means, the coarsest level.
  std::string smoother = "block_ilu0";
  int mg_coarse_sweeps = 2;
  // p_multigrid: levels of agglomerated elements below the cell means (the coarsest level is then
  // the last of them).
  bool mg_agglomerate = false;
  std::string jacobian = "assembled"; // assembled, matrix_free
  // Whether the case file set implicit.preconditioner, implicit.smoother and
  // implicit.mg_coarse_sweeps (a GPU solve has defaults of its own).
  bool preconditioner_given = false, smoother_given = false, sweeps_given = false;
  // Time steps: the Jacobian and its preconditioner are rebuilt every rebuild_every Newton
  // iterations of a step (1: every iteration, exact Newton; more: a chord iteration in between).
  int rebuild_every = 1;
  // Steady: stop at an RMS of du/dt below steady_tol; the pseudo-time CFL starts at cfl_start
  // and grows as the residual falls, CFL = cfl_start (r0 / r)^cfl_growth, up to cfl_max.
  double steady_tol = 1e-10;
  double cfl_start = 10;
  double cfl_max = 1e8;
  double cfl_growth = 1.0;
  // ESDIRK3: steps chosen from the embedded error estimate when error_tol > 0 (RMS of the
  // difference of the two solutions, relative to the state's RMS).
  double error_tol = 0;
};

} // namespace tridg
