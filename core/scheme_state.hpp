#pragma once
// What a time scheme carries from one step to the next besides the state: BDF2's previous state
// and step, the next step an adaptive scheme chose, the steady solve's reference residual. It is
// written with every snapshot (under /scheme) so that a restart continues bit for bit; it is
// empty for the explicit schemes, whose steps depend on the state alone.
#include <string>
#include <utility>
#include <vector>

namespace tridg {

struct SchemeState {
  std::string scheme; // the time.scheme that wrote it
  std::vector<std::pair<std::string, std::vector<double>>> arrays;
  bool empty() const { return arrays.empty(); }
  const std::vector<double>* find(const std::string& name) const {
    for (const auto& [n, v] : arrays)
      if (n == name) return &v;
    return nullptr;
  }
};

} // namespace tridg
