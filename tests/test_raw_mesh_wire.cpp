// A mesh as bytes between processes (io/raw_mesh_wire.hpp): the same mesh back, and bytes cut
// short or damaged refused with a line naming the file, never read past their end.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "io/error.hpp"
#include "io/raw_mesh_wire.hpp"

using namespace tridg;

namespace {

RawMesh two_triangles() {
  RawMesh r;
  r.source = "m.geo";
  r.x = {0, 1, 1, 0};
  r.y = {0, 0, 1, 1};
  r.tri = {{0, 1, 2}, {0, 2, 3}};
  r.boundary["wall"] = {{0, 1}, {1, 2}};
  r.boundary["inflow"] = {{2, 3}, {3, 0}};
  r.periodic_nodes = {{3, 0}};
  // Second order: three edge nodes per triangle, and Gmsh's element tags.
  r.geometry_order = 2;
  r.geometry_nodes = {0.5, 0, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 0, 0.5};
  r.tags = {7, 9};
  return r;
}

bool refused(const std::string& bytes) {
  try {
    decode_raw_mesh(bytes, "m.geo");
  } catch (const UserError& e) {
    CHECK(e.code() == ExitCode::bad_mesh);
    CHECK(std::string(e.what()).rfind("m.geo: the mesh from the meshing process is damaged", 0) ==
          0);
    return true;
  }
  return false;
}

} // namespace

TEST_CASE("raw mesh wire: the same mesh back") {
  const RawMesh a = two_triangles();
  const RawMesh b = decode_raw_mesh(encode_raw_mesh(a), "m.geo");
  CHECK(b.source == "m.geo");
  CHECK(b.x == a.x);
  CHECK(b.y == a.y);
  CHECK(b.tri == a.tri);
  CHECK(b.boundary == a.boundary);
  CHECK(b.periodic_nodes == a.periodic_nodes);
  CHECK(b.geometry_order == 2);
  CHECK(b.geometry_nodes == a.geometry_nodes);
  CHECK(b.tags == a.tags);
  const RawMesh empty = decode_raw_mesh(encode_raw_mesh(RawMesh{}), "e.geo");
  CHECK(empty.x.empty());
  CHECK(empty.boundary.empty());
}

TEST_CASE("raw mesh wire: every cut, an extra byte, huge counts and bad node indices refused") {
  const std::string bytes = encode_raw_mesh(two_triangles());
  for (std::size_t n = 0; n < bytes.size(); ++n) CHECK_MESSAGE(refused(bytes.substr(0, n)), n);
  CHECK(refused(bytes + "x"));
  // The node count as 2^63: no allocation of it, a line instead.
  std::string huge = bytes;
  const std::uint64_t big = std::uint64_t(1) << 63;
  std::memcpy(huge.data(), &big, sizeof big);
  CHECK(refused(huge));
  // A triangle's node beyond the four nodes.
  RawMesh bad = two_triangles();
  bad.tri[1][2] = 4;
  CHECK(refused(encode_raw_mesh(bad)));
  bad = two_triangles();
  bad.boundary["wall"][0][0] = -1;
  CHECK(refused(encode_raw_mesh(bad)));
  bad = two_triangles();
  bad.periodic_nodes[0][1] = 7;
  CHECK(refused(encode_raw_mesh(bad)));
  // High-order nodes that do not match the triangles, a geometry order beyond 3, tags missing.
  bad = two_triangles();
  bad.geometry_nodes.pop_back();
  CHECK(refused(encode_raw_mesh(bad)));
  bad = two_triangles();
  bad.geometry_order = 4;
  CHECK(refused(encode_raw_mesh(bad)));
  bad = two_triangles();
  bad.tags.pop_back();
  CHECK(refused(encode_raw_mesh(bad)));
}
