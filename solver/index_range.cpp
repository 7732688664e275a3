#include "solver/index_range.hpp"

#include <fmt/format.h>

#include <limits>

#include "io/error.hpp"

namespace tridg {

IndexedArray largest_indexed_array(const MeshArrays& a, int vars, int modes, int edge_points) {
  const std::int64_t E = a.n_elems, Ed = a.n_edges;
  const IndexedArray candidates[] = {
      {std::int64_t(vars) * modes * E, "the state"},
      {std::int64_t(vars) * edge_points * Ed, "the edges' fluxes"},
      {std::int64_t(a.n_aux) * E, "the physics' data per element"},
      {std::int64_t(a.n_edge_aux) * Ed, "the physics' data per edge"},
      {4 * E, "the elements' geometry"}, // [4][E] metric terms
      {4 * std::int64_t(a.n_bedges), "the boundary edges' end points"},
      {std::int64_t(a.node_elem.size()), "the elements around each vertex"}};
  IndexedArray largest = candidates[0];
  for (const IndexedArray& c : candidates)
    if (c.entries > largest.entries) largest = c;
  return largest;
}

void check_index_range(const MeshArrays& a, int vars, int modes, int edge_points,
                       const std::string& mesh_path) {
  constexpr std::int64_t limit = std::numeric_limits<std::int32_t>::max();
  const IndexedArray big = largest_indexed_array(a, vars, modes, edge_points);
  if (big.entries <= limit) return;
  fail(ExitCode::bad_mesh,
       fmt::format("{}: {} elements are too many for one process at this order: {} would hold "
                   "{} values, more than the {} that 32-bit indices address (at most {} "
                   "elements per process here); split the mesh over more ranks (tridg "
                   "partition) or use a lower order",
                   mesh_path, a.n_elems, big.name, big.entries, limit,
                   a.n_elems * limit / big.entries));
}

} // namespace tridg
