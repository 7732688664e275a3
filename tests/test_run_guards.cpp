// Runs that must end early and clearly: a full disk, damaged restart files, non-physical or
// absurd case values, a busy output folder, signals before the time loop, messages that must
// stay one readable line, sliver elements. Each input is small and generated here.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <hdf5.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "cli_run.hpp"
#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "io/partition.hpp"
#include "io/time_series.hpp"

using namespace tridg_test;

namespace {

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

int error_lines(const std::string& err) {
  int n = 0;
  std::size_t at = 0;
  while ((at = err.find("tridg: error:", at)) != std::string::npos) {
    ++n;
    ++at;
  }
  return n;
}

// Files a failed run must not leave: temporaries, the folder lock, a final state.
std::vector<std::string> leftovers(const fs::path& dir) {
  std::vector<std::string> bad;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (n.ends_with(".tmp") || n == ".tridg.lock" || n.rfind("final.", 0) == 0) bad.push_back(n);
  }
  return bad;
}

// Runs tridg through the shell with `prefix` before it (e.g. a ulimit), like run_tridg; then,
// when `signal_when` is given, runs it as a shell command (with $p the process that runs tridg)
// to send a signal (timeout passes it on to tridg).
// Shell text that sets $c to the tridg process (the child of `timeout`, which is $p): signals go
// to tridg itself, since `timeout` forwards a signal to its whole process group and tridg would
// see it twice.
const std::string kFindTridg = "c=; while [ -z \"$c\" ]; do c=$(pgrep -P $p); sleep 0.02; done; ";
// ... and waits until tridg handles SIGTERM (bit 15 of SigCgt in /proc/PID/status).
const std::string kWaitHandler =
    kFindTridg + "while m=$(awk '/SigCgt/{print $2}' /proc/$c/status 2>/dev/null) && "
                 "[ $(( 0x$m & 16384 )) -eq 0 ]; do sleep 0.02; done; ";

CmdResult run_shell(const std::string& prefix, const std::string& args, const fs::path& dir,
                    const std::string& signal_when = "") {
  const fs::path out = dir / "stdout.txt", err = dir / "stderr.txt";
  std::string cmd = "(" + prefix + " timeout -k 5 60 env OMP_NUM_THREADS=1 " + quote(TRIDG_BINARY) +
                    " " + args + " > " + quote(out.string()) + " 2> " + quote(err.string()) +
                    " < /dev/null";
  if (!signal_when.empty()) cmd += " & p=$!; " + signal_when + "; wait $p";
  cmd += ")";
  const int st = std::system(cmd.c_str());
  CmdResult r;
  if (st != -1 && WIFEXITED(st)) r.code = WEXITSTATUS(st);
  if (st != -1 && WIFSIGNALED(st)) r.code = 128 + WTERMSIG(st);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// Expects exit `code`, no crash, one error line within `seconds`; returns that line.
std::string expect_exit(const std::string& args, const TempDir& d, int code, double seconds = 20) {
  const auto t0 = std::chrono::steady_clock::now();
  const CmdResult r = run_tridg(args, d.path);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO("tridg " << args << "\nstderr:\n" << r.err);
  CHECK_FALSE(r.crashed());
  CHECK(r.code == code);
  CHECK(error_lines(r.err) == 1);
  CHECK(secs < seconds);
  const std::string line = r.last_line();
  CHECK(line.rfind("tridg: error: ", 0) == 0);
  return line;
}

std::string sw_case(const std::string& initial) {
  return "[physics]\ntype = \"shallow_water\"\n\n[mesh]\nfile = " +
         quote(source_path("meshes/fixtures/square_41.msh")) +
         "\n\n[time]\nsteps = 3\n\n[initial]\n" + initial +
         "\n\n[boundary.bottom]\ntype = \"wall\"\n\n[boundary.top]\ntype = \"wall\"\n\n"
         "[boundary.left]\ntype = \"wall\"\n\n[boundary.right]\ntype = \"wall\"\n";
}

// A finished run's final.h5 in d/src, for damaging.
std::string make_restart(const TempDir& d) {
  write_file(d / "case.toml", square_case());
  const CmdResult r = run_tridg(
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "src").string()), d.path);
  REQUIRE(r.code == 0);
  return (d / "src" / "final.h5").string();
}

