#pragma once
// `tridg region`: a mesh of a longitude-latitude box from the case's bathymetry, with the
// element sizes a tsunami modeller uses: the local wavelength sqrt(g d) T over a number of
// points per wavelength offshore, a fixed size on the coast and on low land (the dry cells the
// water may reach), coarse cells on high land, given sizes in named areas of interest, and a
// limited growth rate between them. Keys of [region] in docs/regions.md.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "io/config.hpp"
#include "io/mesh.hpp"
#include "io/size_lattice.hpp"

namespace tridg {

struct RegionSettings {
  double lon0 = 0, lon1 = 0, lat0 = 0, lat1 = 0;
  double period = 600, points_per_wavelength = 10;          // [s], [-]
  double min_size = 100, max_size = 20e3, coast_size = 250; // [m]
  double grading = 0.25;  // growth of the size per unit distance [m/m]
  double land_up_to = 20; // [m]: land below this elevation gets coast_size
  double lattice = 0;     // sampling of the size field [m]; 0: from the sizes and the box
  double g = 9.81;
  // An area's size holds in its water and on its land up to land_up_to (by default all of it).
  struct Area {
    std::string name;
    double lon0, lon1, lat0, lat1, size;
    double land_up_to = std::numeric_limits<double>::infinity();
  };
  std::vector<Area> areas;
};

// [region] of a case on a geographic mesh (mesh.coordinates = "geographic"). Throws
// UserError(bad_case) naming the key.
RegionSettings read_region(const Config& cfg);

struct RegionMesh {
  Mesh mesh;
  SizeLattice sizes;                 // the size field [m] the mesh follows
  std::int64_t estimated = 0;        // elements the size field asked for
  double min_edge = 0, max_edge = 0; // edge lengths of the mesh [m]
};

// Samples the bathymetry, builds the size field, checks the estimated element count against
// max_elements (UserError(bad_case) above it) and meshes the box (needs Gmsh:
// UserError(bad_mesh) without it).
// `size_factor` multiplies every size of [region] (a coarser mesh for a higher order).
RegionMesh make_region_mesh(const Config& cfg, std::int64_t max_elements, double size_factor = 1);

} // namespace tridg
