#pragma once
// A cheap structural check of a .msh file before the Gmsh SDK reads it. Gmsh trusts the counts
// and indices in a file: it allocates what the headers declare and follows node references
// unchecked, so a damaged or crafted file can make it allocate terabytes or crash. This walks the
// node and element sections (ASCII 2.2 and 4.x fully, binary 2.2 and 4.x block by block) and
// checks every count against the file's size and every element's node references against the
// nodes the file declares, and that its triangles are of one supported type (3, 6 or 10 nodes).
#include <cstdint>
#include <string>

namespace tridg {

// Throws UserError(bad_mesh) "<path>: ..." naming the section, element or node at fault; also
// when the file declares more nodes or elements than a mesh of max_elements triangles needs, and
// for triangles of orders 4 and 5, incomplete (serendipity) triangles, or triangles of two types.
void check_msh_counts(const std::string& path, std::int64_t max_elements);

// What is wrong with a Gmsh triangle type tridg does not read, as "<an incomplete 9-node
// triangle ...>" to follow "element N is ", or "" for the other types: incomplete (serendipity)
// triangles and those of geometry orders 4 and 5. Both this check and the Gmsh reader say it.
std::string unsupported_triangle(std::int64_t type);

} // namespace tridg