void overwrite_coefficient(const std::string& path, std::size_t index, double value) {
  tridg::h5::silence_errors();
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  REQUIRE(f >= 0);
  const hid_t ds = H5Dopen2(f, "solution/coefficients", H5P_DEFAULT);
  REQUIRE(ds >= 0);
  const hid_t space = H5Dget_space(ds);
  std::vector<hsize_t> dims(3);
  H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  std::vector<double> c(dims[0] * dims[1] * dims[2]);
  H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, c.data());
  c.at(index) = value;
  CHECK(H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, c.data()) >= 0);
  H5Sclose(space);
  H5Dclose(ds);
  H5Fclose(f);
}

} // namespace

TEST_CASE("a full disk while a snapshot is written: exit 5, one line, no crash, no leftovers") {
  TempDir d("guard_disk");
  write_file(d / "case.toml", square_case());
  // RLIMIT_FSIZE (in KiB for the shell) with SIGXFSZ ignored: writes beyond it fail with EFBIG,
  // as on a full disk.
  const CmdResult r = run_shell(
      "ulimit -f 16; trap '' XFSZ;",
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "o").string()), d.path);
  INFO(r.err);
  CHECK_FALSE(r.crashed());
  CHECK(r.code == 5);
  CHECK(error_lines(r.err) == 1);
  CHECK(has(r.last_line(), "solution_0000"));
  CHECK(has(r.last_line(), "File too large"));
  CHECK_FALSE(has(r.last_line(), ".tmp"));
  CHECK(leftovers(d / "o").empty());
}

TEST_CASE("SIGTERM with a full disk: exit 5 and a line that says both") {
  TempDir d("guard_term_full");
  write_file(d / "case.toml",
             square_case("\n[output]\nhdf5 = false\ngmsh = false\n", "steps = 100000000"));
  const std::string args =
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "o").string());
  // SIGTERM once the run holds its folder (the lock file appears) and has had time to start its
  // time loop.
  const std::string lock = quote((d / "o" / ".tridg.lock").string());
  const CmdResult r = run_shell("ulimit -f 1; trap '' XFSZ;", args, d.path,
                                "i=0; while [ ! -e " + lock +
                                    " ] && [ $i -lt 600 ]; do sleep 0.1; "
                                    "i=$((i+1)); done; sleep 2; " +
                                    kFindTridg + "kill -TERM $c");
  INFO(r.err);
  CHECK_FALSE(r.crashed());
  CHECK(r.code == 5);
  CHECK(error_lines(r.err) == 1);
  CHECK(has(r.last_line(), "interrupted by SIGTERM"));
  CHECK(has(r.last_line(), "checkpoint could not be written"));
  CHECK(leftovers(d / "o").empty());
}

TEST_CASE("SIGTERM before the time loop: exit 130 with one line") {
  TempDir d("guard_term_early");
  // A mesh that takes many seconds to generate (millions of triangles): the signal comes as soon
  // as tridg handles it, long before any state exists.
  write_file(d / "big.geo", "Point(1) = {0, 0, 0, 5e-4};\nPoint(2) = {1, 0, 0, 5e-4};\n"
                            "Point(3) = {1, 1, 0, 5e-4};\nPoint(4) = {0, 1, 0, 5e-4};\n"
                            "Line(1) = {1, 2};\nLine(2) = {2, 3};\nLine(3) = {3, 4};\n"
                            "Line(4) = {4, 1};\nCurve Loop(1) = {1, 2, 3, 4};\n"
                            "Plane Surface(1) = {1};\nPhysical Curve(\"wall\") = {1, 2, 3, 4};\n"
                            "Physical Surface(\"domain\") = {1};\n");
  std::string text = square_case();
  text = text.substr(0, text.find("[boundary.bottom]")) + "[boundary.wall]\ntype = \"wall\"\n";
  text.replace(text.find("file = "), text.find('\n', text.find("file = ")) - text.find("file = "),
               "file = \"big.geo\"");
  write_file(d / "case.toml", text);
  const CmdResult r =
      run_shell("", "run " + quote((d / "case.toml").string()) + " -o " + quote((d / "o").string()),
                d.path, kWaitHandler + "kill -TERM $c");
  INFO(r.err);
  CHECK(r.code == 130);
  CHECK(error_lines(r.err) == 1);
  CHECK(has(r.last_line(), "interrupted by SIGTERM before the time loop"));
  // The meshing process ends with it (io/mesh_worker.hpp). "[_]": not the shell running pgrep.
  const std::string worker =
      "pgrep -f " + quote("[_]_mesh-worker .*" + d.path.filename().string() + ".*big.geo");
  for (int i = 0; i < 100 && std::system((worker + " > /dev/null").c_str()) == 0; ++i)
    usleep(20000); // the kernel delivers the parent's death signal as the parent exits
  CHECK(std::system((worker + " > /dev/null").c_str()) != 0);
  // The other commands too (they ended with status 143 and no line): `info` meshing the same file.
  const CmdResult i = run_shell("", "info " + quote((d / "big.geo").string()), d.path,
                                kWaitHandler + "kill -INT $c");
  INFO(i.err);
  CHECK(i.code == 130);
  CHECK(error_lines(i.err) == 1);
  CHECK(has(i.last_line(), "interrupted by SIGINT (the command's output is not written)"));
}

