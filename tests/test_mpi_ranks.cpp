// Several MPI ranks through the tridg executable: a run on 2 or 3 ranks ends with the bits of
// the run on one (smooth flow, the limited double Mach flow, wetting and drying, a water level
// from a time series with gauges, run-up, curved walls with tabulated ghost states), a
// partition stored by tridg partition is used, a checkpoint of 2 ranks continues on 3, and an
// error in the input ends every rank with one message and the documented exit code.
#include <doctest/doctest.h>

#include <cstring>

#include "compiled_orders.hpp"
#include "final_state.hpp"
#include "mpi_run.hpp"

using namespace tridg_test;

namespace {

void check_same_bits(const Final& a, const Final& b) {
  CHECK(a.step == b.step);
  CHECK(a.time == b.time);
  REQUIRE(a.coeffs.size() == b.coeffs.size());
  CHECK(differing_bits(a.coeffs, b.coeffs) == 0);
}

// The per-element maxima and arrival times of two runs, bit for bit (NaN where never wet).
void check_same_maxima(const fs::path& a, const fs::path& b) {
  const tridg::h5::File fa = tridg::h5::File::open(a.string()),
                        fb = tridg::h5::File::open(b.string());
  for (const char* name : {"max_eta", "max_depth", "arrival_time"}) {
    CAPTURE(name);
    std::vector<hsize_t> da, db;
    const std::vector<double> va = fa.read<double>(name, da), vb = fb.read<double>(name, db);
    REQUIRE(va.size() == vb.size());
    CHECK(std::memcmp(va.data(), vb.data(), va.size() * sizeof(double)) == 0);
  }
}

std::string case_args(const std::string& name, const std::string& extra, const fs::path& out,
                      bool quiet = true) {
  return "run " + quote(source_path("cases/" + name + ".toml")) + " " + extra +
         " --set output.gmsh=false" + (quiet ? " -q" : "") + " -o " + quote(out.string());
}

} // namespace

TEST_CASE("2 and 3 ranks end with the bits of one rank") {
  struct Case {
    const char* name;
    const char* extra;
    int order; // as run (the case file's or -p)
  };
  const Case cases[] = {
      // smooth, periodic
      {"isentropic_vortex", "--set time.end=0.5 -p 2", 2},
      // shocks, vertex-based limiter
      {"double_mach", "--set time.end=0.008", 1},
      // wetting and drying
      {"dam_break_dry", "--set time.end=0.5 -p 2", 2},
      // drying in a bowl
      {"thacker_bowl", "--set time.end=0.3", 1},
      // a water level from a time series, gauges
      {"monai", "--set time.end=0.1", 1},
      // curved walls, exact ghost states per edge
      {"supersonic_vortex", "--set time.steps=30 -p 2", 2},
      // the sphere's metric and Coriolis, gauges
      {"hump_geographic_60n", "--set time.end=40 --set physics.earth_rotation=7.29e-5", 2},
      // run-up around an island: many shore cells tie at the still level, and the first of
      // them in the point's list must win on any number of ranks
      {"lake_at_rest_geographic", "--set time.steps=20", 1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    TRIDG_SKIP_ORDER(c.order, continue);
    TempDir d(std::string("mpi_") + c.name);
    const CmdResult one = run_tridg(case_args(c.name, c.extra, d / "one"), d.path);
    REQUIRE(one.code == 0);
    const Final ref = read_final(d / "one" / "final.h5");
    CHECK(ref.step > 5);
    for (int n : {2, 3}) {
      CAPTURE(n);
      // Three ranks also visit elements and edges in a shuffled order.
      const std::string seed = n == 3 ? " --debug-visit-seed 11" : "";
      const fs::path out = d / ("ranks" + std::to_string(n));
      const CmdResult r =
          run_tridg(case_args(c.name, c.extra + seed, out), d.path, kMpiEnv, ranks(n));
      INFO(r.err);
      REQUIRE(r.code == 0);
      check_same_bits(ref, read_final(out / "final.h5"));
      // Gauges, run-up and maxima are sampled by the ranks that own their elements.
      if (fs::exists(d / "one" / "gauges.csv")) {
        CHECK(read_file(out / "gauges.csv") == read_file(d / "one" / "gauges.csv"));
        CHECK(read_file(out / "gauges_summary.json") ==
              read_file(d / "one" / "gauges_summary.json"));
        check_same_maxima(d / "one" / "max_inundation.h5", out / "max_inundation.h5");
      }
    }
  }
}

TEST_CASE("a partition written by tridg partition is used by as many ranks") {
  TempDir d("mpi_partition");
  const std::string mesh = source_path("meshes/prepared/double_mach.h5");
  const fs::path parts = d / "parts.h5";
  REQUIRE(
      run_tridg("partition " + quote(mesh) + " -n 3 -o " + quote(parts.string()), d.path).code ==
      0);
  const std::string extra = "--set time.end=0.01 --mesh " + quote(parts.string());
  REQUIRE(run_tridg(case_args("double_mach", extra, d / "one"), d.path).code == 0);
  // Without -q: the log says which partition the run took.
  const CmdResult r =
      run_tridg(case_args("double_mach", extra, d / "three", false), d.path, kMpiEnv, ranks(3));
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("using the 3-part partition stored in") != std::string::npos);
  check_same_bits(read_final(d / "one" / "final.h5"), read_final(d / "three" / "final.h5"));
}

