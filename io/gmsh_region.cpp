#include "io/gmsh_region.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

#include "io/error.hpp"
#include "io/gmsh_session.hpp"

namespace tridg {

RawMesh mesh_region(const RegionBox& box, const SizeLattice& sizes, double metres_per_degree) {
  const double c = std::cos(0.5 * (box.lat0 + box.lat1) * std::numbers::pi / 180);
  const GmshSession session;
  gmsh::model::add("region");
  const double X0 = box.lon0 * c, X1 = box.lon1 * c, Y0 = box.lat0, Y1 = box.lat1;
  const int p1 = gmsh::model::geo::addPoint(X0, Y0, 0), p2 = gmsh::model::geo::addPoint(X1, Y0, 0);
  const int p3 = gmsh::model::geo::addPoint(X1, Y1, 0), p4 = gmsh::model::geo::addPoint(X0, Y1, 0);
  const int south = gmsh::model::geo::addLine(p1, p2), east = gmsh::model::geo::addLine(p2, p3);
  const int north = gmsh::model::geo::addLine(p3, p4), west = gmsh::model::geo::addLine(p4, p1);
  const int loop = gmsh::model::geo::addCurveLoop({south, east, north, west});
  const int surf = gmsh::model::geo::addPlaneSurface({loop});
  gmsh::model::geo::synchronize();
  const std::pair<int, const char*> sides[] = {
      {south, "south"}, {east, "east"}, {north, "north"}, {west, "west"}};
  for (const auto& [tag, name] : sides)
    gmsh::model::setPhysicalName(1, gmsh::model::addPhysicalGroup(1, {tag}), name);
  gmsh::model::setPhysicalName(2, gmsh::model::addPhysicalGroup(2, {surf}), "sea");
  // Sizes from the field alone: one unit of (lon cos(lat_mid), lat) is about D metres.
  gmsh::option::setNumber("Mesh.MeshSizeFromPoints", 0);
  gmsh::option::setNumber("Mesh.MeshSizeFromCurvature", 0);
  gmsh::option::setNumber("Mesh.MeshSizeExtendFromBoundary", 0);
  gmsh::option::setNumber("Mesh.Algorithm", 6); // Frontal-Delaunay: well-shaped triangles
  gmsh::model::mesh::setSizeCallback(
      [&sizes, c, metres_per_degree](int, int, double x, double y, double) {
        return sizes.at(x / c, y) / metres_per_degree;
      });
  gmsh::model::mesh::generate(2);
  if (std::string err = GmshSession::first_error(); !err.empty())
    fail(ExitCode::bad_mesh, "meshing the region failed: " + err);

  RawMesh raw;
  raw.source = "region";
  std::vector<std::size_t> tags;
  std::vector<double> xyz, param;
  gmsh::model::mesh::getNodes(tags, xyz, param);
  std::unordered_map<std::size_t, std::int32_t> index;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    index[tags[i]] = std::int32_t(i);
    raw.x.push_back(xyz[3 * i] / c);
    raw.y.push_back(xyz[3 * i + 1]);
  }
  std::vector<std::size_t> elems, nodes;
  gmsh::model::mesh::getElementsByType(2, elems, nodes, surf);
  for (std::size_t e = 0; e < elems.size(); ++e)
    raw.tri.push_back(
        {index.at(nodes[3 * e]), index.at(nodes[3 * e + 1]), index.at(nodes[3 * e + 2])});
  for (const auto& [tag, name] : sides) {
    // Fresh vectors: Gmsh fills what it is given in place (its preallocation interface).
    elems.clear();
    nodes.clear();
    gmsh::model::mesh::getElementsByType(1, elems, nodes, tag);
    auto& seg = raw.boundary[name];
    for (std::size_t e = 0; e < elems.size(); ++e)
      seg.push_back({index.at(nodes[2 * e]), index.at(nodes[2 * e + 1])});
  }
  return raw;
}

} // namespace tridg