TEST_CASE("SIGTERM while METIS partitions: exit 130 with one line, not a METIS failure") {
  if (!tridg::have_metis()) {
    MESSAGE("this build has no METIS: skipped");
    return;
  }
  TempDir d("guard_term_metis");
  // 2.75M elements: METIS takes seconds. While it runs tridg holds SIGTERM back on every thread
  // (bit 15 of SigBlk), since METIS's own handler would turn it into METIS_ERROR (exit 1).
  const std::string wait_metis =
      kFindTridg + "while m=$(awk '/SigBlk/{print $2}' /proc/$c/status 2>/dev/null) && "
                   "[ $(( 0x$m & 16384 )) -eq 0 ]; do sleep 0.01; done; ";
  const CmdResult r = run_shell("",
                                "partition " + quote(source_path("meshes/fixtures/square_41.msh")) +
                                    " --refine 8 -n 16 -o " + quote((d / "p.h5").string()),
                                d.path, wait_metis + "kill -TERM $c");
  INFO(r.err);
  CHECK(r.code == 130);
  CHECK(error_lines(r.err) == 1);
  CHECK(has(r.last_line(), "interrupted by SIGTERM (the command's output is not written)"));
  CHECK_FALSE(fs::exists(d / "p.h5"));
}

TEST_CASE("damaged restart files: exit 4 naming the value") {
  TempDir d("guard_restart");
  const std::string good = make_restart(d);
  const std::string run = "run " + quote((d / "case.toml").string()) + " -q -o " +
                          quote((d / "o").string()) + " --restart ";
  struct Damage {
    const char* what;
    std::string attr;
    std::int64_t i = 0;
    double x = 0;
    bool is_int = true;
  };
  const std::vector<Damage> attrs = {
      {"output_index", "output_index", 2147483647},
      {"output_index", "output_index", -5},
      {"step", "step", -1},
      {"time", "time", 0, std::nan(""), false},
      {"time", "time", 0, -1e300, false},
      {"time", "time", 0, 1e300, false},
  };
  for (const Damage& dm : attrs) {
    CAPTURE(dm.attr);
    const std::string bad = (d / "bad.h5").string();
    fs::copy_file(good, bad, fs::copy_options::overwrite_existing);
    {
      tridg::h5::File f = tridg::h5::File::open(bad, true);
      if (dm.is_int)
        f.set_attr("solution", dm.attr, dm.i);
      else
        f.set_attr("solution", dm.attr, dm.x);
      f.close();
    }
    const std::string line = expect_exit(run + quote(bad), d, 4);
    CHECK(has(line, dm.what));
    CHECK(has(line, "bad.h5"));
  }
  // Coefficients C[var][mode][elem] (p = 1: 3 modes, 42 elements): negative density, absurd
  // momentum and energy.
  const std::size_t E = 42, np = 3;
  const std::vector<std::tuple<std::size_t, double, const char*>> coeffs = {
      {0, -1.0, "density"},
      {1 * np * E + 5, 1e150, "rhou"},
      {3 * np * E + 2 * E + 7, -1e308, "E"},
  };
  for (const auto& [index, value, what] : coeffs) {
    CAPTURE(what);
    const std::string bad = (d / "bad.h5").string();
    fs::copy_file(good, bad, fs::copy_options::overwrite_existing);
    overwrite_coefficient(bad, index, value);
    const std::string line = expect_exit(run + quote(bad), d, 4);
    CHECK(has(line, what));
    CHECK(has(line, "element"));
  }
}

