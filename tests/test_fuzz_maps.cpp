// Damaged inputs of the map commands: truncated and byte-flipped copies of a run's
// max_inundation.h5 given to `tridg maps`, and of the CF-NetCDF map it writes given to
// `tridg plot`. Every variant must end with a documented exit code and a one-line error, or
// succeed; none may crash or hang. The variants come from a fixed seed.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "cli_run.hpp"
#include "fuzz_loop.hpp"

using namespace tridg_test;

namespace {

// Flips within the first 8 kB hit the superblock, headers and small datasets.
const Mutation mutate = truncate_or_flip(8192);

// Ten minutes of the hump at 60 N at p = 1 (every build has it) with its maxima every 20 s:
// d/run/max_inundation.h5.
void run_hump(const TempDir& d) {
  const CmdResult r = run_tridg("run " + quote(source_path("cases/hump_geographic_60n.toml")) +
                                    " -o " + quote((d / "run").string()) +
                                    " -p 1 --set time.end=600 --set gauges.interval=20",
                                d.path);
  INFO(r.err);
  REQUIRE(r.code == 0);
}

} // namespace

TEST_CASE("fuzz: damaged maxima files given to tridg maps") {
  TempDir d("fuzz_maps");
  run_hump(d);
  const std::string original = read_file(d / "run" / "max_inundation.h5");
  fuzz_variants(d, original, "max_inundation.h5",
                "maps {} -o " + quote((d / "m.nc").string()) + " --spacing 0.05", 24, {0, 2, 3}, 21,
                mutate);
}

#ifdef TRIDG_WITH_NETCDF
TEST_CASE("fuzz: damaged NetCDF maps given to tridg plot") {
  TempDir d("fuzz_maps_nc");
  run_hump(d);
  const CmdResult r = run_tridg("maps " + quote((d / "run").string()) + " -o " +
                                    quote((d / "m.nc").string()) + " --spacing 0.05",
                                d.path);
  INFO(r.err);
  REQUIRE(r.code == 0);
  const std::string original = read_file(d / "m.nc");
  fuzz_variants(d, original, "bad.nc", "plot {} -f max_height -o " + quote((d / "p.png").string()),
                24, {0, 2, 3}, 22, mutate);
}
#endif
