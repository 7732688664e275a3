#pragma once
// One part of a partitioned mesh, cut from the whole mesh's arrays: the part's elements and their
// ghosts, renumbered into the ranges backends/halo.hpp describes, and the lists of elements each
// neighbour part sends and receives. Every part computes its lists from the same global data, so
// the parts agree on the order of the rows without exchanging a message.
#include <cstdint>
#include <vector>

#include "backends/backend.hpp"

namespace tridg {

struct LocalPart {
  MeshArrays mesh;                       // in the local numbering
  HaloLayout layout;                     // ranges and send/recv lists (no transport yet)
  std::vector<std::int32_t> elem_global; // local element -> whole-mesh element (owned, ghosts)
  std::vector<int> neighbours;           // neighbour parts, increasing
  std::vector<int> rows_send, rows_recv; // per neighbour: elements sent and received
  // Boundary groups: the whole mesh's ranges and this part's, and for each local boundary
  // edge its whole-mesh index (to cut tabulated boundary data).
  std::vector<Range> groups, local_groups;
  std::vector<std::int32_t> bedge_global;
  std::vector<std::int32_t> edge_global; // local edge -> whole-mesh edge
};

// The part `rank` of the mesh whose element k lies in part owner[k]. Ghosts are the elements of
// other parts that share an edge with the part, and with `vertex_halo` (the vertex-based
// limiter reads vertex patches) also those that share a vertex. `groups` are the boundary
// groups' edge ranges in the whole mesh. With `gid`, `whole` is the part as its rank read it
// (io/mesh.hpp's MeshPart: its own elements, then enough ghosts), gid its elements' whole-mesh
// numbers, and the exchange lists come from asking the other ranks (collective).
LocalPart make_local_part(const MeshArrays& whole, const std::vector<std::int32_t>& owner, int rank,
                          bool vertex_halo, const std::vector<Range>& groups,
                          const std::vector<std::int64_t>* gid = nullptr);

// The physics' fixed data of the whole mesh ([rows][E] per element, [rows][Ed] per edge) cut to
// the part's elements and edges, as make_local_part cuts them.
void cut_part_aux(const LocalPart& part, const std::vector<double>& aux,
                  const std::vector<double>& edge_aux, int n_elems, int n_edges,
                  std::vector<double>& local_aux, std::vector<double>& local_edge_aux);

// A boundary table [M][NF][count] of a group cut to the part's edges of that group.
std::vector<double> cut_boundary_table(const std::vector<double>& table, const LocalPart& part,
                                       int group, int n_vars);

} // namespace tridg
