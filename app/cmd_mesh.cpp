// `tridg import`, `tridg info` and `tridg partition`: mesh conversion, inspection and
// decomposition.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>

#include "app/commands.hpp"
#include "io/error.hpp"
#include "io/mesh_h5.hpp"
#include "io/mesh_info.hpp"
#include "io/mesh_loader.hpp"
#include "io/partition.hpp"

namespace tridg {

void add_mesh_safety_options(CLI::App* cmd, bool& trust_geo, std::int64_t& max_elements,
                             double& mesh_time_limit) {
  cmd->add_flag("--trust-geo", trust_geo,
                "let a .geo mesh file run commands, write files and read files outside its "
                "folder (only for files you trust)");
  cmd->add_option("--max-elements", max_elements,
                  "refuse meshes of more triangles than this (default 50000000)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{INT32_MAX / 4}));
  cmd->add_option("--mesh-time-limit", mesh_time_limit,
                  "seconds that meshing a .geo may take before it is stopped (default 600)")
      ->check(CLI::Range(1e-3, 1e6));
}

namespace {

struct MeshArgs {
  std::string path;
  double size = 1.0;
  int refine = 0;
  bool trust_geo = false;
  std::int64_t max_elements = default_max_elements;
  double mesh_time_limit = MeshOptions{}.time_limit;
};

void add_mesh_args(CLI::App* cmd, MeshArgs& a) {
  cmd->add_option("mesh", a.path, "mesh file: .msh (2.2/4.1), .geo, or a prepared .h5")->required();
  cmd->add_option("--size", a.size, "scale the .geo characteristic length by this factor")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--refine", a.refine, "uniform 1->4 refinements after loading")
      ->check(CLI::Range(0, 8));
  add_mesh_safety_options(cmd, a.trust_geo, a.max_elements, a.mesh_time_limit);
}

Mesh load(const MeshArgs& a) {
  MeshOptions mo;
  mo.size_factor = a.size;
  mo.refine = a.refine;
  mo.trust_geo = a.trust_geo;
  mo.max_elements = a.max_elements;
  mo.time_limit = a.mesh_time_limit;
  return load_mesh(a.path, mo);
}

// Writing over the mesh being read would destroy it (also through another name for it).
void refuse_input_as_output(const std::string& in, const std::string& out) {
  std::error_code ec;
  if (std::filesystem::exists(out, ec) && std::filesystem::equivalent(in, out, ec))
    fail(ExitCode::bad_case, out + ": is the input mesh; choose another output file");
}

} // namespace

Action add_import_command(CLI::App& app) {
  auto a = std::make_shared<MeshArgs>();
  auto out = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "import", "read a Gmsh mesh, build connectivity, write a prepared mesh file");
  add_mesh_args(cmd, *a);
  cmd->add_option("-o,--output", *out, "prepared mesh file to write (.h5)")->required();
  return [a, out]() {
    refuse_input_as_output(a->path, *out);
    const Mesh m = load(*a);
    write_mesh_h5(m, *out);
    spdlog::info("wrote {}: {} elements, {} edges", *out, m.n_elems(), m.n_edges());
    return 0;
  };
}

Action add_info_command(CLI::App& app) {
  auto a = std::make_shared<MeshArgs>();
  auto json = std::make_shared<bool>(false);
  auto parts = std::make_shared<std::int32_t>(0);
  auto* cmd = app.add_subcommand("info", "print mesh statistics");
  add_mesh_args(cmd, *a);
  cmd->add_flag("--json", *json, "one JSON object on stdout");
  CLI::Option* parts_opt =
      cmd->add_option("--parts", *parts,
                      "also partition the mesh into N parts with METIS and print the cut, halo and "
                      "balance");
  return [a, json, parts, parts_opt]() {
    const Mesh m = load(*a);
    MeshStats s = mesh_stats(m);
    if (parts_opt->count() > 0) s.partition = partition_mesh(m, *parts);
    const std::string text = *json ? mesh_stats_json(s) : mesh_stats_text(s);
    std::fputs(text.c_str(), stdout);
    if (!text.empty() && text.back() != '\n') std::fputc('\n', stdout);
    return 0;
  };
}

Action add_partition_command(CLI::App& app) {
  auto a = std::make_shared<MeshArgs>();
  auto out = std::make_shared<std::string>();
  auto parts = std::make_shared<std::int32_t>(0);
  auto* cmd = app.add_subcommand(
      "partition", "partition a mesh with METIS and write a prepared mesh file with the parts");
  add_mesh_args(cmd, *a);
  cmd->add_option("-n,--parts", *parts, "number of parts")->required();
  cmd->add_option("-o,--output", *out, "prepared mesh file to write (.h5)")->required();
  return [a, out, parts]() {
    refuse_input_as_output(a->path, *out);
    const Mesh m = load(*a);
    const Partition p = partition_mesh(m, *parts);
    write_partition_h5(m, p, *out);
    spdlog::info("wrote {}: {} elements in {} parts, edge cut {}, imbalance {:.4f}, halo {}", *out,
                 m.n_elems(), p.n_parts, p.edge_cut, p.imbalance, p.total_halo);
    return 0;
  };
}

} // namespace tridg
