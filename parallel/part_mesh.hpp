#pragma once
// A rank's part of a partitioned prepared mesh file, read and refined by that rank alone: the
// whole mesh is never in one process. Refinement gives every element, edge and node the number
// that refining the whole mesh in one process gives it (io/refine.hpp, then the Hilbert order of
// io/connectivity.hpp), so N ranks compute what one does, bit for bit.
#include <cstdint>
#include <string>

#include "io/mesh.hpp"

namespace tridg {

// Collective: rank r reads part r of `path` (which must hold as many parts as there are ranks)
// and refines it `refine` times. Throws UserError(bad_mesh) for a damaged file or a refined mesh
// above max_elements.
Mesh load_part_mesh(const std::string& path, int refine, std::int64_t max_elements);

// Collective: one uniform 1 -> 4 refinement of every rank's part.
Mesh refine_part(const Mesh& coarse);

} // namespace tridg
