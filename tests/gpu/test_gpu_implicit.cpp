// The implicit schemes with their linear solves on the GPU (--device cuda) against the host's:
// the same steady states and time steps, GMRES iterations within the rounding of the two
// orthogonalisations, shallow water's thin-water cases and linearised shallow water's standing
// wave with their Jacobians assembled on the device, the same bits from run to run, and the
// settings the GPU does not have refused by name.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "../compiled_orders.hpp"
#include "../solver_stat.hpp"
#include "../sw_implicit_cases.hpp"
#include "../test_support.hpp"
#include "core/cell_mean.hpp"
#include "gpu_test_util.hpp"
#include "io/error.hpp"

using namespace tridg;
using namespace tridg::gpu_test;
using tridg::test::stat;

namespace {

RunResult ringleb(const std::string& device, int p, std::vector<std::string> sets) {
  return run_on(device, "cases/ringleb.toml", "meshes/prepared/ringleb.h5", p, 1, sets);
}

// A steady solve on the GPU against the host's: converged, the same pseudo-steps, states within
// the residual's reach, GMRES iterations within rounding.
void agree(const RunResult& gpu, const RunResult& cpu, const std::string& what) {
  INFO(what);
  CHECK(stat(gpu, "residual") <= 1e-10);
  CHECK(gpu.steps == cpu.steps);
  // Both states solve the discrete equations to a residual of 1e-10 (the Jacobian's condition
  // number times that bounds their difference; measured: 1e-12 or less).
  const double d = max_rel_diff(gpu.final_state, cpu.final_state);
  CHECK(d < 1e-8);
  // The orthogonalisations differ (classical Gram-Schmidt twice on the GPU, modified on the
  // host), the host solves each diagonal block by LU where the GPU multiplies by its inverse, and
  // the GPU's colour sweeps read the blocks in single precision: the preconditioners differ by
  // rounding only, so the iteration counts may differ by a few.
  const double gc = stat(cpu, "gmres_iterations"), gg = stat(gpu, "gmres_iterations");
  CHECK(std::abs(gg - gc) <= 0.05 * gc + 2);
  MESSAGE(what << ": " << gpu.steps << " pseudo-steps, GMRES " << gg << " (GPU) / " << gc
               << " (host), states differ by " << d);
}

} // namespace

TEST_CASE("steady Ringleb on the GPU: the host's state, pseudo-steps and GMRES iterations") {
  for (const int p : {1, 2, 3}) {
    if (!tridg_test::order_compiled(p)) continue;
    for (const std::string pc : {"block_jacobi", "p_multigrid"}) {
      // Block Jacobi alone stalls GMRES(40) at p >= 2 once the pseudo-step is large (on the
      // host as well: bench/NOTES.md).
      if (pc == "block_jacobi" && p > 1) continue;
      std::vector<std::string> sets = {"implicit.preconditioner=\"" + pc + "\""};
      // Block Jacobi smoothing with the GPU's 20 sweeps on the cell means, on both.
      if (pc == "p_multigrid") {
        sets.push_back("implicit.smoother=\"block_jacobi\"");
        sets.push_back("implicit.mg_coarse_sweeps=20");
      }
      const RunResult cpu = ringleb("cpu", p, sets);
      const RunResult gpu = ringleb("cuda", p, sets);
      agree(gpu, cpu, "Ringleb p = " + std::to_string(p) + ", " + pc);
    }
  }
}

TEST_CASE("agglomerated levels and colour sweeps on the GPU: the host's state and iterations") {
  for (const std::string smoother : {"block_jacobi", "multicolor_gs"}) {
    const std::vector<std::string> sets = {
        "implicit.preconditioner=\"p_multigrid\"", "implicit.smoother=\"" + smoother + "\"",
        "implicit.mg_coarse_sweeps=20", "implicit.mg_agglomerate=true"};
    // 1,249 elements: agglomerated levels down to 64 groups or fewer.
    const RunResult cpu = run_on("cpu", "cases/bump.toml", "meshes/prepared/bump.h5", 1, 0, sets);
    const RunResult gpu = run_on("cuda", "cases/bump.toml", "meshes/prepared/bump.h5", 1, 0, sets);
    agree(gpu, cpu, "bump p = 1, agglomerated, " + smoother);
  }
}

