#include "io/mesh_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <new>

#include "io/connectivity.hpp"
#include "io/error.hpp"
#include "io/mesh_h5.hpp"
#include "io/mesh_worker.hpp"
#include "io/refine.hpp"
#ifdef TRIDG_WITH_GMSH
#include "io/gmsh_reader.hpp"
#endif

namespace tridg {

bool have_gmsh() {
#ifdef TRIDG_WITH_GMSH
  return true;
#else
  return false;
#endif
}

namespace {

Mesh load(const std::string& path, const MeshOptions& opt) {
  if (opt.refine < 0 || opt.refine > 8)
    fail(ExitCode::bad_mesh,
         fmt::format("{}: refine must be between 0 and 8, not {}", path, opt.refine));
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (opt.max_elements < 1)
    fail(ExitCode::bad_case,
         fmt::format("the element limit must be at least 1, not {}", opt.max_elements));
  Mesh m;
  if (ext == ".h5" || ext == ".hdf5") {
    m = read_mesh_h5(path, opt.max_elements);
  } else if (ext == ".msh" || ext == ".geo") {
#ifdef TRIDG_WITH_GMSH
    m = build_connectivity(ext == ".geo" && mesh_worker_enabled() ? read_gmsh_in_worker(path, opt)
                                                                  : read_gmsh(path, opt));
#else
    fail(ExitCode::bad_mesh, path + ": this build of tridg has no Gmsh support; convert the mesh "
                                    "with `tridg import` on a machine that has it and use the .h5");
#endif
  } else {
    fail(ExitCode::bad_mesh,
         path + ": unknown mesh file type (expected .msh, .geo or a prepared .h5)");
  }
  const std::int64_t refined = static_cast<std::int64_t>(m.n_elems()) << (2 * opt.refine);
  if (refined > opt.max_elements)
    fail(ExitCode::bad_mesh,
         fmt::format("{}: {} refinements of {} triangles make {}, more than the limit of {} (raise "
                     "it with --max-elements)",
                     path, opt.refine, m.n_elems(), refined, opt.max_elements));
  for (int i = 0; i < opt.refine; ++i) m = refine_uniform(m, path);
  return m;
}

} // namespace

Mesh load_mesh(const std::string& path, const MeshOptions& opt) {
  try {
    return load(path, opt);
  } catch (const std::bad_alloc&) {
    fail(ExitCode::bad_mesh, fmt::format("{}: not enough memory to load this mesh (too fine? the "
                                         "element limit is {}: --max-elements)",
                                         path, opt.max_elements));
  }
}

} // namespace tridg
