#pragma once
// Gmsh post-processing files: the viewable sub-cell mesh (io/output_viz.hpp) in MSH 4.1 ASCII
// with one $ElementNodeData view per field, so that `gmsh final.msh` shows every field. Needs
// no Gmsh SDK (this file is not named gmsh_* on purpose: builds without Gmsh write it too).
#include <cstdint>
#include <string>
#include <vector>

#include "io/output_viz.hpp"

namespace tridg {

struct MshInfo {
  double time = 0;
  int time_index = 0; // the views' time step number (the output number NNNN)
};

// Writes through a temporary name and a rename; failures are UserError(io_error).
void write_msh(const std::string& path, const VizMesh& mesh, const std::vector<VizField>& fields,
               const MshInfo& info);

} // namespace tridg
