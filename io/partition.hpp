#pragma once
// Domain decomposition: the element dual graph (elements joined by interior edges, periodic edges
// included) cut into parts with METIS, and the numbers that say what the cut costs (interface
// edges, halo elements, balance). Builds without METIS (TRIDG_METIS=OFF) keep the statistics and
// the file functions but refuse to partition into more than one part.
#include <cstdint>
#include <string>
#include <vector>

#include "io/mesh.hpp"
#include "io/mesh_loader.hpp"

namespace tridg {

// The seed handed to METIS: the same mesh and part count always give the same parts.
inline constexpr int partition_seed = 1;

struct PartInfo {
  std::int64_t elements = 0;
  std::int64_t interface_edges = 0;     // interior edges with one element here and one elsewhere
  std::int64_t halo_elements = 0;       // elements of other parts that share an edge with this part
  std::vector<std::int32_t> neighbours; // the parts those elements are in, increasing
};

struct Partition {
  std::int32_t n_parts = 0;
  std::vector<std::int32_t> part; // per element, in the mesh's element order
  std::vector<PartInfo> parts;
  std::int64_t edge_cut = 0;   // interior edges whose two elements are in different parts
  std::int64_t total_halo = 0; // sum of the parts' halo elements
  double imbalance = 0;        // largest part / mean part (1 is perfect balance)
  // Halo elements / own elements, largest and mean over the parts (empty parts left out).
  double max_halo_fraction = 0, mean_halo_fraction = 0;
};

// Whether this build can partition into more than one part.
bool have_metis();

// Partitions the element dual graph into n_parts parts with METIS_PartGraphKway (n_parts = 1 puts
// every element in part 0 without METIS). Throws UserError(bad_case) for n_parts < 1 or more
// parts than elements, or when this build has no METIS; UserError(internal) when METIS fails.
Partition partition_mesh(const Mesh& m, std::int32_t n_parts);

// The statistics of a given assignment (part[k] in [0, n_parts) for every element k).
Partition partition_stats(const Mesh& m, std::vector<std::int32_t> part, std::int32_t n_parts);

// Writes the prepared mesh file of `m` (io/mesh_h5.hpp) with the partition added: dataset
// /partition/part (int32 per element, in the file's element order) and attributes n_parts and
// edge_cut on /partition. Written under a temporary name and renamed into place.
// Throws UserError(io_error).
void write_partition_h5(const Mesh& m, const Partition& p, const std::string& path);

// Reads /partition/part of a prepared mesh file, after checking that it has one entry per
// element and every entry lies in [0, n_parts). `n_parts`, when given, receives the count.
// Throws UserError(bad_mesh) naming the file.
std::vector<std::int32_t> read_partition_h5(const std::string& path,
                                            std::int32_t* n_parts = nullptr,
                                            std::int64_t max_elements = default_max_elements);

} // namespace tridg
