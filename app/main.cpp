// tridg: discontinuous Galerkin solver for the 2D Euler and shallow-water equations.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>

#include "app/commands.hpp"
#include "io/error.hpp"

int main(int argc, char** argv) {
  using namespace tridg;
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
  const Action plot = add_plot_command(app);
  // --quiet and --log-level are accepted after the subcommand too.
  for (auto* sub : app.get_subcommands({})) sub->fallthrough();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : static_cast<int>(ExitCode::bad_case);
  }
  // Logs go to stderr so that stdout carries only results (tridg info --json).
  auto logger = spdlog::stderr_color_mt("tridg");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("[%H:%M:%S] %^%l%$ %v");
  spdlog::set_level(quiet ? spdlog::level::warn : spdlog::level::from_str(level));
  try {
    for (auto* sub : app.get_subcommands()) {
      if (sub->get_name() == "run") return run();
      if (sub->get_name() == "import") return import();
      if (sub->get_name() == "info") return info();
      if (sub->get_name() == "plot") return plot();
    }
    return static_cast<int>(ExitCode::internal);
  } catch (const UserError& e) {
    // One line of sane length, whatever text from the input the message echoes.
    std::string msg = e.what();
    if (msg.size() > 500) msg = msg.substr(0, 500) + " [...]";
    for (char& c : msg)
      if (c == '\n' || c == '\r') c = ' ';
    std::fprintf(stderr, "tridg: error: %s\n", msg.c_str());
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tridg: internal error: %s (please report this)\n", e.what());
    return static_cast<int>(ExitCode::internal);
  }
}
