// A rank's part of a partitioned mesh (parallel/local_mesh.hpp), for 3 METIS parts of the double
// Mach mesh: every element is owned once; the lists two parts exchange agree element for element
// and in order; the elements a part updates see their faces and edges, and those it limits their
// vertex patches, as in the whole mesh; the elements of the local range touch no ghost and no
// boundary; the received ghosts are those the part neither updates nor limits; boundary tables
// are cut to the part's edges.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "cli_run.hpp"
#include "io/mesh_loader.hpp"
#include "io/partition.hpp"
#include "parallel/local_mesh.hpp"
#include "solver/mesh_arrays.hpp"

using namespace tridg;
using tridg_test::source_path;

namespace {

struct Parts {
  MeshArrays whole;
  std::vector<std::int32_t> owner;
  std::vector<Range> groups;
  std::vector<LocalPart> parts;
};

// The boundary groups of the prepared mesh as edge ranges (boundary edges come first, grouped).
std::vector<Range> boundary_groups(const Mesh& m) {
  std::vector<Range> g;
  for (const auto& grp : m.groups) g.push_back({grp.first, grp.first + grp.count});
  return g;
}

const Parts& three_parts(bool vertex_halo) {
  static std::map<bool, Parts> cache;
  auto it = cache.find(vertex_halo);
  if (it != cache.end()) return it->second;
  Parts p;
  const Mesh m = load_mesh(source_path("meshes/prepared/double_mach.h5"));
  p.whole = make_mesh_arrays(m);
  p.owner = partition_mesh(m, 3).part;
  p.groups = boundary_groups(m);
  for (int r = 0; r < 3; ++r)
    p.parts.push_back(make_local_part(p.whole, p.owner, r, vertex_halo, p.groups));
  return cache.emplace(vertex_halo, std::move(p)).first->second;
}

// The parts come from METIS; a build without it has nothing to cut.
#define SKIP_WITHOUT_METIS()                                                                       \
  if (!have_metis()) {                                                                             \
    MESSAGE("skipped: this build has no METIS");                                                   \
    return;                                                                                        \
  }

} // namespace

TEST_CASE("every element is owned by one part, and its data are the whole mesh's") {
  SKIP_WITHOUT_METIS();
  for (const bool vertex : {false, true}) {
    CAPTURE(vertex);
    const Parts& P = three_parts(vertex);
    const MeshArrays& g = P.whole;
    std::vector<int> owned_by(g.n_elems, -1);
    for (int r = 0; r < 3; ++r) {
      const LocalPart& lp = P.parts[r];
      const MeshArrays& m = lp.mesh;
      const int nl = m.n_elems, no = lp.layout.n_owned;
      REQUIRE(int(lp.elem_global.size()) == nl);
      for (int i = 0; i < nl; ++i) {
        const int k = lp.elem_global[i];
        if (i < no) {
          CHECK(owned_by[k] == -1);
          owned_by[k] = r;
          CHECK(P.owner[k] == r);
        } else {
          CHECK(P.owner[k] != r);
        }
        for (int c = 0; c < 4; ++c) CHECK(m.geom[c * nl + i] == g.geom[c * g.n_elems + k]);
      }
      const int nu = lp.layout.n_update, nlim = lp.layout.n_limit;
      CHECK(no <= nlim);
      CHECK(nlim <= nu);
      CHECK(nu <= nl);
      if (!vertex) CHECK(nu == no);
      // An updated element's faces lead to edges with the whole mesh's geometry and neighbours.
      for (int i = 0; i < nu; ++i) {
        const int k = lp.elem_global[i];
        for (int s = 0; s < 3; ++s) {
          const int lf = m.elem_face[s * nl + i], gf = g.elem_face[s * g.n_elems + k];
          CHECK((lf & 1) == (gf & 1));
          const int le = lf >> 1, ge = gf >> 1;
          CHECK(m.edge_geom[le] == g.edge_geom[ge]);
          CHECK(m.edge_geom[m.n_edges + le] == g.edge_geom[g.n_edges + ge]);
          CHECK(m.edge_side[le] == g.edge_side[ge]);
          const int lo = m.edge_elem[(lf & 1 ? 0 : 1) * m.n_edges + le];
          const int go = g.edge_elem[(gf & 1 ? 0 : 1) * g.n_edges + ge];
          CHECK((lo < 0) == (go < 0));
          if (lo >= 0) CHECK(lp.elem_global[lo] == go);
        }
        // Vertex patches of the limited elements: the whole mesh's, in its order.
        if (vertex && i < nlim)
          for (int v = 0; v < 3; ++v) {
            const int ln = m.elem_node[v * nl + i], gn = g.elem_node[v * g.n_elems + k];
            std::vector<int> a, b;
            for (int j = m.node_elem_start[ln]; j < m.node_elem_start[ln + 1]; ++j)
              a.push_back(lp.elem_global[m.node_elem[j]]);
            for (int j = g.node_elem_start[gn]; j < g.node_elem_start[gn + 1]; ++j)
              b.push_back(g.node_elem[j]);
            CHECK(a == b);
          }
      }
      // Boundary edges belong to updated elements; the local range joins owned elements only;
      // the other edges touch a ghost.
      for (int e = 0; e < m.n_bedges; ++e) CHECK(m.edge_elem[e] < nu);
      for (int e = m.n_bedges; e < lp.layout.n_local_edges; ++e) {
        CHECK(m.edge_elem[e] < no);
        CHECK(m.edge_elem[m.n_edges + e] < no);
      }
      for (int e = lp.layout.n_local_edges; e < m.n_edges; ++e)
        CHECK(std::max(m.edge_elem[e], m.edge_elem[m.n_edges + e]) >= no);
      // The inner elements (updated before the ghosts arrive) have only local-range edges.
      for (int i = 0; i < lp.layout.n_inner; ++i)
        for (int s = 0; s < 3; ++s) {
          const int le = m.elem_face[s * nl + i] >> 1;
          CHECK(le >= m.n_bedges);
          CHECK(le < lp.layout.n_local_edges);
        }
    }
    for (int k = 0; k < g.n_elems; ++k) CHECK(owned_by[k] >= 0);
  }
}

