#pragma once
// Meshing a .geo runs Gmsh's interpreter on the file, and a loop in it (For i In {1:1e12}) or a
// macro that calls itself keeps Gmsh busy for ever: nothing inside Gmsh can stop it. The tridg
// executable therefore meshes a .geo in a child process of itself and kills it at a time limit
// (MeshOptions::time_limit, --mesh-time-limit): one line naming the file, exit code 2, nothing
// left running. The child ends with its parent.
#include <string>

#include "io/mesh_loader.hpp"
#include "io/raw_mesh.hpp"

namespace tridg {

// The first argument that makes the executable a meshing process (main() looks for it first).
inline constexpr const char* kMeshWorkerCommand = "__mesh-worker";

// From now on, .geo files are meshed by child processes running `executable` (main(): tridg
// itself). Without it (the libraries in tests) they are meshed in this process.
void set_mesh_worker(const std::string& executable);
bool mesh_worker_enabled();

// Meshes `path` in a child process as read_gmsh() would here, and throws what it would throw;
// UserError(bad_mesh) naming the file when the child runs past opt.time_limit seconds (it is
// killed), dies, or sends something that is not a mesh.
RawMesh read_gmsh_in_worker(const std::string& path, const MeshOptions& opt);

// The child's side: argv = {executable, kMeshWorkerCommand, path, size factor, element limit,
// trust (0 or 1)}. Writes the mesh, or the error that reading it met, to stdout; returns the
// process's exit status.
int mesh_worker_main(int argc, char** argv);

} // namespace tridg
