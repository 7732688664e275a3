#include "io/mesh_worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <new>
#include <vector>

#include "io/circle_fit.hpp"
#include "io/error.hpp"
#include "io/raw_mesh_wire.hpp"
#ifdef TRIDG_WITH_GMSH
#include "io/gmsh_reader.hpp"
#endif

extern char** environ;

namespace tridg {

namespace {

std::string g_worker; // empty: mesh in this process

// The child's message starts with one of these.
constexpr char kMesh = 'M', kError = 'E';

void write_all(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return; // the parent is gone: nobody to tell
    done += std::size_t(n);
  }
}

std::string error_message(ExitCode code, const std::string& what) {
  const std::int32_t c = static_cast<std::int32_t>(code);
  std::string m(1, kError);
  m.append(reinterpret_cast<const char*>(&c), sizeof c);
  return m + what;
}

// The known exit codes a child may report; anything else is a damaged message.
bool known_code(std::int32_t c) {
  for (const ExitCode k : {ExitCode::internal, ExitCode::bad_mesh, ExitCode::bad_case,
                           ExitCode::mismatch, ExitCode::io_error})
    if (c == static_cast<std::int32_t>(k)) return true;
  return false;
}

class Child {
public:
  Child(const std::string& exe, const std::vector<std::string>& args) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      fail(ExitCode::internal, std::string("cannot make a pipe: ") + std::strerror(errno));
    read_ = fds[0];
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const int rc = posix_spawn(&pid_, exe.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(fds[1]);
    if (rc != 0) {
      ::close(read_);
      fail(ExitCode::internal,
           "cannot start the meshing process " + exe + ": " + std::strerror(rc));
    }
  }
  ~Child() {
    if (pid_ > 0) end(true);
    ::close(read_);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // Reads until the child closes its end; false at the deadline or beyond `cap` bytes.
  bool read_until(std::chrono::steady_clock::time_point deadline, std::size_t cap,
                  std::string& into) {
    char buf[1 << 16];
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return false;
      pollfd p{read_, POLLIN, 0};
      const int r = ::poll(&p, 1, int(std::min<long long>(left, 1000)));
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) continue; // poll again, or stop at the deadline
      const ssize_t n = ::read(read_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return true; // the child closed its end
      into.append(buf, std::size_t(n));
      if (into.size() > cap) return false;
    }
  }
  // The child's wait status once it has ended; `kill`: end it first (a no-op when it has
  // exited: it stays a zombie until waited for).
  int end(bool kill) {
    if (kill) ::kill(pid_, SIGKILL);
    const int st = wait();
    pid_ = -1;
    return st;
  }

private:
  int wait() {
    int st = 0;
    while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
    }
    return st;
  }
  pid_t pid_ = -1;
  int read_ = -1;
};

} // namespace

void set_mesh_worker(const std::string& executable) {
  g_worker = executable;
}

bool mesh_worker_enabled() {
  return !g_worker.empty();
}

RawMesh read_gmsh_in_worker(const std::string& path, const MeshOptions& opt) {
  if (!(opt.time_limit > 0))
    fail(ExitCode::bad_case,
         fmt::format("the meshing time limit must be positive, not {}", opt.time_limit));
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(std::min(opt.time_limit, 1e6)));
  Child child(g_worker,
              {g_worker, kMeshWorkerCommand, path, fmt::format("{:.17g}", opt.size_factor),
               std::to_string(opt.max_elements), opt.trust_geo ? "1" : "0"});
  // A mesh of the element limit takes about 40 bytes per triangle (with its nodes and edges).
  const std::size_t cap = std::size_t(opt.max_elements) * 64 + (std::size_t(16) << 20);
  std::string bytes;
  if (!child.read_until(deadline, cap, bytes)) {
    child.end(true);
    if (bytes.size() > cap)
      fail(ExitCode::bad_mesh, path + ": the meshing process sent more than a mesh of the "
                                      "element limit holds");
    fail(ExitCode::bad_mesh,
         fmt::format("{}: meshing did not finish within {:g} s (a loop in the file?); raise the "
                     "limit with --mesh-time-limit",
                     path, opt.time_limit));
  }
  const int st = child.end(false);
  if (WIFSIGNALED(st))
    fail(ExitCode::bad_mesh, fmt::format("{}: the meshing process died of signal {} ({})", path,
                                         WTERMSIG(st), strsignal(WTERMSIG(st))));
  if (bytes.empty())
    fail(ExitCode::bad_mesh, fmt::format("{}: the meshing process ended without a mesh (exit "
                                         "status {})",
                                         path, WIFEXITED(st) ? WEXITSTATUS(st) : -1));
  if (bytes[0] == kError && bytes.size() >= 1 + sizeof(std::int32_t)) {
    std::int32_t code = 0;
    std::memcpy(&code, bytes.data() + 1, sizeof code);
    if (known_code(code)) throw UserError(static_cast<ExitCode>(code), bytes.substr(5));
  }
  if (bytes[0] != kMesh)
    fail(ExitCode::bad_mesh, path + ": the meshing process sent something that is not a mesh");
  RawMesh raw = decode_raw_mesh(bytes.substr(1), path);
  detect_arcs(raw);
  return raw;
}

int mesh_worker_main(int argc, char** argv) {
  // Ends with its parent, however that ends; a parent already gone leaves nobody to mesh for.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 1;
  if (argc != 6) return 2;
  std::string message;
  try {
#ifdef TRIDG_WITH_GMSH
    MeshOptions opt;
    opt.size_factor = std::stod(argv[3]);
    opt.max_elements = std::stoll(argv[4]);
    opt.trust_geo = std::string(argv[5]) == "1";
    set_gmsh_failure_report([](const std::string& m) {
      write_all(STDOUT_FILENO, error_message(ExitCode::bad_mesh, m));
    });
    message = kMesh + encode_raw_mesh(read_gmsh(argv[2], opt));
#else
    message = error_message(ExitCode::bad_mesh, std::string(argv[2]) + ": no Gmsh in this build");
#endif
  } catch (const UserError& e) {
    message = error_message(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    message = error_message(ExitCode::bad_mesh,
                            std::string(argv[2]) + ": not enough memory to mesh this file");
  } catch (const std::exception& e) {
    message = error_message(ExitCode::internal, std::string(argv[2]) + ": " + e.what());
  }
  write_all(STDOUT_FILENO, message);
  return 0;
}

} // namespace tridg
