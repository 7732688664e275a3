// Checkpoint and restart through the tridg executable: a run cut in two at an output time ends
// bit for bit where the uninterrupted run ends; numbering and time targets continue; SIGINT
// writes checkpoint.h5 and exits with 130, and the run continues from it.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "cli_run.hpp"
#include "final_state.hpp"

using namespace tridg_test;

namespace {

// Sod's tube on a coarse strip to t = 0.05 with an output every 0.025.
std::string sod_args(const fs::path& out) {
  return "run " + quote(source_path("cases/sod.toml")) +
         " --set mesh.size=3 --set time.end=0.05 --set output.interval=0.025 "
         "--set output.gmsh=false -q -o " +
         quote(out.string());
}

} // namespace

TEST_CASE("a run restarted from an output ends bit for bit like the uninterrupted one") {
  TempDir d("restart_bitwise");
  const CmdResult whole = run_tridg(sod_args(d / "whole"), d.path);
  REQUIRE(whole.code == 0);
  for (const char* f : {"solution_0000.h5", "solution_0001.h5", "solution_0002.h5", "final.h5"})
    CHECK(fs::exists(d / "whole" / f));
  const Final a = read_final(d / "whole" / "final.h5");
  CHECK(a.time == 0.05);
  CHECK(a.output_index == 2);

  const CmdResult half = run_tridg(sod_args(d / "half") + " --restart " +
                                       quote((d / "whole" / "solution_0001.h5").string()),
                                   d.path);
  REQUIRE(half.code == 0);
  // The restart writes neither the initial state nor the snapshot it started from again.
  CHECK_FALSE(fs::exists(d / "half" / "solution_0000.h5"));
  CHECK_FALSE(fs::exists(d / "half" / "solution_0001.h5"));
  CHECK(fs::exists(d / "half" / "solution_0002.h5"));
  const Final b = read_final(d / "half" / "final.h5");
  CHECK(b.time == a.time);
  CHECK(b.step == a.step);
  CHECK(b.output_index == 2);
  REQUIRE(b.coeffs.size() == a.coeffs.size());
  CHECK(differing_bits(a.coeffs, b.coeffs) == 0);
}

TEST_CASE("a restart in the run's own folder keeps the numbering and the time series") {
  TempDir d("restart_series");
  REQUIRE(run_tridg(sod_args(d / "o") + " --set time.end=0.025", d.path).code == 0);
  CHECK(fs::exists(d / "o" / "solution_0001.h5"));
  CHECK_FALSE(fs::exists(d / "o" / "solution_0002.h5"));
  // Continue the finished run to a later end time.
  REQUIRE(
      run_tridg(sod_args(d / "o") + " --restart " + quote((d / "o" / "final.h5").string()), d.path)
          .code == 0);
  CHECK(fs::exists(d / "o" / "solution_0002.h5"));
  CHECK_FALSE(fs::exists(d / "o" / "solution_0003.h5"));
  CHECK(read_final(d / "o" / "final.h5").time == 0.05);
  const std::string series = read_file(d / "o" / "time_series.xdmf");
  for (const char* f : {"solution_0000.h5", "solution_0001.h5", "solution_0002.h5"})
    CHECK(series.find(f) != std::string::npos);
}

TEST_CASE("SIGINT writes a checkpoint and exits with 130; the run continues from it") {
  TempDir d("restart_signal");
  const fs::path out = d / "o";
  // Long enough to be interrupted: many steps of a fine tube.
  const std::string case_path = source_path("cases/sod.toml");
  const std::string out_s = out.string();
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    setenv("OMP_NUM_THREADS", "1", 1);
    const std::string err = (d / "stderr.txt").string();
    if (!freopen(err.c_str(), "w", stderr)) _exit(99);
    execl(TRIDG_BINARY, "tridg", "run", case_path.c_str(), "--set", "time.end=1e6", "--set",
          "time.max_steps=1e15", "--set", "output.gmsh=false", "--set", "mesh.size=2", "-o",
          out_s.c_str(), "--no-progress", static_cast<char*>(nullptr));
    _exit(98);
  }
  // Wait until the loop runs: the initial snapshot is written after the handler is installed.
  const auto t0 = std::chrono::steady_clock::now();
  while (!fs::exists(out / "solution_0000.h5") &&
         std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGINT);
  int st = 0;
  waitpid(pid, &st, 0);
  INFO(read_file(d / "stderr.txt"));
  REQUIRE(WIFEXITED(st));
  CHECK(WEXITSTATUS(st) == 130);
  CHECK(read_file(d / "stderr.txt").find("interrupted by SIGINT") != std::string::npos);
  REQUIRE(fs::exists(out / "checkpoint.h5"));
  CHECK_FALSE(fs::exists(out / "checkpoint.h5.tmp"));
  const Final c = read_final(out / "checkpoint.h5");
  CHECK(c.step > 0);
  CHECK(c.time > 0);
  CHECK(c.output_index == 0);

  // Continue for a few more steps (time.steps counts from the start of the run).
  const CmdResult r =
      run_tridg("run " + quote(case_path) + " --set time.steps=" + std::to_string(c.step + 5) +
                    " --set output.gmsh=false --set mesh.size=2 -q -o " + quote(out_s) +
                    " --restart " + quote((out / "checkpoint.h5").string()),
                d.path);
  CHECK(r.code == 0);
  const Final f = read_final(out / "final.h5");
  CHECK(f.step == c.step + 5);
  CHECK(f.time > c.time);
  CHECK(f.output_index == 1);
}