TEST_CASE("BDF2 and ESDIRK3 on the GPU take the host's steps to the Newton tolerance") {
  for (const std::string scheme : {"bdf2", "esdirk3"}) {
    const std::vector<std::string> sets = {"time.scheme=\"" + scheme + "\"", "time.dt=0.5",
                                           "time.end=2", "implicit.newton_tol=1e-12",
                                           "implicit.gmres_tol=1e-10"};
    const RunResult cpu = run_on("cpu", "cases/isentropic_vortex.toml",
                                 "meshes/prepared/isentropic_vortex.h5", 2, 0, sets);
    const RunResult gpu = run_on("cuda", "cases/isentropic_vortex.toml",
                                 "meshes/prepared/isentropic_vortex.h5", 2, 0, sets);
    CAPTURE(scheme);
    CHECK(gpu.steps == cpu.steps);
    CHECK(stat(gpu, "newton_iterations") == stat(cpu, "newton_iterations"));
    const double d = max_rel_diff(gpu.final_state, cpu.final_state);
    CHECK(d < 1e-10); // Newton to 1e-12, GMRES to 1e-10 on both
    MESSAGE(scheme << " vortex p = 2: states differ by " << d);
  }
}

TEST_CASE("shallow water on the GPU: its Jacobian assembled and solved there, the host's steps") {
  if (!tridg_test::order_compiled(1)) return;
  // The same preconditioner on both (the GPU's default), Newton and GMRES to tight tolerances.
  const std::vector<std::string> sets = {
      "implicit.preconditioner=\"p_multigrid\"", "implicit.smoother=\"multicolor_gs\"",
      "implicit.mg_coarse_sweeps=20", "implicit.newton_tol=1e-12", "implicit.gmres_tol=1e-10"};
  struct Case {
    std::string name, text;
  };
  for (const Case& c : {Case{"friction sheet", test::sheet_case(0.01, 0.2)},
                        Case{"lake at rest", test::lake_case(0.0)},
                        Case{"flow over the bump", test::lake_case(0.1)}}) {
    CAPTURE(c.name);
    test::ScratchDir dir("gpu_sw_implicit");
    const std::string path = dir.file("case.toml");
    std::ofstream(path) << c.text;
    const RunResult cpu = test::run_quiet_on("cpu", path, 1, -1, sets, dir.file("cpu"));
    const RunResult gpu = test::run_quiet_on("cuda", path, 1, -1, sets, dir.file("gpu"));
    CHECK(gpu.steps == cpu.steps);
    CHECK(stat(gpu, "newton_iterations") == stat(cpu, "newton_iterations"));
    // Both solve each step's equations to Newton's 1e-12 with GMRES at 1e-10.
    const double d = max_rel_diff(gpu.final_state, cpu.final_state);
    CHECK(d < 1e-10);
    MESSAGE(c.name << ": " << gpu.steps << " steps, Newton " << stat(gpu, "newton_iterations")
                   << ", GMRES " << stat(gpu, "gmres_iterations") << " (GPU) / "
                   << stat(cpu, "gmres_iterations") << " (host), states differ by " << d);
    // The invariants of tests/test_implicit_shallow_water.cpp, on the GPU's state.
    const std::size_t E = gpu.final_state.size() / 9, third = gpu.final_state.size() / 3;
    double worst_h = 0, least_h = 1e300, worst_momentum = 0;
    for (std::size_t k = 0; k < E; ++k) {
      worst_h = std::max(worst_h, std::abs(cell_mean(gpu.final_state[k]) - 0.002));
      least_h = std::min(least_h, cell_mean(gpu.final_state[k]));
    }
    for (std::size_t i = third; i < gpu.final_state.size(); ++i)
      worst_momentum = std::max(worst_momentum, std::abs(gpu.final_state[i]));
    if (c.name == "friction sheet") CHECK(worst_h < 1e-15); // uniform: no flux divergence
    if (c.name == "lake at rest") CHECK(worst_momentum < 1e-12);
    if (c.name == "flow over the bump") {
      CHECK(least_h > 0);
      CHECK(std::abs(gpu.conserved_final[0] - gpu.conserved_initial[0]) <
            1e-12 * std::abs(gpu.conserved_initial[0]));
    }
  }
}

