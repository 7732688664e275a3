#include "solver/backend_factory.hpp"

namespace tridg {

std::string resolve_device(const std::string& requested, int gpu) {
  if (requested == "cpu") return "cpu";
#ifdef TRIDG_HAVE_CUDA
  const int n = cuda_device_count();
  if (requested == "cuda") {
    if (n == 0)
      fail(ExitCode::no_device, "--device cuda: no CUDA GPU found (driver missing or no device)");
    if (gpu < 0 || gpu >= n)
      fail(ExitCode::no_device,
           "--gpu " + std::to_string(gpu) + ": only " + std::to_string(n) + " GPU(s) present");
    return "cuda";
  }
  return n > 0 && gpu < n ? "cuda" : "cpu";
#else
  (void)gpu;
  if (requested == "cuda")
    fail(ExitCode::no_device,
         "--device cuda: this build has no CUDA backend (rebuild with -DTRIDG_CUDA=ON)");
  return "cpu";
#endif
}

} // namespace tridg
