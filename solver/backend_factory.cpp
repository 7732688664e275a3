#include "solver/backend_factory.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>

#include "io/partition.hpp"
#include "solver/run.hpp"

namespace tridg {

int pick_gpu(const std::string& requested_device, int gpu_option) {
  if (gpu_option >= 0) return gpu_option;
  const std::string found =
      requested_device == "auto" ? first_backend_with_device(CompiledBackends{}) : requested_device;
  const int n = found == "cpu" ? 0 : backend_device_count(found);
  return n > 0 ? par::local_rank() % n : 0;
}

std::vector<std::int32_t> rank_partition(const Mesh& mesh, const std::string& mesh_path) {
  const int n = par::size();
  if (n == 1) return {};
  if (mesh.part) return mesh.part->owner;
  std::vector<std::int32_t> owner;
  par::on_root([&] {
    std::int32_t stored = 0;
    if (std::filesystem::path(mesh_path).extension() == ".h5") {
      try {
        owner = read_partition_h5(mesh_path, &stored);
      } catch (const UserError&) {
        stored = 0; // no partition in the file
      }
    }
    if (stored != n || owner.size() != std::size_t(mesh.n_elems())) {
      if (!have_metis())
        fail(ExitCode::bad_case, "running on " + std::to_string(n) +
                                     " ranks needs a partition: this build has no METIS, and " +
                                     mesh_path + " holds none for " + std::to_string(n) +
                                     " parts (write one with tridg partition)");
      owner = partition_mesh(mesh, n).part;
    } else {
      spdlog::info("using the {}-part partition stored in {}", n, mesh_path);
    }
    const Partition st = partition_stats(mesh, owner, n);
    spdlog::info("{} ranks: edge cut {}, halo elements {} (largest part {:.1f} % halo), "
                 "imbalance {:.3f}",
                 n, st.edge_cut, st.total_halo, 100 * st.max_halo_fraction, st.imbalance);
    for (const PartInfo& p : st.parts)
      if (p.elements == 0)
        fail(ExitCode::bad_case,
             "the mesh has too few elements for " + std::to_string(n) + " ranks (a part is empty)");
  });
  par::broadcast(owner);
  return owner;
}

std::string resolve_device(const std::string& requested, int gpu) {
  if (requested == "auto") {
    const std::string found = first_backend_with_device(CompiledBackends{});
    // --gpu beyond the devices present: "auto" falls back to the CPU, as without a GPU.
    if (found != "cpu" && gpu >= backend_device_count(found)) return "cpu";
    return found;
  }
  const int n = backend_device_count(requested);
  if (n < 0) {
    std::string rebuild;
    for (const KnownBackend& b : kKnownBackends)
      if (requested == b.name && *b.option) rebuild = std::string("; rebuild with ") + b.option;
    fail(ExitCode::no_device, "--device " + requested +
                                  ": this build has no such backend (it has " +
                                  compiled_backend_names() + rebuild + ")");
  }
  if (requested == "cpu") return requested;
  if (n == 0)
    fail(ExitCode::no_device,
         "--device " + requested + ": no GPU found (driver missing or no device)");
  if (gpu < 0 || gpu >= n)
    fail(ExitCode::no_device,
         "--gpu " + std::to_string(gpu) + ": only " + std::to_string(n) + " GPU(s) present");
  return requested;
}

std::vector<std::string> device_choices() {
  std::vector<std::string> c{"auto"};
  for (const KnownBackend& b : kKnownBackends) c.push_back(b.name);
  return c;
}

} // namespace tridg