TEST_CASE("non-physical or absurd case values end at once with exit 3") {
  TempDir d("guard_case");
  write_file(d / "case.toml", square_case());
  write_file(d / "sw.toml", sw_case("type = \"depth\"\nh = -1"));
  std::string expr = square_case();
  expr.replace(expr.find("\"constant\""), 10, "\"expression\"");
  write_file(d / "expr.toml", expr);
  const std::string c = "run " + quote((d / "case.toml").string()) + " -q -o " +
                        quote((d / "o").string()) + " --set ";
  const std::string e = "run " + quote((d / "expr.toml").string()) + " -q -o " +
                        quote((d / "o").string()) + " --set ";
  struct Case {
    std::string args, part;
    int code = 3;
  };
  const std::vector<Case> cases = {
      {c + "initial.u=1e308", "element"},
      {c + "initial.u=-1e308", "element"},
      {e + "'initial.rho=\"1/0\"'", "element"},
      {e + "'initial.p=\"sqrt(-1)\"'", "element"},
      {e + "'initial.rho=\"log(0)\"'", "element"},
      {e + "'initial.rho=\"x - 2\"'", "density"},
      {c + "time.cfl=1e-310", "time.cfl"},
      {c + "time.steps=9223372036854775807", "time.steps"},
      {c + "time.steps=2000000000", "time.max_steps"},
      {c + "time.steps=0 --set time.end=1e300", "time.max_steps"},
      {c + "time.steps=0 --set time.end=1 --set time.dt=1e-300", "time.max_steps"},
      {c + "time.steps=0 --set time.end=1 --set output.interval=1e-300", "output.max_outputs"},
      {c + "output.interval=1e-300 --set time.steps=20000 --set output.max_outputs=3",
       "output.max_outputs"},
      {"run " + quote((d / "sw.toml").string()) + " -q -o " + quote((d / "o").string()), "depth"},
      // Gauges sampled more often than the stable step clip every step: still counted.
      {"run " + quote(source_path("cases/lake_at_rest.toml")) + " -q -o " +
           quote((d / "g").string()) +
           " --set gauges.interval=0.001 --set time.steps=0 --set time.end=100 --set "
           "time.max_steps=50",
       "time.max_steps"},
      // A NaN bed (it made every cell dry and the run ended with exit 0) and a NaN level (the sea
      // started empty): refused at the element where they are met.
      {"run " + quote(source_path("cases/lake_at_rest.toml")) + " -q -o " +
           quote((d / "nan_bed").string()) + " --set 'bathymetry.elevation=\"0/0\"'",
       "the bed (elevation = 0/0) is not finite in element"},
      {"run " + quote(source_path("cases/lake_at_rest.toml")) + " -q -o " +
           quote((d / "nan_eta").string()) + " --set 'initial.eta=\"sqrt(-1)\"'",
       "[initial]: the water level is not finite"},
      // Every chunk of steps ends on a gauge sample, yet the estimate from the stable step refuses
      // the run at once instead of after time.max_steps steps.
      {"run " + quote(source_path("cases/lake_at_rest.toml")) + " -q -o " +
           quote((d / "g2").string()) +
           " --set gauges.interval=1 --set time.steps=0 --set time.end=1e6 --set "
           "time.max_steps=200",
       "would take about"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.args);
    const std::string line = expect_exit(k.args, d, k.code);
    CHECK(has(line, k.part));
  }
  // A raised limit lets the same run go.
  const CmdResult ok =
      run_tridg(c + "time.steps=0 --set time.end=0.05 --set time.max_steps=100", d.path);
  CHECK(ok.code == 0);
}

TEST_CASE("one run per output folder; stale temporaries are removed") {
  TempDir d("guard_lock");
  write_file(d / "case.toml", square_case());
  fs::create_directories(d / "o");
  const std::string lock = (d / "o" / ".tridg.lock").string();
  const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT, 0644);
  REQUIRE(fd >= 0);
  REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
  const std::string pid = std::to_string(::getpid());
  REQUIRE(::write(fd, pid.data(), pid.size()) == ssize_t(pid.size()));
  const std::string args =
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "o").string());
  const std::string line = expect_exit(args, d, 5);
  CHECK(has(line, (d / "o").string()));
  CHECK(has(line, "pid " + pid));
  ::close(fd);
  // Left by killed runs: removed at the start of the next run; other files stay.
  write_file(d / "o" / "solution_0003.h5.12345.tmp", "x");
  write_file(d / "o" / "final.h5.tmp", "x");
  write_file(d / "o" / "notes.tmp", "mine");
  const CmdResult r = run_tridg(args, d.path);
  CHECK(r.code == 0);
  CHECK_FALSE(fs::exists(d / "o" / "solution_0003.h5.12345.tmp"));
  CHECK_FALSE(fs::exists(d / "o" / "final.h5.tmp"));
  CHECK(fs::exists(d / "o" / "notes.tmp"));
  CHECK_FALSE(fs::exists(d / "o" / ".tridg.lock"));
  CHECK(fs::exists(d / "o" / "final.h5"));
}