TEST_CASE("linearised shallow water on the GPU: its Jacobian assembled there, the host's steps") {
  if (!tridg_test::order_compiled(2)) return;
  // The standing wave of tests/test_implicit_schemes.cpp with BDF2 (dt = 0.01, 15 steps, p = 2,
  // 208 elements), the GPU's preconditioner on both.
  const std::vector<std::string> sets = {"time.scheme=\"bdf2\"",
                                         "time.dt=0.01",
                                         "implicit.preconditioner=\"p_multigrid\"",
                                         "implicit.smoother=\"multicolor_gs\"",
                                         "implicit.newton_tol=1e-12",
                                         "implicit.gmres_tol=1e-10"};
  test::ScratchDir dir("gpu_lsw_implicit");
  const std::string cs = test::source_path("cases/standing_wave.toml");
  const std::string mesh = test::source_path("meshes/prepared/unit_square_s4.h5");
  const RunResult cpu = test::run_quiet_on("cpu", cs, 2, -1, sets, dir.file("cpu"), mesh);
  const RunResult gpu = test::run_quiet_on("cuda", cs, 2, -1, sets, dir.file("gpu"), mesh);
  CHECK(gpu.steps == cpu.steps);
  CHECK(stat(gpu, "newton_iterations") == stat(cpu, "newton_iterations"));
  const double d = max_rel_diff(gpu.final_state, cpu.final_state);
  CHECK(d < 1e-10);
  REQUIRE(gpu.l2_error.size() == 3);
  CHECK(gpu.l2_error[0] < 1e-4); // the host's 8.9e-5 against the exact wave
  MESSAGE("standing wave: " << gpu.steps << " steps, Newton " << stat(gpu, "newton_iterations")
                            << ", GMRES " << stat(gpu, "gmres_iterations") << " (GPU) / "
                            << stat(cpu, "gmres_iterations") << " (host), states differ by " << d
                            << ", eta's error " << gpu.l2_error[0]);
}

TEST_CASE("the GPU's implicit solve gives the same bits on every run") {
  const std::vector<std::string> sets = {"implicit.preconditioner=\"p_multigrid\""};
  const RunResult a = ringleb("cuda", 1, sets);
  const RunResult b = ringleb("cuda", 1, sets);
  CHECK(a.final_state == b.final_state);
  CHECK(stat(a, "gmres_iterations") == stat(b, "gmres_iterations"));
}

TEST_CASE("settings the GPU's implicit solve does not have are refused by name") {
  const auto refused = [](std::vector<std::string> sets, const std::string& key) {
    try {
      ringleb("cuda", 1, std::move(sets));
      FAIL("the run should have been refused");
    } catch (const UserError& e) {
      const std::string what = e.what();
      CAPTURE(what);
      CHECK(e.code() == ExitCode::bad_case);
      CHECK(what.find(key) != std::string::npos);
    }
  };
  refused({"implicit.preconditioner=\"block_ilu0\""}, "implicit.preconditioner");
  refused({"implicit.preconditioner=\"p_multigrid\"", "implicit.smoother=\"vertex_patch\""},
          "implicit.smoother");
  refused({"implicit.jacobian=\"matrix_free\""}, "implicit.jacobian");
  refused({"time.scheme=\"steady_rk\""}, "steady_rk");
}
