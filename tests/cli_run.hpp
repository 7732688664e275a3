#pragma once
// Runs the tridg executable (TRIDG_BINARY) from the command-line tests and collects what it did.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tridg_test {

namespace fs = std::filesystem;

struct CmdResult {
  int code = -1;   // exit code; 128 + N when the shell saw signal N
  std::string err; // stderr
  std::string out; // stdout
  bool crashed() const { return code < 0 || code == 124 || (code >= 128 && code != 130); }
  // The last non-empty line of stderr (the error message).
  std::string last_line() const {
    std::istringstream s(err);
    std::string line, last;
    while (std::getline(s, line))
      if (!line.empty()) last = line;
    return last;
  }
};

inline std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

inline void write_file(const fs::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary);
  f << text;
}

// A fresh folder under the system's temporary folder, removed by the destructor.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name) {
    path = fs::temp_directory_path() / ("tridg_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path operator/(const std::string& s) const { return path / s; }
};

inline std::string quote(const std::string& s) {
  std::string o = "'";
  for (char c : s) o += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return o + "'";
}

// Runs `tridg ARGS` with one OpenMP thread (the runs are tiny; two threads on a busy machine
// are slower) and the given extra environment assignments ("PATH=/x"), started by `launcher`
// when one is given ("mpiexec -n 3").
inline CmdResult run_tridg(const std::string& args, const fs::path& dir,
                           const std::string& env = "", const std::string& launcher = "") {
  const fs::path out = dir / "stdout.txt", err = dir / "stderr.txt";
  // timeout: a hang fails the test (as exit code 124 or 137) instead of stalling the suite.
  const std::string cmd = "timeout -k 5 120 env OMP_NUM_THREADS=1 " + env + " " + launcher + " " +
                          quote(TRIDG_BINARY) + " " + args + " > " + quote(out.string()) + " 2> " +
                          quote(err.string()) + " < /dev/null";
  const int st = std::system(cmd.c_str());
  CmdResult r;
  if (st != -1 && WIFEXITED(st)) r.code = WEXITSTATUS(st);
  if (st != -1 && WIFSIGNALED(st)) r.code = 128 + WTERMSIG(st);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// Runs the Python check `script` (with h5py) on `file` and asserts that it printed "ok"; without
// h5py on the machine the check fails, saying so.
inline void check_with_h5py(const TempDir& d, const std::string& script, const fs::path& file) {
  if (std::system("/usr/bin/python3 -c 'import h5py' > /dev/null 2>&1") != 0) {
    // A missing tool fails the check: a test that cannot look must not pass.
    FAIL_CHECK("h5py is not installed (python3-h5py, scripts/install_deps.sh): the check of "
               << file.string() << " cannot run");
    return;
  }
  write_file(d / "check.py", script);
  const std::string cmd = "/usr/bin/python3 " + quote((d / "check.py").string()) + " " +
                          quote(file.string()) + " > " + quote((d / "py.txt").string()) + " 2>&1";
  const int st = std::system(cmd.c_str());
  INFO(read_file(d / "py.txt"));
  CHECK(st == 0);
  CHECK(read_file(d / "py.txt") == "ok\n");
}

inline std::string source_path(const std::string& rel) {
  return (fs::path(TRIDG_SOURCE_DIR) / rel).string();
}

// A small Euler case on the 4-group unit square fixture: gas at rest between walls.
inline std::string square_case(const std::string& extra = "",
                               const std::string& time = "steps = 3") {
  return "[physics]\ntype = \"euler\"\n\n[mesh]\nfile = " +
         quote(source_path("meshes/fixtures/square_41.msh")) +
         "\n\n[discretization]\norder = 1\n\n[time]\n" + time +
         "\n\n[initial]\ntype = \"constant\"\nrho = 1.0\nu = 0.0\nv = 0.0\np = 1.0\n\n"
         "[boundary.bottom]\ntype = \"wall\"\n\n[boundary.top]\ntype = \"wall\"\n\n"
         "[boundary.left]\ntype = \"wall\"\n\n[boundary.right]\ntype = \"wall\"\n" +
         extra;
}

} // namespace tridg_test
