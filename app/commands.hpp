#pragma once
// The subcommands of `tridg`; each registers its options and returns the exit code.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>

namespace tridg {

using Action = std::function<int()>;

Action add_run_command(CLI::App& app);
Action add_import_command(CLI::App& app);
Action add_info_command(CLI::App& app);
Action add_partition_command(CLI::App& app);
Action add_plot_command(CLI::App& app);
Action add_region_command(CLI::App& app);
Action add_maps_command(CLI::App& app);

// --trust-geo and --max-elements, shared by run, import and info (io/mesh_loader.hpp).
void add_mesh_safety_options(CLI::App* cmd, bool& trust_geo, std::int64_t& max_elements,
                             double& mesh_time_limit);

} // namespace tridg
