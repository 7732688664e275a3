#pragma once
// The one entry point for getting a Mesh from a file, whatever its kind.
#include <cstdint>
#include <string>

#include "io/mesh.hpp"

namespace tridg {

inline constexpr std::int64_t default_max_elements = 50'000'000;

struct MeshOptions {
  double size_factor = 1.0; // scales Gmsh's mesh sizes when meshing a .geo
  int refine = 0;           // uniform 1 -> 4 refinements applied after loading
  // Scan a .geo for commands that run programs or touch files before Gmsh reads it
  // (io/geo_guard.hpp); --trust-geo turns this off.
  bool trust_geo = false;
  // Refuse meshes of more triangles than this (after refinement), and files that declare more
  // data than such a mesh needs, before allocating (--max-elements).
  std::int64_t max_elements = default_max_elements;
  // Seconds that meshing a .geo may take in a meshing process (io/mesh_worker.hpp;
  // --mesh-time-limit).
  double time_limit = 600;
};

// Dispatches on the extension: .h5 is a prepared mesh file (always available); .msh and .geo go
// through the Gmsh SDK (builds without it say so). Then applies opt.refine uniform refinements.
// Throws UserError(bad_mesh) naming the file; UserError(bad_case) for a .geo the scan refuses.
Mesh load_mesh(const std::string& path, const MeshOptions& opt = {});

// Whether this build can read .msh/.geo files.
bool have_gmsh();

} // namespace tridg
