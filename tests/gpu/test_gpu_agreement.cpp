// The CUDA backend against the CPU backend (the reference): same case, same steps, compare the
// modal coefficients. Needs a GPU; label "gpu".
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "gpu_test_util.hpp"
#include "io/error.hpp"

using namespace tridg;

using gpu_test::max_rel_diff;
using gpu_test::run_on;

TEST_CASE("isentropic vortex: GPU equals CPU to round-off after 100 steps, p = 1..4") {
  for (int p = 1; p <= 4; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue);
    const std::vector<std::string> sets = {"time.steps=100"};
    const RunResult c = run_on("cpu", "cases/isentropic_vortex.toml",
                               "meshes/prepared/isentropic_vortex.h5", p, 2, sets);
    const RunResult g = run_on("cuda", "cases/isentropic_vortex.toml",
                               "meshes/prepared/isentropic_vortex.h5", p, 2, sets);
    CHECK(c.steps == 100);
    CHECK(g.steps == 100);
    // Both backends run the same point functions in double precision; only the order of the
    // floating-point operations (FMA contraction; at p >= 3 the tensor cores' grouping of the
    // operator products) differs, ~1e-16 per operation.
    const double d = max_rel_diff(g.final_state, c.final_state);
    MESSAGE("p = ", p, ": max relative difference ", d);
    CHECK(d < 1e-12);
    CHECK(std::abs(g.final_time - c.final_time) <= 1e-12 * c.final_time);
  }
}

namespace {

// The message of the run's failure, or "" if it ended normally.
std::string failure_of(const std::string& device, int p, const std::vector<std::string>& sets) {
  try {
    run_on(device, "cases/isentropic_vortex.toml", "meshes/prepared/isentropic_vortex.h5", p, 0,
           sets);
  } catch (const UserError& e) {
    CHECK(e.code() == ExitCode::diverged);
    return e.what();
  }
  return "";
}

} // namespace

// The blow-up check at the view points runs in every element kernel (a thread per element at
// p = 1, by variable at p = 2, the tensor cores at p = 3, 4); the by-variable kernel skips the
// points of cells whose box of values is admissible throughout (admissible_bound). A smooth start
// that too large a CFL number destroys within a few steps (4 to 8 at p = 1..4, depending on the
// build of the CPU reference; at CFL 4, where p = 1 took 54 steps, one build reached the end
// instead) must end on the GPU as on the CPU: diverged, at the same step. A point check wrongly
// skipped would end it later.
TEST_CASE("a run that becomes non-physical ends on the GPU at the CPU's step, p = 1..4") {
  for (int p = 1; p <= 4; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue);
    const std::vector<std::string> sets = {"time.cfl=4.5", "time.end=10"};
    const std::string c = failure_of("cpu", p, sets), g = failure_of("cuda", p, sets);
    MESSAGE("p = ", p, ": ", g.substr(0, g.find(';')));
    REQUIRE(c.find("non-physical") != std::string::npos);
    const auto step_of = [](const std::string& m) {
      const auto at = m.find("(step ");
      return at == std::string::npos ? -1L : std::stol(m.substr(at + 6));
    };
    CHECK(step_of(c) > 2);
    CHECK(step_of(g) == step_of(c));
  }
}

TEST_CASE("the tensor-core element stage gives the same bits on every run, p = 3, 4") {
  for (int p = 3; p <= 4; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue);
    const std::vector<std::string> sets = {"time.steps=50"};
    const char* mesh = "meshes/prepared/isentropic_vortex.h5";
    const RunResult a = run_on("cuda", "cases/isentropic_vortex.toml", mesh, p, 1, sets);
    for (int i = 0; i < 3; ++i)
      CHECK(run_on("cuda", "cases/isentropic_vortex.toml", mesh, p, 1, sets).final_state ==
            a.final_state);
  }
}

TEST_CASE("double Mach reflection with the limiter: density L1 difference below 1e-8") {
  const std::vector<std::string> sets = {"time.steps=100"};
  const RunResult c =
      run_on("cpu", "cases/double_mach.toml", "meshes/prepared/double_mach.h5", 1, 0, sets);
  const RunResult g =
      run_on("cuda", "cases/double_mach.toml", "meshes/prepared/double_mach.h5", 1, 0, sets);
  const std::size_t n = c.final_state.size() / 4; // density block: modes x elements
  double num = 0, den = 0;
  for (std::size_t i = 0; i < n; ++i) {
    num += std::abs(g.final_state[i] - c.final_state[i]);
    den += std::abs(c.final_state[i]);
  }
  MESSAGE("relative L1 difference of density ", num / den);
  CHECK(num / den < 1e-8);
}