TEST_CASE("a checkpoint written by 2 ranks continues on 3 with the bits of one run") {
  TempDir d("mpi_restart");
  const std::string extra = "--set time.end=0.02 --set output.interval=0.01";
  REQUIRE(run_tridg(case_args("double_mach", extra, d / "whole"), d.path).code == 0);
  const CmdResult two =
      run_tridg(case_args("double_mach", extra, d / "two"), d.path, kMpiEnv, ranks(2));
  INFO(two.err);
  REQUIRE(two.code == 0);
  const CmdResult three = run_tridg(case_args("double_mach", extra, d / "three") + " --restart " +
                                        quote((d / "two" / "solution_0001.h5").string()),
                                    d.path, kMpiEnv, ranks(3));
  INFO(three.err);
  REQUIRE(three.code == 0);
  check_same_bits(read_final(d / "whole" / "final.h5"), read_final(d / "three" / "final.h5"));
  // Rank 0 alone writes: one summary, the two ranks' run left its snapshots in its folder only.
  CHECK(fs::exists(d / "three" / "summary.json"));
  CHECK(fs::exists(d / "two" / "solution_0002.h5"));
}

TEST_CASE("an error on 3 ranks ends them all with one message and its exit code") {
  TempDir d("mpi_errors");
  // Every rank reads the same bad key: the error is reported once.
  const CmdResult bad = run_tridg(case_args("double_mach", "--set time.cfl=-1", d / "bad"), d.path,
                                  kMpiEnv, ranks(3));
  INFO(bad.err);
  CHECK(bad.code == 3);
  std::size_t lines = 0;
  for (std::size_t at = 0; (at = bad.err.find("tridg: error:", at)) != std::string::npos; ++at)
    ++lines;
  CHECK(lines == 1);
  CHECK(tridg_error(bad).find("time.cfl = -1 is out of range") != std::string::npos);
  // Only rank 0 touches the output folder: its failure still reaches every rank.
  write_file(d / "file", "in the way");
  const CmdResult io = run_tridg(case_args("double_mach", "--set time.end=0.001", d / "file"),
                                 d.path, kMpiEnv, ranks(3));
  CHECK(io.code == 5);
  CHECK(tridg_error(io).find("cannot create the output folder") != std::string::npos);
}

TEST_CASE("a rank killed during the run ends every rank; the last snapshot continues the run") {
  TempDir d("mpi_killed");
  const fs::path out = d / "run";
  const std::string sets = "--set time.end=0.03 --set output.interval=0.002";
  const std::string args = case_args("double_mach", sets, out);
  // Rank 1 of this run (found by its output folder on its command line: other tests may run ranks
  // at the same time) is killed (SIGKILL, as a lost node) once the second snapshot exists; the
  // launcher must then end rank 0 too, well within the command's time limit (124: a hang).
  const std::string find_and_kill = R"(
for e in /proc/[0-9]*/environ; do
  p=${e%/environ}; p=${p#/proc/}
  tr '\0' '\n' < "$e" 2>/dev/null | grep -qx -e OMPI_COMM_WORLD_RANK=1 -e PMI_RANK=1 || continue
  tr '\0' '\n' < /proc/$p/cmdline 2>/dev/null | grep -qxF "$OUT" && kill -9 "$p"
done
)";
  write_file(d / "kill.sh",
             "OUT=" + quote(out.string()) + "\ntimeout -k 5 120 env OMP_NUM_THREADS=1 " + kMpiEnv +
                 " " + ranks(2) + " " + quote(TRIDG_BINARY) + " " + args + " > " +
                 quote((d / "out.txt").string()) + " 2> " + quote((d / "err.txt").string()) +
                 " < /dev/null &\nL=$!\nfor i in $(seq 2400); do [ -f \"$OUT/solution_0002.h5\" ] "
                 "&& break; sleep 0.05; done" +
                 find_and_kill + "wait $L\necho $? > " + quote((d / "rc.txt").string()) + "\n");
  REQUIRE(std::system(("bash " + quote((d / "kill.sh").string())).c_str()) == 0);
  const int rc = std::stoi(read_file(d / "rc.txt"));
  INFO(read_file(d / "err.txt"));
  CHECK(rc != 0);
  CHECK(rc != 124);
  CHECK_FALSE(fs::exists(out / "final.h5"));
  // The newest snapshot that was written is whole: one process continues from it to the end.
  fs::path newest;
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("solution_", 0) == 0 && e.path().extension() == ".h5" &&
        (newest.empty() || name > newest.filename().string()))
      newest = e.path();
  }
  REQUIRE_FALSE(newest.empty());
  const CmdResult again = run_tridg(
      case_args("double_mach", sets + " --restart " + quote(newest.string()), d / "again"), d.path);
  INFO(again.err);
  CHECK(again.code == 0);
}
