#pragma once
// The triangle mesh of a longitude-latitude box whose element sizes follow a field given in
// metres on a regular lattice, through the Gmsh SDK (builds with Gmsh only).
#include <vector>

#include "io/raw_mesh.hpp"
#include "io/size_lattice.hpp"

namespace tridg {

struct RegionBox {
  double lon0 = 0, lon1 = 0, lat0 = 0, lat1 = 0;
};

// Meshes the box in degrees with the sizes of `sizes` (D: metres per degree of latitude). The
// box is meshed in (lon cos(lat_mid), lat), where a size in metres is nearly isotropic, and
// mapped back. Boundary groups "south", "east", "north" and "west". Throws UserError(bad_mesh)
// when Gmsh fails.
RawMesh mesh_region(const RegionBox& box, const SizeLattice& sizes, double metres_per_degree);

} // namespace tridg
