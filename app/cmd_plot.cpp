// `tridg plot`: a PNG of one field of a solution file, rendered headless through Gmsh, or a map
// of a field of `tridg maps`' NetCDF with the coastline.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>

#include "app/commands.hpp"
#include "io/error.hpp"
#include "io/map_grid.hpp"
#include "io/output_plot.hpp"
#include "tsunami/maps.hpp"

namespace tridg {

namespace {

// "1200x800" -> width, height.
bool parse_size(const std::string& s, int& w, int& h) {
  int n = 0;
  if (std::sscanf(s.c_str(), "%dx%d%n", &w, &h, &n) != 2 || n != int(s.size())) return false;
  return w >= 100 && h >= 100 && w <= 8000 && h <= 8000;
}

} // namespace

Action add_plot_command(CLI::App& app) {
  auto opt = std::make_shared<PlotOptions>();
  auto size = std::make_shared<std::string>();
  auto range = std::make_shared<std::vector<double>>();
  auto crop = std::make_shared<std::vector<double>>();
  auto* cmd = app.add_subcommand(
      "plot", "render a field of a solution file (.h5) to PNG through Gmsh (needs gmsh, xvfb-run)");
  cmd->add_option("file", opt->input,
                  "solution file written by tridg run (.h5), or a map of tridg maps (.nc)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("-f,--field", opt->field,
                  "field to show: rho, rhou, rhov, E, u, v, p, mach (Euler); h, hu, hv, u, v, "
                  "eta, bathymetry (shallow water); max_height, max_depth, inundation_depth, "
                  "arrival_time, bed (maps)")
      ->capture_default_str();
  cmd->add_option("-o,--output", opt->output, "picture to write (default: FILE_FIELD.png)");
  cmd->add_option("--range", *range, "colour range: --range 1.4,22")->delimiter(',')->expected(2);
  cmd->add_option("--size", *size,
                  "picture size in pixels, WxH (default 1200 wide, height from "
                  "the domain's aspect)");
  cmd->add_option("--crop", *crop, "show only x0 <= x <= x1, y0 <= y <= y1: --crop 0,3,0,1")
      ->delimiter(',')
      ->expected(4);
  cmd->add_flag("--cell", opt->cell, "element averages instead of the exact DG values");
  cmd->add_flag("--keep", opt->keep, "keep the temporary .msh and .geo files");
  return [opt, size, range, crop]() {
    if (!size->empty() && !parse_size(*size, opt->width, opt->height))
      fail(ExitCode::bad_case, "--size " + *size + ": give WxH, e.g. 1200x400 (100 to 8000)");
    if (range->size() == 2) opt->range = std::array<double, 2>{(*range)[0], (*range)[1]};
    if (crop->size() == 4)
      opt->crop = std::array<double, 4>{(*crop)[0], (*crop)[1], (*crop)[2], (*crop)[3]};
    if (std::filesystem::path(opt->input).extension() == ".nc") {
      if (opt->field == "rho") opt->field = "max_height"; // the default is a solution field
      // A map: its quadrangles and the coastline (from the bed) drawn by Gmsh, as a solution.
      const MapGrid g = read_map_netcdf(opt->input);
      std::string png = opt->output;
      if (png.empty())
        png = (std::filesystem::path(opt->input).parent_path() /
               (std::filesystem::path(opt->input).stem().string() + "_" + opt->field + ".png"))
                  .string();
      const auto r = draw_map(g, opt->field, png, opt->width, opt->range);
      spdlog::info("wrote {}: {} from {:g} (blue) to {:g} (red); coastline black, no value white",
                   png, opt->field, r[0], r[1]);
      return 0;
    }
    const std::string png = render_plot(*opt);
    spdlog::info("wrote {}", png);
    return 0;
  };
}

} // namespace tridg
