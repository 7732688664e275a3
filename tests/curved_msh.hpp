#pragma once
// Small high-order Gmsh meshes written by the tests: the unit square as two triangles, in MSH
// 2.2, with the element types and high-order node positions each test needs.
#include <string>

#include <fmt/format.h>

namespace tridg::test {

// Triangle 1 is (0,0) (1,0) (0,1), element tag 1; triangle 2 is (1,0) (1,1) (0,1), tag 2. Every
// side is in the physical group "wall" (2-node lines, or 3-node lines with `p2_lines`). type1 and
// type2 are Gmsh element types: 2 (3 nodes), 9 (6 nodes), 21 (10 nodes), or any other type,
// which gets nodes 22 and up (all at z = 0) after its three vertices. The middle node of
// triangle 1's first side (node 5) sits at (0.5, lift): lift 0 is a straight element; the
// map's Jacobian ratio is then 1 - 4 lift.
inline std::string unit_square_msh(int type1, int type2, double lift = 0, bool p2_lines = false) {
  // Node counts of the types used.
  const auto count = [](int type) {
    switch (type) {
    case 2:
      return 3;
    case 9:
      return 6;
    case 20:
      return 9;
    case 21:
      return 10;
    case 22:
      return 12;
    case 23:
      return 15;
    case 25:
      return 21;
    default:
      return 3;
    }
  };
  std::string s = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n2\n1 1 \"wall\"\n"
                  "2 2 \"inside\"\n$EndPhysicalNames\n$Nodes\n";
  // 1-4: corners; 5-9: side middles; 10-17, 20, 21: side thirds; 18, 19: centroids; 22-42:
  // spare.
  std::string nodes;
  int n = 0;
  const auto node = [&](double x, double y) {
    nodes += fmt::format("{} {:.17g} {:.17g} 0\n", ++n, x, y);
  };
  node(0, 0), node(1, 0), node(1, 1), node(0, 1);
  node(0.5, lift), node(0.5, 0.5), node(0, 0.5), node(1, 0.5), node(0.5, 1);
  const double a = 1.0 / 3, b = 2.0 / 3;
  node(a, lift), node(b, lift), node(b, a), node(a, b), node(0, b), node(0, a);
  node(1, a), node(1, b); // 16, 17: side 2-3
  node(a, a), node(b, b); // 18, 19: centroids of triangles 1 and 2
  node(b, 1), node(a, 1); // 20, 21: side 3-4
  for (int i = 0; i < 21; ++i) node(0.01 * (i + 1), 0.02);
  s += std::to_string(n) + "\n" + nodes + "$EndNodes\n$Elements\n";
  std::string el;
  int e = 0;
  const auto add = [&](int type, int phys, const std::string& list) {
    el += fmt::format("{} {} 2 {} {} {}\n", ++e, type, phys, phys, list);
  };
  const auto tri = [&](int type, bool first) {
    if (type == 2) return std::string(first ? "1 2 4" : "2 3 4");
    if (type == 9) return std::string(first ? "1 2 4 5 6 7" : "2 3 4 8 9 6");
    if (type == 21)
      return std::string(first ? "1 2 4 10 11 12 13 14 15 18" : "2 3 4 16 17 20 21 13 12 19");
    std::string list = first ? "1 2 4" : "2 3 4";
    for (int i = 3; i < count(type); ++i) list += fmt::format(" {}", 19 + i);
    return list;
  };
  add(type1, 2, tri(type1, true));
  add(type2, 2, tri(type2, false));
  if (p2_lines)
    for (const char* l : {"1 2 5", "2 3 8", "3 4 9", "4 1 7"}) add(8, 1, l);
  else
    for (const char* l : {"1 2", "2 3", "3 4", "4 1"}) add(1, 1, l);
  // Elements first in the file, so that element tags 1 and 2 are the triangles.
  return s + std::to_string(e) + "\n" + el + "$EndElements\n";
}

} // namespace tridg::test