namespace {

// The isentropic vortex at p = 1 to t = 1 with an implicit scheme and an output at t = 0.5.
std::string implicit_args(const fs::path& out, const std::string& scheme_settings) {
  return "run " + quote(source_path("cases/isentropic_vortex.toml")) + " -p 1 " + scheme_settings +
         " --set time.end=1.0 --set output.interval=0.5 --set output.gmsh=false -q -o " +
         quote(out.string());
}

// Runs whole and from solution_0001.h5; the two final states must be the same bits.
void check_implicit_restart(const std::string& name, const std::string& settings) {
  TempDir d(name);
  REQUIRE(run_tridg(implicit_args(d / "whole", settings), d.path).code == 0);
  const Final a = read_final(d / "whole" / "final.h5");
  const fs::path mid = d / "whole" / "solution_0001.h5";
  REQUIRE(fs::exists(mid));
  REQUIRE(
      run_tridg(implicit_args(d / "half", settings) + " --restart " + quote(mid.string()), d.path)
          .code == 0);
  const Final b = read_final(d / "half" / "final.h5");
  CHECK(b.time == a.time);
  CHECK(b.step == a.step);
  REQUIRE(b.coeffs.size() == a.coeffs.size());
  CHECK(differing_bits(a.coeffs, b.coeffs) == 0);
}

} // namespace

// BDF2's previous state and step, and adaptive ESDIRK3's next step, travel with every snapshot
// (/scheme); without them the restart would take a backward-Euler step or a CFL step and differ.
TEST_CASE("BDF2 and adaptive ESDIRK3 restarted from an output end bit for bit") {
  check_implicit_restart("restart_bdf2", "--set time.scheme=\"bdf2\" --set time.cfl=4");
  check_implicit_restart("restart_esdirk3", "--set time.scheme=\"esdirk3\" --set time.cfl=2 "
                                            "--set implicit.error_tol=1e-5");
}

TEST_CASE("a steady solve restarted from its last state converges bit for bit alike") {
  TempDir d("restart_steady");
  const std::string base =
      "run " + quote(source_path("cases/ringleb.toml")) + " -p 1 --set output.gmsh=false -q -o ";
  REQUIRE(run_tridg(base + quote((d / "whole").string()), d.path).code == 0);
  const Final a = read_final(d / "whole" / "final.h5");
  // Three pseudo-steps are not enough: exit 6 with the last state saved.
  const CmdResult cut =
      run_tridg(base + quote((d / "cut").string()) + " --set time.steps=3", d.path);
  REQUIRE(cut.code == 6);
  const fs::path last = d / "cut" / "last_good.h5";
  REQUIRE(fs::exists(last));
  // The pseudo-step CFL grows with the residual's fall from the first one, which the file keeps.
  REQUIRE(
      run_tridg(base + quote((d / "half").string()) + " --restart " + quote(last.string()), d.path)
          .code == 0);
  const Final b = read_final(d / "half" / "final.h5");
  CHECK(b.step == a.step);
  REQUIRE(b.coeffs.size() == a.coeffs.size());
  CHECK(differing_bits(a.coeffs, b.coeffs) == 0);
}

TEST_CASE("with local time stepping, a run restarted from an output ends bit for bit too") {
  // The levels are planned anew from the state after every output, as at a restart.
  TempDir d("restart_lts");
  auto args = [&](const char* name) {
    return "run " + quote(source_path("cases/tsunami_ocean.toml")) + " --mesh " +
           quote(source_path("meshes/prepared/thacker.h5")) +
           " --set time.end=0.5 --set output.interval=0.25 --set output.gmsh=false"
           " --set time.scheme='\"lsssprk42\"' --set time.lts_levels=4"
           " --set time.lts_min_speed=0.5 -q -o " +
           quote((d / name).string());
  };
  REQUIRE(run_tridg(args("whole"), d.path).code == 0);
  const CmdResult half = run_tridg(
      args("half") + " --restart " + quote((d / "whole" / "solution_0001.h5").string()), d.path);
  REQUIRE(half.code == 0);
  const Final a = read_final(d / "whole" / "final.h5");
  const Final b = read_final(d / "half" / "final.h5");
  CHECK(b.time == a.time);
  CHECK(b.step == a.step);
  REQUIRE(b.coeffs.size() == a.coeffs.size());
  CHECK(differing_bits(a.coeffs, b.coeffs) == 0);
}
