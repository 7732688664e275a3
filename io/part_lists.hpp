#pragma once
// What each part of a partitioned mesh reads: its own elements and its ghosts, the elements of
// other parts within a few layers of neighbours (through an edge, a periodic edge or a vertex).
// Three layers hold the deepest halo a run keeps (backends/halo.hpp: the vertex-based limiter's
// three), also after each part is refined on its own: a refined layer is thinner than the coarse
// one it lies in.
#include <cstdint>
#include <string>
#include <vector>

#include "io/mesh.hpp"

namespace tridg {

inline constexpr int kPartGhostLayers = 3;

struct PartLists {
  // Part q's elements are owned[owned_offsets[q] .. owned_offsets[q + 1]), ascending; its
  // ghosts likewise in ghosts.
  std::vector<std::int64_t> owned_offsets, ghost_offsets;
  std::vector<std::int32_t> owned, ghosts;
};

PartLists part_lists(const Mesh& m, const std::vector<std::int32_t>& part, std::int32_t n_parts,
                     int layers = kPartGhostLayers);

// One part's lists from a file tridg partition wrote (the /partition group): owned and ghost
// elements, ascending. Throws UserError(bad_mesh) naming the file.
struct PartElements {
  std::int32_t n_parts = 0;
  std::vector<std::int64_t> owned, ghosts;
};
PartElements read_part_elements_h5(const std::string& path, std::int32_t part);

// The number of parts whose lists a prepared mesh file holds; 0 for any other file (not .h5,
// unreadable, no partition, or a partition without the lists).
std::int32_t stored_parts(const std::string& path);

} // namespace tridg