TEST_CASE("double Mach reflection with the positivity fix alone (in the element stage), p = 1, 2") {
  const std::vector<std::string> sets = {"time.steps=100", "limiter.type=none",
                                         "limiter.positivity=true"};
  for (int p = 1; p <= 2; ++p) {
    CAPTURE(p);
    TRIDG_SKIP_ORDER(p, continue);
    const char* mesh = "meshes/prepared/double_mach.h5";
    const RunResult c = run_on("cpu", "cases/double_mach.toml", mesh, p, 0, sets);
    const RunResult g = run_on("cuda", "cases/double_mach.toml", mesh, p, 0, sets);
    const RunResult pass =
        run_on("cuda", "cases/double_mach.toml", mesh, p, 0, sets, "double", false);
    REQUIRE(c.steps == 100);
    REQUIRE(g.steps == 100);
    const std::size_t n = c.final_state.size() / 4; // density block: modes x elements
    double num = 0, den = 0;
    long bits = 0;
    for (std::size_t i = 0; i < n; ++i) {
      num += std::abs(g.final_state[i] - c.final_state[i]);
      den += std::abs(c.final_state[i]);
    }
    for (std::size_t i = 0; i < g.final_state.size(); ++i)
      bits += g.final_state[i] != pass.final_state[i];
    MESSAGE("p = ", p, ": relative L1 difference of density to the CPU ", num / den,
            "; coefficients that differ from the GPU's separate pass: ", bits);
    CHECK(num / den < 1e-8);
    // The stage and the pass run the same limit_own arithmetic on the same values.
    CHECK(bits == 0);
  }
}

TEST_CASE("isentropic vortex: GPU convergence rate equals the CPU's") {
  for (int p : {1, 2}) {
    TRIDG_SKIP_ORDER(p, continue);
    std::vector<double> ec, eg;
    for (int r : {1, 2}) {
      const std::vector<std::string> sets = {"time.end=0.5"};
      ec.push_back(run_on("cpu", "cases/isentropic_vortex.toml",
                          "meshes/prepared/isentropic_vortex.h5", p, r, sets)
                       .l2_error[0]);
      eg.push_back(run_on("cuda", "cases/isentropic_vortex.toml",
                          "meshes/prepared/isentropic_vortex.h5", p, r, sets)
                       .l2_error[0]);
    }
    const double rc = std::log2(ec[0] / ec[1]), rg = std::log2(eg[0] / eg[1]);
    MESSAGE("p = ", p, ": rate cpu ", rc, ", gpu ", rg);
    CHECK(std::abs(rc - rg) < 1e-6);
    CHECK(rg > p + 1 - 0.3);
  }
}

TEST_CASE("repeated runs give the same bits, with and without overlapped launches, p = 1") {
  // Nothing may depend on the order in which blocks run, on what a cache holds or on when a
  // copy lands: before uploads waited for their copies (DeviceArray::upload), about one run in
  // five differed here (bench/NOTES.md).
  const char* mesh = "meshes/prepared/double_mach.h5";
  for (const bool barth_jespersen : {true, false})
    for (const bool overlap : {true, false}) {
      CAPTURE(barth_jespersen);
      CAPTURE(overlap);
      std::vector<std::string> sets = {"time.steps=100"};
      if (!barth_jespersen)
        sets.insert(sets.end(), {"limiter.type=none", "limiter.positivity=true"});
      const RunResult a =
          run_on("cuda", "cases/double_mach.toml", mesh, 1, 0, sets, "double", true, overlap);
      long worst = 0;
      for (int i = 0; i < 4; ++i) {
        const RunResult b =
            run_on("cuda", "cases/double_mach.toml", mesh, 1, 0, sets, "double", true, overlap);
        long bits = 0;
        for (std::size_t j = 0; j < a.final_state.size(); ++j)
          bits += a.final_state[j] != b.final_state[j];
        worst = std::max(worst, bits);
      }
      MESSAGE("bj ", barth_jespersen, " overlap ", overlap, ": most coefficients differing ",
              worst);
      CHECK(worst == 0);
    }
}
