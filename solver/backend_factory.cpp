#include "solver/backend_factory.hpp"

namespace tridg {

std::string resolve_device(const std::string& requested, int gpu) {
  if (requested == "auto") {
    const std::string found = first_backend_with_device(CompiledBackends{});
    // --gpu beyond the devices present: "auto" falls back to the CPU, as without a GPU.
    if (found != "cpu" && gpu >= backend_device_count(found)) return "cpu";
    return found;
  }
  const int n = backend_device_count(requested);
  if (n < 0)
    fail(ExitCode::no_device, "--device " + requested +
                                  ": this build has no such backend (it has " +
                                  compiled_backend_names() + "; rebuild with -DTRIDG_CUDA=ON)");
  if (requested == "cpu") return requested;
  if (n == 0)
    fail(ExitCode::no_device,
         "--device " + requested + ": no GPU found (driver missing or no device)");
  if (gpu < 0 || gpu >= n)
    fail(ExitCode::no_device,
         "--gpu " + std::to_string(gpu) + ": only " + std::to_string(n) + " GPU(s) present");
  return requested;
}

} // namespace tridg
