#pragma once
// The output files of a run whose ranks each hold only their part of the mesh (io/mesh.hpp's
// MeshPart): the same HDF5 snapshot and Gmsh file that one process writes for the whole mesh,
// in the whole mesh's element order. Every rank writes its rows of the snapshot through
// parallel HDF5, or rank 0 writes them block by block as the parts' rows arrive
// (parallel/stream_rows.hpp); no rank ever holds the whole mesh or state.
#include <string>
#include <vector>

#include "io/mesh.hpp"
#include "io/output_msh.hpp"
#include "io/output_viz.hpp"
#include "io/solution_h5.hpp"

namespace tridg {

// Collective. `s.coeffs` and `s.cell_data`, `viz` and `fields` are the rank's own, over its
// local elements (its own first: only those are written). With `parallel` (a parallel HDF5
// build: h5::File::parallel_available) every rank writes its rows into the file itself, else
// rank 0 writes what the ranks stream to it. `mesh_file` is read for nodes no element uses. A
// failure to write reaches every rank as the same UserError.
void write_snapshot_parts(const std::string& path, const Mesh& mesh, const Snapshot& s,
                          const VizMesh& viz, const std::vector<VizField>& fields,
                          const std::string& mesh_file, bool parallel);

// Collective, likewise for the Gmsh file (io/output_msh.hpp).
void write_msh_parts(const std::string& path, const Mesh& mesh, const VizMesh& viz,
                     const std::vector<VizField>& fields, const MshInfo& info);

} // namespace tridg
