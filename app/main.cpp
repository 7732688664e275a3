// tridg: discontinuous Galerkin solver for the 2D Euler and shallow-water equations.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <new>
#include <string>

#include "app/commands.hpp"
#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "io/mesh_worker.hpp"
#include "parallel/comm.hpp"
#include "solver/signals.hpp"

namespace {

// Error messages may quote input (a line of a case file, a path); the line printed stays one
// line of readable length whatever the input held.
constexpr std::size_t kMaxMessage = 600;

std::string one_line(std::string m) {
  for (char& c : m)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  if (m.size() > kMaxMessage) {
    std::size_t cut = kMaxMessage;
    while (cut > 0 && (static_cast<unsigned char>(m[cut]) & 0xC0) == 0x80) --cut; // UTF-8
    m = m.substr(0, cut) + " ... (" + std::to_string(m.size() - cut) + " more characters)";
  }
  return m;
}

void print_error(const char* kind, const std::string& msg, const char* tail = "") {
  std::fprintf(stderr, "tridg: %s: %s%s\n", kind, one_line(msg).c_str(), tail);
}

// Reports an error and gives the exit code. On several ranks, an error every rank met (the same
// input read by all) is reported once, by rank 0; an error of one rank is reported by it and
// ends all ranks, so that none waits for it forever.
int report(tridg::ExitCode code, const char* kind, const std::string& msg, const char* tail = "") {
  using namespace tridg;
  if (par::size() > 1 && !par::all_ranks_failed()) {
    print_error(kind, "rank " + std::to_string(par::rank()) + ": " + msg, tail);
    par::abort_all(code);
  }
  if (par::root()) print_error(kind, msg, tail);
  silence_early_interrupts();
  par::error_reported();
  return static_cast<int>(code);
}

} // namespace

int main(int argc, char** argv) {
  using namespace tridg;
  // A meshing process started by tridg itself (io/mesh_worker.hpp): before MPI, which the
  // launcher's environment it inherits would otherwise start.
  if (argc > 1 && std::strcmp(argv[1], kMeshWorkerCommand) == 0)
    return mesh_worker_main(argc, argv);
  {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) set_mesh_worker(self.string());
  }
  // Under mpirun or srun: one rank of several (a no-op otherwise).
  const par::Session mpi(argc, argv);
  h5::silence_errors(); // first HDF5 call: see there
  CLI::App app{"tridg " TRIDG_VERSION
               ": high-order discontinuous Galerkin solver for the 2D Euler and shallow-water "
               "equations on triangle meshes"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tridg ") + TRIDG_VERSION);
  std::string level = "info";
  bool quiet = false;
  app.add_option("--log-level", level, "trace, debug, info, warn, error or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
  app.add_flag("-q,--quiet", quiet, "only warnings and errors");
  const Action run = add_run_command(app);
  const Action import = add_import_command(app);
  const Action info = add_info_command(app);
  const Action partition = add_partition_command(app);
  const Action plot = add_plot_command(app);
  const Action region = add_region_command(app);
  const Action maps = add_maps_command(app);
  // --quiet and --log-level are accepted after the subcommand too.
  for (auto* sub : app.get_subcommands({})) sub->fallthrough();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return par::root() ? app.exit(e) : 0; // --help, --version
    return report(ExitCode::bad_case, "error", e.what(), " (see --help)");
  }
  // Logs go to stderr so that stdout carries only results (tridg info --json).
  auto logger = spdlog::stderr_color_mt("tridg");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("[%H:%M:%S] %^%l%$ %v");
  spdlog::set_level(quiet ? spdlog::level::warn : spdlog::level::from_str(level));
  // Every rank reads the same input and meets the same warnings: rank 0 speaks for all.
  if (!par::root()) spdlog::set_level(spdlog::level::off);
  // From here Ctrl-C or SIGTERM ends any command with exit 130 and one line; `run`'s time loop
  // takes over to write a checkpoint.
  install_early_interrupt_handlers(par::root(), app.got_subcommand("run"));
  try {
    for (auto* sub : app.get_subcommands()) {
      if (sub->get_name() == "run") return run();
      if (sub->get_name() == "import") return import();
      if (sub->get_name() == "info") return info();
      if (sub->get_name() == "partition") return partition();
      if (sub->get_name() == "plot") return plot();
      if (sub->get_name() == "region") return region();
      if (sub->get_name() == "maps") return maps();
    }
    return static_cast<int>(ExitCode::internal);
  } catch (const UserError& e) {
    return report(e.code(), "error", e.what());
  } catch (const std::bad_alloc&) {
    // Sizes come from the inputs (a grid's declared dimensions, a mesh, a map's nodes): an input
    // asked for more memory than the machine has, which is not a bug to report.
    return report(ExitCode::bad_case, "error",
                  "out of memory: the inputs ask for more memory than this machine has (a "
                  "grid, mesh or map that large, or a limit such as --max-elements set too high)");
  } catch (const std::exception& e) {
    return report(ExitCode::internal, "internal error", e.what(), " (please report this)");
  }
}
