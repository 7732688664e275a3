#pragma once
// The subcommands of `tridg`; each registers its options and returns the exit code.
#include <CLI/CLI.hpp>
#include <functional>

namespace tridg {

using Action = std::function<int()>;

Action add_run_command(CLI::App& app);
Action add_import_command(CLI::App& app);
Action add_info_command(CLI::App& app);
Action add_plot_command(CLI::App& app);

} // namespace tridg
