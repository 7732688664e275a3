#include <spdlog/spdlog.h>

#include <filesystem>

#include "app/commands.hpp"
#include "solver/run.hpp"

namespace tridg {

Action add_run_command(CLI::App& app) {
  auto opt = std::make_shared<RunOptions>();
  auto* cmd = app.add_subcommand("run", "run a case file");
  cmd->add_option("case", opt->case_path, "case file (TOML)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--mesh", opt->mesh_path,
                  "mesh instead of the case's mesh.file (.msh, .geo, .h5)")
      ->check(CLI::Validator(
          [](std::string& s) {
            return s.empty() ? std::string("the mesh file name is empty") : "";
          },
          "FILE"));
  cmd->add_option("--order,-p", opt->order, "polynomial order instead of discretization.order")
      ->check(CLI::Range(0, 6));
  cmd->add_option("--refine", opt->refine, "uniform 1->4 refinements of the mesh at load")
      ->check(CLI::Range(0, 8));
  const std::vector<std::string> devices = device_choices();
  std::string device_help = "auto (a GPU when present)";
  for (std::size_t i = 1; i < devices.size(); ++i)
    device_help += (i == 1 ? ", " : i + 1 == devices.size() ? " or " : ", ") + devices[i];
  cmd->add_option("--device", opt->device, device_help)->check(CLI::IsMember(devices));
  cmd->add_option("--gpu", opt->gpu,
                  "index of the GPU to use, 0 to 63 (default: 0; under MPI the rank's index "
                  "on its machine, modulo the GPUs present)")
      ->check(CLI::Range(0, 63).description("").name("GPU index"));
  cmd->add_option("--precision", opt->precision, "double or single (GPU only)")
      ->check(CLI::IsMember({"double", "single"}));
  cmd->add_option("--output,-o", opt->output_dir, "output folder instead of output.dir")
      ->check(CLI::Validator(
          [](const std::string& v) {
            return v.empty() ? std::string("the output folder must not be empty") : std::string();
          },
          "DIR"));
  cmd->add_option("--restart", opt->restart, "continue from a checkpoint (.h5)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", opt->overrides, "override a case key: --set time.end=0.1 (repeatable)");
  cmd->add_flag("--no-progress", opt->quiet, "no progress lines");
  cmd->add_option("--debug-visit-seed", opt->visit_seed,
                  "testing: the CPU backend visits elements and edges in an order shuffled by "
                  "this seed (> 0); results must not change");
  add_mesh_safety_options(cmd, opt->trust_geo, opt->max_elements, opt->mesh_time_limit);
  return [opt, &app]() {
    if (app.get_option("--quiet")->as<bool>()) opt->quiet = true;
    const RunResult r = run_case(*opt);
    (void)r;
    return 0;
  };
}

} // namespace tridg