TEST_CASE("what one part sends is what its neighbour receives, in the same order") {
  SKIP_WITHOUT_METIS();
  for (const bool vertex : {false, true}) {
    CAPTURE(vertex);
    const Parts& P = three_parts(vertex);
    auto rows = [&](int r, int q, bool send) {
      const LocalPart& lp = P.parts[r];
      const auto& list = send ? lp.layout.send_elems : lp.layout.recv_elems;
      std::vector<int> out;
      std::size_t at = 0;
      for (std::size_t i = 0; i < lp.neighbours.size(); ++i) {
        const int n = send ? lp.rows_send[i] : lp.rows_recv[i];
        if (lp.neighbours[i] == q)
          for (int j = 0; j < n; ++j) out.push_back(lp.elem_global[list[at + j]]);
        at += n;
      }
      REQUIRE(at == list.size());
      return out;
    };
    int pairs = 0;
    for (int r = 0; r < 3; ++r)
      for (int q = 0; q < 3; ++q) {
        if (q == r) continue;
        const std::vector<int> s = rows(r, q, true), v = rows(q, r, false);
        CHECK(s == v);
        pairs += !s.empty();
      }
    CHECK(pairs >= 4); // three parts of a strip: at least two neighbouring pairs, both ways
    // Every ghost the part neither updates nor limits is received, once; no other.
    for (const LocalPart& lp : P.parts) {
      std::vector<int> got = lp.layout.recv_elems;
      std::sort(got.begin(), got.end());
      CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());
      CHECK(got.size() == lp.elem_global.size() - lp.layout.n_limit);
      if (!got.empty()) CHECK(got.front() >= lp.layout.n_limit);
    }
  }
}

TEST_CASE("a boundary table is cut to the part's edges of its group") {
  SKIP_WITHOUT_METIS();
  const Parts& P = three_parts(true);
  const int M = 4, NF = 2;
  for (std::size_t grp = 0; grp < P.groups.size(); ++grp) {
    const Range& gr = P.groups[grp];
    const int count = gr.last - gr.first;
    if (count == 0) continue;
    // Entry (v, q, i) of the whole group's table encodes its position.
    std::vector<double> table(std::size_t(M) * NF * count);
    for (std::size_t i = 0; i < table.size(); ++i) table[i] = double(i);
    int total = 0;
    for (const LocalPart& lp : P.parts) {
      const Range& lr = lp.local_groups[grp];
      const int n = lr.last - lr.first;
      // Ghosts' boundary edges appear in their owner's part too: count the owned ones.
      for (int i = lr.first; i < lr.last; ++i) total += lp.mesh.edge_elem[i] < lp.layout.n_owned;
      const std::vector<double> cut = cut_boundary_table(table, lp, int(grp), M);
      REQUIRE(cut.size() == std::size_t(M) * NF * n);
      for (int row = 0; row < M * NF; ++row)
        for (int i = 0; i < n; ++i)
          CHECK(cut[std::size_t(row) * n + i] ==
                table[std::size_t(row) * count + (lp.bedge_global[lr.first + i] - gr.first)]);
    }
    CHECK(total == count);
  }
}
