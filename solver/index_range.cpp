#include "solver/index_range.hpp"

#include <fmt/format.h>

#include <limits>

#include "io/error.hpp"

namespace tridg {

std::vector<IntCount> int_counts(const MeshArrays& a) {
  constexpr std::int64_t kInt = std::numeric_limits<std::int32_t>::max();
  std::vector<IntCount> c;
  // A GPU launch numbers its threads in 32 bits, up to four per element (the tensor-core element
  // stage); the same bound as --max-elements'.
  c.push_back({"elements", a.n_elems, kInt / 4, "up to 4 threads per element on a GPU"});
  // An element's face entry is 2 edge + 1 where it is the edge's right element, and a GPU's edge
  // launch numbers up to two lanes per edge in 32 bits, rounded up to whole blocks of at most
  // 1024 threads.
  c.push_back({"edges", a.n_edges, (kInt - 1024) / 2,
               "the elements' face entries hold 2 edge + 1, and a GPU two lanes per edge"});
  c.push_back({"vertices", a.n_nodes, kInt, ""});
  // The vertices' element lists start at int offsets (MeshArrays::node_elem_start).
  c.push_back({"vertex-element entries", std::int64_t(a.node_elem.size()), kInt, ""});
  return c;
}

void check_index_range(const MeshArrays& a, const std::string& mesh_path) {
  for (const IntCount& c : int_counts(a)) {
    if (c.value <= c.limit) continue;
    fail(ExitCode::bad_mesh,
         fmt::format("{}: {} {} are too many for one process: tridg numbers them in 32 bits, at "
                     "most {}{}; split the mesh over more ranks (tridg partition)",
                     mesh_path, c.value, c.name, c.limit, c.why.empty() ? "" : " (" + c.why + ")"));
  }
}

} // namespace tridg
