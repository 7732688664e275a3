#pragma once
// The one entry point for getting a Mesh from a file, whatever its kind.
#include <string>

#include "io/mesh.hpp"

namespace tridg {

struct MeshOptions {
  double size_factor = 1.0; // scales Gmsh's mesh sizes when meshing a .geo
  int refine = 0;           // uniform 1 -> 4 refinements applied after loading
};

// Dispatches on the extension: .h5 is a prepared mesh file (always available); .msh and .geo go
// through the Gmsh SDK (builds without it say so). Then applies opt.refine uniform refinements.
// Throws UserError(bad_mesh) naming the file.
Mesh load_mesh(const std::string& path, const MeshOptions& opt = {});

// Whether this build can read .msh/.geo files.
bool have_gmsh();

} // namespace tridg