TEST_CASE("a lock file that is a symbolic link is refused and its target left alone") {
  TempDir d("guard_lock_link");
  write_file(d / "case.toml", square_case());
  fs::create_directories(d / "o");
  write_file(d / "target.txt", "mine");
  fs::create_symlink(d / "target.txt", d / "o" / ".tridg.lock");
  const std::string args =
      "run " + quote((d / "case.toml").string()) + " -q -o " + quote((d / "o").string());
  CHECK(has(expect_exit(args, d, 5), "the lock file is a symbolic link"));
  CHECK(read_file(d / "target.txt") == "mine");
  // A dangling link creates nothing either.
  fs::remove(d / "o" / ".tridg.lock");
  fs::create_symlink(d / "absent.txt", d / "o" / ".tridg.lock");
  expect_exit(args, d, 5);
  CHECK_FALSE(fs::exists(d / "absent.txt"));
}

TEST_CASE("error lines stay one readable line") {
  TempDir d("guard_messages");
  write_file(d / "case.toml", square_case());
  // A 500 kB unknown key (case files may hold up to 1 MiB) is echoed in the message: the line is
  // cut.
  write_file(d / "long.toml", square_case() + "\n[output]\n" + std::string(500000, 'k') + " = 1\n");
  const std::string line = expect_exit("run " + quote((d / "long.toml").string()), d, 3);
  CHECK(line.size() < 1000);
  CHECK(has(line, "more characters"));
  const std::string empty_out =
      expect_exit("run " + quote((d / "case.toml").string()) + " -o ''", d, 3);
  CHECK(has(empty_out, "output"));
  const std::string gpu =
      expect_exit("run " + quote((d / "case.toml").string()) + " --gpu -1", d, 3);
  CHECK(has(gpu, "--gpu"));
  CHECK_FALSE(has(gpu, "e+308"));
  write_file(d / "f.h5", "not hdf5");
  const std::string size = expect_exit("plot " + quote((d / "f.h5").string()) + " --size 0", d, 3);
  CHECK(has(size, "--size"));
  CHECK_FALSE(has(size, "e+308"));
}

TEST_CASE("a time series with NaN or infinite values names file and line") {
  TempDir d("guard_series");
  for (const char* v : {"nan", "inf", "-inf", "1e999"}) {
    CAPTURE(v);
    const std::string path = (d / "series.txt").string();
    write_file(path, std::string("time level\n0 0.1\n1 ") + v + "\n2 0.3\n");
    std::string msg;
    try {
      tridg::read_time_series(path);
    } catch (const tridg::UserError& e) {
      msg = e.what();
      CHECK(e.code() == tridg::ExitCode::bad_case);
    }
    CHECK(has(msg, path + ":3:"));
    // A non-finite value on the first line is not a header either.
    write_file(path, std::string("0 ") + v + "\n1 0.2\n");
    msg.clear();
    try {
      tridg::read_time_series(path);
    } catch (const tridg::UserError& e) {
      msg = e.what();
    }
    CHECK(has(msg, path + ":1:"));
  }
}

TEST_CASE("a sliver element is named in a warning") {
  TempDir d("guard_sliver");
  // The unit square cut into four triangles around a node 1e-6 above the bottom edge.
  write_file(d / "sliver.msh",
             "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n1\n1 1 \"wall\"\n"
             "$EndPhysicalNames\n$Nodes\n5\n1 0 0 0\n2 1 0 0\n3 1 1 0\n4 0 1 0\n5 0.5 1e-6 0\n"
             "$EndNodes\n$Elements\n8\n1 1 2 1 1 1 2\n2 1 2 1 1 2 3\n3 1 2 1 1 3 4\n4 1 2 1 1 4 1\n"
             "5 2 2 2 1 1 2 5\n6 2 2 2 1 1 5 4\n7 2 2 2 1 5 2 3\n8 2 2 2 1 5 3 4\n$EndElements\n");
  write_file(d / "case.toml", "[mesh]\nfile = \"sliver.msh\"\n[time]\nend = 1\nmax_steps = 1000\n"
                              "[initial]\ntype = \"constant\"\nrho = 1.0\np = 1.0\n"
                              "[boundary.wall]\ntype = \"wall\"\n");
  const CmdResult r = run_tridg("run " + quote((d / "case.toml").string()) + " --no-progress -o " +
                                    quote((d / "o").string()),
                                d.path);
  INFO(r.err);
  CHECK_FALSE(r.crashed());
  CHECK(has(r.err, "at (0.5, 3.33333e-07) is a sliver"));
  // Its time step makes the run far longer than time.max_steps allows: refused with the estimate.
  CHECK(r.code == 3);
  CHECK(has(r.last_line(), "would take about"));
  CHECK(has(r.last_line(), "time.max_steps = 1000"));
}
