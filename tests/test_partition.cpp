// Domain decomposition (io/partition.hpp): METIS parts of the element dual graph, the statistics
// recomputed independently, the partitioned prepared mesh file and `tridg partition`/`info
// --parts`.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "cli_run.hpp"
#include "io/connectivity.hpp"
#include "io/h5_util.hpp"
#include "io/mesh_h5.hpp"
#include "io/part_mesh_h5.hpp"
#include "io/partition.hpp"
#include "mesh_checks.hpp"

using namespace tridg;
using tridg::test::user_error_of;

namespace {

// 32 x 32 squares: 2048 elements.
const Mesh& square_2048() {
  static const Mesh m = build_connectivity(test::grid_square(32));
  return m;
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Every statistic of `p`, recomputed from the mesh and the part array alone.
void check_consistent(const Mesh& m, const Partition& p) {
  const auto np = static_cast<std::size_t>(p.n_parts);
  REQUIRE(p.part.size() == m.tri.size());
  REQUIRE(p.parts.size() == np);
  std::vector<std::int64_t> count(np, 0), iface(np, 0);
  std::vector<std::set<std::int32_t>> halo(np), nbrs(np);
  for (const std::int32_t q : p.part) {
    REQUIRE(q >= 0);
    REQUIRE(q < p.n_parts);
    ++count[static_cast<std::size_t>(q)];
  }
  std::int64_t cut = 0;
  for (const Edge& e : m.edges) {
    if (e.right < 0) continue;
    const auto a = static_cast<std::size_t>(p.part[static_cast<std::size_t>(e.left)]);
    const auto b = static_cast<std::size_t>(p.part[static_cast<std::size_t>(e.right)]);
    if (a == b) continue;
    ++cut;
    ++iface[a], ++iface[b];
    halo[a].insert(e.right), halo[b].insert(e.left);
    nbrs[a].insert(static_cast<std::int32_t>(b)), nbrs[b].insert(static_cast<std::int32_t>(a));
  }
  CHECK(p.edge_cut == cut);
  std::int64_t sum = 0, total_halo = 0, sum_iface = 0, largest = 0;
  for (std::size_t q = 0; q < np; ++q) {
    const PartInfo& info = p.parts[q];
    CHECK(info.elements == count[q]);
    CHECK(info.interface_edges == iface[q]);
    CHECK(info.halo_elements == static_cast<std::int64_t>(halo[q].size()));
    CHECK(info.neighbours == std::vector<std::int32_t>(nbrs[q].begin(), nbrs[q].end()));
    // Every halo element lies across at least one and at most three cut edges of the part.
    CHECK(info.halo_elements <= info.interface_edges);
    CHECK(3 * info.halo_elements >= info.interface_edges);
    for (const std::int32_t k : halo[q]) CHECK(p.part[static_cast<std::size_t>(k)] != int(q));
    sum += info.elements;
    sum_iface += info.interface_edges;
    total_halo += info.halo_elements;
    largest = std::max(largest, info.elements);
  }
  CHECK(sum == m.n_elems());
  CHECK(sum_iface == 2 * cut);
  CHECK(p.total_halo == total_halo);
  CHECK(p.imbalance == doctest::Approx(double(largest) * p.n_parts / m.n_elems()));
}

} // namespace

TEST_CASE("one part: everything in part 0, no cut, no halo") {
  const Mesh& m = square_2048();
  const Partition p = partition_mesh(m, 1);
  check_consistent(m, p);
  CHECK(std::all_of(p.part.begin(), p.part.end(), [](std::int32_t q) { return q == 0; }));
  CHECK(p.edge_cut == 0);
  CHECK(p.total_halo == 0);
  CHECK(p.imbalance == 1.0);
}

TEST_CASE("absurd part counts are clear errors") {
  const Mesh& m = build_connectivity(test::grid_square(3)); // 18 elements
  CHECK(has(user_error_of([&] { partition_mesh(m, 0); }, ExitCode::bad_case), "0 parts"));
  CHECK(has(user_error_of([&] { partition_mesh(m, -3); }, ExitCode::bad_case), "at least 1"));
  CHECK(has(user_error_of([&] { partition_mesh(m, 19); }, ExitCode::bad_case),
            "18 elements into 19 parts"));
}

TEST_CASE("METIS parts of a 2048-element square") {
  if (!have_metis()) {
    MESSAGE("this build has no METIS: partitioning tests skipped");
    CHECK(has(user_error_of([] { partition_mesh(square_2048(), 2); }, ExitCode::bad_case),
              "this build has no METIS"));
    return;
  }
  const Mesh& m = square_2048();
  for (std::int32_t n = 2; n <= 8; ++n) {
    CAPTURE(n);
    const Partition p = partition_mesh(m, n);
    check_consistent(m, p);
    CHECK(p.edge_cut > 0);
    CHECK(p.imbalance <= 1.05);
    for (const PartInfo& q : p.parts) CHECK(q.elements > 0);
    // A cut of a 32 x 32 square into n pieces needs far fewer edges than a random split.
    CHECK(p.edge_cut < 40 * n);
    const Partition again = partition_mesh(m, n);
    CHECK(again.part == p.part); // deterministic: a fixed seed
  }
  // As many parts as elements is allowed (each part one element).
  const Mesh small = build_connectivity(test::grid_square(2));
  check_consistent(small, partition_mesh(small, small.n_elems()));
}

TEST_CASE("periodic edges are cut like interior ones") {
  if (!have_metis()) {
    MESSAGE("this build has no METIS: partitioning tests skipped");
    return;
  }
  const Mesh m = build_connectivity(test::periodic_square(12));
  REQUIRE(m.n_periodic_edges > 0);
  const Partition p = partition_mesh(m, 4);
  check_consistent(m, p);
  CHECK(p.imbalance <= 1.05);
}

TEST_CASE("tridg partition writes parts that read_partition_h5 and read_mesh_h5 read back") {
  using namespace tridg_test;
  TempDir dir("partition");
  const std::string in = (dir / "square.h5").string(), out = (dir / "parts.h5").string();
  write_mesh_h5(square_2048(), in);
  const Mesh m = read_mesh_h5(in);

  if (!have_metis()) {
    MESSAGE("this build has no METIS: partitioning tests skipped");
    const CmdResult r = run_tridg("partition " + quote(in) + " -n 4 -o " + quote(out), dir.path);
    CHECK(r.code == 3);
    CHECK(has(r.last_line(), "this build has no METIS"));
    return;
  }
  const CmdResult r = run_tridg("partition " + quote(in) + " -n 4 -o " + quote(out), dir.path);
  INFO(r.err);
  REQUIRE(r.code == 0);
  std::int32_t n = 0;
  const std::vector<std::int32_t> parts = read_partition_h5(out, &n);
  CHECK(n == 4);
  const Partition expected = partition_mesh(m, 4);
  CHECK(parts == expected.part);
  // The file is still a prepared mesh file, of the same mesh.
  const Mesh back = read_mesh_h5(out);
  CHECK(back.tri == m.tri);
  CHECK(back.n_edges() == m.n_edges());
  {
    h5::File f = h5::File::open(out);
    CHECK(f.attr_int("partition", "n_parts") == 4);
    CHECK(f.attr_int("partition", "edge_cut") == expected.edge_cut);
  }

  // A file without a partition, and damaged ones.
  CHECK(has(user_error_of([&] { read_partition_h5(in); }), "has no partition"));
  {
    h5::File f = h5::File::open(out, true, ExitCode::io_error);
    f.set_attr("partition", "n_parts", std::int64_t{3});
    f.close();
  }
  CHECK(has(user_error_of([&] { read_partition_h5(out); }), "outside [0, 3)"));
  {
    h5::File f = h5::File::open(out, true, ExitCode::io_error);
    f.set_attr("partition", "n_parts", std::int64_t{0});
    f.close();
  }
  CHECK(has(user_error_of([&] { read_partition_h5(out); }), "n_parts = 0 is out of range"));
  write_partition_h5(build_connectivity(test::grid_square(4)),
                     partition_mesh(build_connectivity(test::grid_square(4)), 2), out);
  CHECK(read_partition_h5(out).size() == 32);

  // Bad counts from the command line, and the statistics of tridg info.
  const CmdResult bad = run_tridg("partition " + quote(in) + " -n 0 -o " + quote(out), dir.path);
  CHECK(bad.code == 3);
  CHECK(has(bad.last_line(), "0 parts"));
  const CmdResult self = run_tridg("partition " + quote(in) + " -n 2 -o " + quote(in), dir.path);
  CHECK(self.code == 3);
  CHECK(has(self.last_line(), "is the input mesh"));
  const CmdResult info = run_tridg("info " + quote(in) + " --parts 4 --json", dir.path);
  REQUIRE(info.code == 0);
  CHECK(has(info.out, "\"partition\": {\"n_parts\": 4, \"edge_cut\": " +
                          std::to_string(expected.edge_cut) + ","));
  const CmdResult text = run_tridg("info " + quote(in) + " --parts 4", dir.path);
  REQUIRE(text.code == 0);
  CHECK(has(text.out, "edge cut         " + std::to_string(expected.edge_cut)));
  CHECK(has(text.out, "imbalance"));
  const CmdResult plain = run_tridg("info " + quote(in) + " --json", dir.path);
  CHECK_FALSE(has(plain.out, "partition"));
  CHECK(run_tridg("info " + quote(in) + " --parts 0", dir.path).code == 3);
}

TEST_CASE("each part of a partitioned file reads as its piece of the whole mesh") {
  if (!have_metis()) {
    MESSAGE("this build has no METIS: part reading tests skipped");
    return;
  }
  // A square periodic from left to right (periodic edges cross the parts), walls at the bottom
  // and the top.
  tridg_test::TempDir dir("part_read");
  RawMesh raw = test::grid_square(12);
  const auto id = [](int i, int j) { return j * 13 + i; };
  for (int k = 0; k <= 12; ++k) raw.periodic_nodes.push_back({id(12, k), id(0, k)});
  raw.boundary.erase("left");
  raw.boundary.erase("right");
  const Mesh whole = build_connectivity(raw);
  REQUIRE(whole.n_periodic_edges == 12);
  REQUIRE(whole.groups.size() == 2);
  const Partition p = partition_mesh(whole, 3);
  const std::string file = (dir / "p3.h5").string();
  write_partition_h5(whole, p, file);
  // Three layers of neighbours through edges and vertices around each part.
  std::vector<std::vector<std::int32_t>> around(whole.tri.size());
  for (std::size_t k = 0; k < whole.tri.size(); ++k)
    for (std::size_t j = 0; j < whole.tri.size(); ++j) {
      bool near = false;
      for (const auto v : whole.tri[k])
        for (const auto w : whole.tri[j]) near = near || v == w;
      if (near && j != k) around[k].push_back(std::int32_t(j));
    }
  for (const Edge& e : whole.edges)
    if (e.right >= 0) {
      around[std::size_t(e.left)].push_back(e.right);
      around[std::size_t(e.right)].push_back(e.left);
    }
  for (std::int32_t q = 0; q < 3; ++q) {
    CAPTURE(q);
    std::set<std::int32_t> reach;
    for (std::size_t k = 0; k < whole.tri.size(); ++k)
      if (p.part[k] == q) reach.insert(std::int32_t(k));
    const std::set<std::int32_t> own = reach;
    for (int layer = 0; layer < 3; ++layer) {
      std::set<std::int32_t> next = reach;
      for (const std::int32_t k : reach)
        next.insert(around[std::size_t(k)].begin(), around[std::size_t(k)].end());
      reach = next;
    }
    const Mesh m = read_part_mesh_h5(file, q);
    REQUIRE(m.part);
    CHECK(m.part->n_elems == whole.n_elems());
    CHECK(m.part->n_nodes == whole.n_nodes());
    CHECK(m.n_periodic_edges == whole.n_periodic_edges);
    CHECK(std::size_t(m.part->n_owned) == own.size());
    REQUIRE(std::size_t(m.n_elems()) == reach.size());
    // Own elements first, then the ghosts, each ascending; the same triangles at the same places.
    for (std::int32_t k = 0; k < m.n_elems(); ++k) {
      const std::int64_t g = m.part->elem_gid[std::size_t(k)];
      CHECK((k < m.part->n_owned) == (own.count(std::int32_t(g)) == 1));
      CHECK(reach.count(std::int32_t(g)) == 1);
      CHECK(m.part->owner[std::size_t(k)] == p.part[std::size_t(g)]);
      for (int c = 0; c < 3; ++c) {
        const std::int32_t v = m.tri[std::size_t(k)][std::size_t(c)];
        CHECK(m.part->node_gid[std::size_t(v)] == whole.tri[std::size_t(g)][std::size_t(c)]);
        CHECK(m.x[std::size_t(v)] ==
              whole.x[std::size_t(whole.tri[std::size_t(g)][std::size_t(c)])]);
      }
    }
    // Every side has an edge; an edge between two elements of the part has the whole mesh's
    // orientation, normal and length bit for bit; the others are rim edges of outer ghosts.
    for (std::int32_t k = 0; k < m.n_elems(); ++k)
      for (int s = 0; s < 3; ++s) {
        const Edge& e = m.edges[std::size_t(m.elem_edges[std::size_t(k)][std::size_t(s)])];
        const std::int64_t g = m.part->elem_gid[std::size_t(k)];
        const Edge& w = whole.edges[std::size_t(whole.elem_edges[std::size_t(g)][std::size_t(s)])];
        if (e.right < 0 && w.right >= 0) { // rim: the element is a ghost of the outer layer
          CHECK(k >= m.part->n_owned);
          continue;
        }
        CHECK(m.part->elem_gid[std::size_t(e.left)] == w.left);
        CHECK(e.lside == w.lside);
        CHECK(e.nx == w.nx);
        CHECK(e.ny == w.ny);
        CHECK(e.length == w.length);
      }
    // The whole mesh's groups, each with this part's edges of it.
    REQUIRE(m.groups.size() == whole.groups.size());
    for (std::size_t g = 0; g < m.groups.size(); ++g)
      CHECK(m.groups[g].name == whole.groups[g].name);
  }
  // A part the file does not have.
  CHECK(has(user_error_of([&] { read_part_mesh_h5(file, 3); }), "has no part 3"));
}
