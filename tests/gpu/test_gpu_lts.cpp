// Local time stepping on the GPU against the CPU backend (the reference). Needs a GPU; label
// "gpu".
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gpu_test_util.hpp"

using namespace tridg;

namespace {

struct Pair {
  RunResult cpu, gpu;
  double depth_diff = 0; // relative L1 difference of the depth
};

Pair basin(int p, int macro_steps) {
  const std::vector<std::string> sets{"time.steps=" + std::to_string(macro_steps),
                                      "time.scheme=\"lsssprk42\"", "time.lts_levels=4",
                                      "time.lts_min_speed=0.5"};
  Pair r;
  r.cpu =
      gpu_test::run_on("cpu", "cases/tsunami_ocean.toml", "meshes/prepared/thacker.h5", p, 0, sets);
  r.gpu = gpu_test::run_on("cuda", "cases/tsunami_ocean.toml", "meshes/prepared/thacker.h5", p, 0,
                           sets);
  const int np = (p + 1) * (p + 2) / 2;
  const std::size_t n_elems = r.cpu.final_state.size() / (3 * np);
  r.depth_diff = gpu_test::rel_l1_diff(r.gpu.final_state, r.cpu.final_state, 0, np, n_elems);
  return r;
}

std::string levels_of(const RunResult& r) {
  std::string s;
  for (const auto& [name, value] : r.solver)
    if (name.rfind("lts_level", 0) == 0) s += std::to_string(std::int64_t(value)) + " ";
  return s;
}

} // namespace

TEST_CASE("local time stepping: GPU equals CPU over 5 macro steps of the closed tsunami basin") {
  // The basin's depths (1 m to a dry beach) put its elements on several levels. Over a few macro
  // steps both backends keep the same plan, and the states differ by round-off grown through
  // the limiter (measured: below 1e-13 at p = 1 and 2); a wrong flux, register or ghost on
  // either side would differ at the scheme's error, 1e-6 and more.
  for (int p = 1; p <= 2; ++p) {
    TRIDG_SKIP_ORDER(p, continue);
    CAPTURE(p);
    const Pair r = basin(p, 5);
    MESSAGE("p = ", p, ": relative L1 difference of the depth ", r.depth_diff, "; levels ",
            levels_of(r.cpu), "/ ", levels_of(r.gpu));
    CHECK(levels_of(r.cpu) == levels_of(r.gpu));
    CHECK(r.depth_diff < 1e-11);
  }
}

TEST_CASE("local time stepping: GPU and CPU over 20 macro steps, mass to round-off") {
  // Measured: the relative L1 difference of the depth grows to 5.5e-16 at p = 1 but to 5.0e-6 at
  // p = 2 (8.0e-8 after 10 macro steps), with the same final plan, while global stepping's stays
  // at 3e-13. The basin at p = 2 answers rounding by itself: the limiter's switch (drop the
  // quadratic modes or keep them) lets one ulp of the initial hump move the CPU's own maxima by
  // 1.2e-4 m (tests/gpu/test_gpu_maxima.cpp). Whether that alone is the cause here (a plan that
  // differs in between, each backend planning from its own rates, is the other) is not
  // established; the difference stays below
  // the time error of local against global stepping (7e-6, tests/test_lts.cpp). The bound of 1e-4
  // catches a wrong flux or register on the second half of the run; mass must stay conserved to
  // round-off on the GPU.
  for (int p = 1; p <= 2; ++p) {
    TRIDG_SKIP_ORDER(p, continue);
    CAPTURE(p);
    const Pair r = basin(p, 20);
    MESSAGE("p = ", p, ": relative L1 difference of the depth ", r.depth_diff, "; levels ",
            levels_of(r.cpu), "/ ", levels_of(r.gpu));
    CHECK(r.depth_diff < 1e-4);
    CHECK(std::abs(r.gpu.conserved_final[0] - r.gpu.conserved_initial[0]) <=
          1e-12 * std::abs(r.gpu.conserved_initial[0]));
  }
}
