// `tridg maps`: a run's per-element maxima on a regular grid, as CF-NetCDF
// (tsunami/maps.hpp).
#include <spdlog/spdlog.h>

#include <array>
#include <filesystem>

#include "app/commands.hpp"
#include "io/error.hpp"
#include "tsunami/maps.hpp"

namespace tridg {

Action add_maps_command(CLI::App& app) {
  auto opt = std::make_shared<MapOptions>();
  auto out = std::make_shared<std::string>();
  auto box = std::make_shared<std::vector<double>>();
  auto* cmd = app.add_subcommand(
      "maps", "resample a shallow-water run's maxima (max_inundation.h5) onto a regular grid "
              "and write CF-NetCDF");
  cmd->add_option("input", opt->input, "max_inundation.h5, or the run's output folder")->required();
  cmd->add_option("-o,--output", *out, "NetCDF file to write (.nc)")->required();
  cmd->add_option("--spacing", opt->spacing,
                  "grid spacing in the mesh's unit (degrees on a geographic mesh); default: the "
                  "typical element size")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--box", *box, "x0 x1 y0 y1 of the grid (default: the elements' extent)")
      ->expected(4);
  cmd->add_option("--max-points", opt->max_points,
                  "refuse grids of more nodes than this (default 25000000)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 32));
  return [opt, out, box]() {
    if (std::filesystem::path(*out).extension() != ".nc")
      fail(ExitCode::bad_case, *out + ": tridg maps writes NetCDF; name it *.nc");
    if (!box->empty()) opt->box = std::array<double, 4>{(*box)[0], (*box)[1], (*box)[2], (*box)[3]};
    const MapGrid g = resample_maxima(*opt);
    MapGrid h = g;
    h.history = "tridg maps " + opt->input;
    write_map_netcdf(h, *out);
    spdlog::info("wrote {}: {} x {} nodes, spacing {:g}, fields max_height, max_depth, "
                 "inundation_depth, arrival_time, bed",
                 *out, g.nx, g.ny, g.dx);
    return 0;
  };
}

} // namespace tridg
