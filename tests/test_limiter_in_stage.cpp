// Without the slope limiter, the positivity fix runs inside the element stage (step_driver.hpp):
// it must give the bits of the separate limiter pass it replaces, on a flow where it acts (the
// double Mach shocks at p = 1 and 2, which need it), and not depend on the visit order or the
// thread count.
#include <doctest/doctest.h>
#include <omp.h>

#include "io/error.hpp"
#include "test_support.hpp"

using namespace tridg;
using namespace tridg::test;

namespace {

struct Outcome {
  bool failed = false; // the run stopped with an error (here: a blow-up)
  std::vector<double> state;
};

Outcome run_dmr(int p, bool positivity, bool in_stage, std::uint64_t seed = 0, int threads = 1) {
  ScratchDir out("limit_in_stage");
  spdlog::set_level(spdlog::level::off);
  RunOptions opt;
  opt.case_path = source_path("cases/double_mach.toml");
  opt.output_dir = out.path();
  opt.device = "cpu";
  opt.order = p;
  opt.quiet = true;
  opt.visit_seed = seed;
  opt.limit_in_stage = in_stage;
  opt.overrides = {
      "mesh.size=4",       "time.steps=60",
      "limiter.type=none", std::string("limiter.positivity=") + (positivity ? "true" : "false"),
      "output.hdf5=false", "output.gmsh=false"};
  opt.threads = threads;
  Outcome o;
  try {
    const KeepThreadCount keep;
    o.state = run_case(opt).final_state;
  } catch (const UserError&) {
    o.failed = true;
  }
  spdlog::set_level(spdlog::level::warn);
  return o;
}

void check_order(int p) {
  CAPTURE(p);
  const Outcome pass = run_dmr(p, true, false);
  REQUIRE_FALSE(pass.failed);
  // The fix acts on this flow: without it the run blows up within these steps.
  CHECK(run_dmr(p, false, false).failed);
  const Outcome fused = run_dmr(p, true, true);
  REQUIRE_FALSE(fused.failed);
  CHECK(differing_bits(pass.state, fused.state) == 0);
  const Outcome shuffled = run_dmr(p, true, true, 31337, std::max(2, omp_get_max_threads()));
  REQUIRE_FALSE(shuffled.failed);
  CHECK(differing_bits(pass.state, shuffled.state) == 0);
}

} // namespace

TEST_CASE("positivity fix in the element stage: the bits of the separate pass, p = 1") {
  check_order(1);
}

TEST_CASE("positivity fix in the element stage: the bits of the separate pass, p = 2") {
  if (order_compiled(2)) check_order(2);
}
