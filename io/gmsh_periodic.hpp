#pragma once
// Gmsh 4.8 reads the $Periodic section of MSH 2.2 files but does not report it through
// gmsh::model::mesh::getPeriodicNodes, so tridg reads that section itself for such files.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace tridg {

// The periodic correspondence of one slave entity: (slave, master) node tags, and the affine
// transform (4 x 4, row-major) taking master coordinates to slave coordinates (empty if unknown).
struct PeriodicLink {
  std::vector<std::array<std::size_t, 2>> pairs;
  std::vector<double> affine;
};

// The curves and points of the $Periodic section of an MSH 2.x file (ASCII or binary: the section
// is text in both). Empty for other files, when there is none, or when it cannot be parsed.
std::vector<PeriodicLink> msh2_periodic_links(const std::string& path);

} // namespace tridg
