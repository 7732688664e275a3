// `tridg region`: meshes a longitude-latitude box of a case from its bathymetry
// (tsunami/region_mesh.hpp) and writes a prepared mesh.
#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>

#include "app/commands.hpp"
#include "io/config.hpp"
#include "io/error.hpp"
#include "io/mesh.hpp"
#include "io/mesh_h5.hpp"
#include "tsunami/region_mesh.hpp"

namespace tridg {

Action add_region_command(CLI::App& app) {
  auto input = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto max_elements = std::make_shared<std::int64_t>(default_max_elements);
  auto factor = std::make_shared<double>(1.0);
  auto* cmd = app.add_subcommand(
      "region", "mesh the longitude-latitude box of a case's [region] from its bathymetry");
  cmd->add_option("case", *input, "case file with [region] and [bathymetry]")->required();
  cmd->add_option("-o,--output", *out, "prepared mesh file to write (.h5)")->required();
  cmd->add_option("--max-elements", *max_elements,
                  "refuse size fields that ask for more triangles than this (default 50000000)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{INT32_MAX / 4}));
  cmd->add_option("--size-factor", *factor,
                  "multiply every size of [region] by this (1.5 for p = 2: the same unknowns per "
                  "area as p = 1)")
      ->check(CLI::Range(0.01, 100.0));
  return [input, out, max_elements, factor]() {
    const auto t0 = std::chrono::steady_clock::now();
    std::string ext = std::filesystem::path(*out).extension().string();
    if (ext != ".h5")
      fail(ExitCode::bad_case, *out + ": tridg region writes a prepared mesh; name it *.h5");
    const Config cfg = Config::load(*input, {});
    const RegionMesh r = make_region_mesh(cfg, *max_elements, *factor);
    write_mesh_h5(r.mesh, *out);
    spdlog::info("wrote {}: {} triangles (the size field asked for about {}), edges {:.0f}-{:.0f} "
                 "m, in {:.1f} s",
                 *out, r.mesh.n_elems(), r.estimated, r.min_edge, r.max_edge,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return 0;
  };
}

} // namespace tridg
