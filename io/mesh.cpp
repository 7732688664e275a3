#include "io/mesh.hpp"

#include <algorithm>

namespace tridg {

int Mesh::group_of_edge(std::int32_t e) const {
  if (e < 0 || e >= n_boundary_edges) return -1;
  // Groups are contiguous and sorted by their first edge.
  auto it = std::upper_bound(groups.begin(), groups.end(), e,
                             [](std::int32_t v, const BoundaryGroup& g) { return v < g.first; });
  if (it == groups.begin()) return -1;
  --it;
  return e < it->first + it->count ? static_cast<int>(it - groups.begin()) : -1;
}

int Mesh::group_index(const std::string& name) const {
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (groups[g].name == name) return static_cast<int>(g);
  return -1;
}

} // namespace tridg
