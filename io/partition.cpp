#include "io/partition.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "io/atomic_file.hpp"
#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "io/mesh_h5.hpp"
#include "io/part_lists.hpp"

#ifdef TRIDG_WITH_METIS
#include <metis.h>

#include "io/metis_signal_guard.hpp"
#endif

namespace tridg {

namespace {

void check_part_count(const Mesh& m, std::int32_t n_parts) {
  if (n_parts < 1)
    fail(ExitCode::bad_case, fmt::format("cannot partition into {} parts (at least 1)", n_parts));
  if (n_parts > m.n_elems())
    fail(ExitCode::bad_case, fmt::format("cannot partition {} elements into {} parts (at most one "
                                         "part per element)",
                                         m.n_elems(), n_parts));
}

#ifdef TRIDG_WITH_METIS
// The dual graph in METIS's compressed rows: neighbours of each element, each once, weighted by
// the number of edges they share (two on a periodic strip one element wide), so that METIS's
// weighted cut is the number of cut edges.
struct DualGraph {
  std::vector<idx_t> xadj, adjncy, adjwgt;
};

DualGraph dual_graph(const Mesh& m) {
  const std::size_t ne = m.tri.size();
  std::vector<std::array<std::int32_t, 3>> nb(ne, {-1, -1, -1});
  for (std::size_t k = 0; k < ne; ++k)
    for (std::size_t s = 0; s < 3; ++s) {
      const Edge& e = m.edges[static_cast<std::size_t>(m.elem_edges[k][s])];
      if (e.right < 0) continue;
      nb[k][s] = e.left == static_cast<std::int32_t>(k) ? e.right : e.left;
    }
  DualGraph g;
  g.xadj.reserve(ne + 1);
  g.xadj.push_back(0);
  for (std::size_t k = 0; k < ne; ++k) {
    auto row = nb[k];
    std::sort(row.begin(), row.end());
    for (std::size_t s = 0; s < 3; ++s) {
      if (row[s] < 0) continue;
      if (s > 0 && row[s] == row[s - 1]) {
        ++g.adjwgt.back();
        continue;
      }
      g.adjncy.push_back(row[s]);
      g.adjwgt.push_back(1);
    }
    g.xadj.push_back(static_cast<idx_t>(g.adjncy.size()));
  }
  return g;
}

std::vector<std::int32_t> metis_parts(const Mesh& m, std::int32_t n_parts) {
  DualGraph g = dual_graph(m);
  idx_t nvtxs = m.n_elems(), ncon = 1, nparts = n_parts, objval = 0;
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = partition_seed;
  options[METIS_OPTION_NUMBERING] = 0;
  std::vector<idx_t> part(static_cast<std::size_t>(nvtxs), 0);
  int rc = METIS_ERROR;
  {
    const MetisSignalGuard guard;
    rc = METIS_PartGraphKway(&nvtxs, &ncon, g.xadj.data(), g.adjncy.data(), nullptr, nullptr,
                             g.adjwgt.data(), &nparts, nullptr, nullptr, options, &objval,
                             part.data());
  }
  if (rc != METIS_OK)
    fail(ExitCode::internal,
         fmt::format("METIS could not partition {} elements into {} parts ({})", nvtxs, n_parts,
                     rc == METIS_ERROR_MEMORY  ? "out of memory"
                     : rc == METIS_ERROR_INPUT ? "bad input"
                                               : "error"));
  std::vector<std::int32_t> out(part.begin(), part.end());
  for (const std::int32_t p : out)
    if (p < 0 || p >= n_parts)
      fail(ExitCode::internal, fmt::format("METIS returned part {} of {}", p, n_parts));
  return out;
}
#endif

} // namespace

bool have_metis() {
#ifdef TRIDG_WITH_METIS
  return true;
#else
  return false;
#endif
}

Partition partition_mesh(const Mesh& m, std::int32_t n_parts) {
  check_part_count(m, n_parts);
  if (n_parts == 1) return partition_stats(m, std::vector<std::int32_t>(m.tri.size(), 0), 1);
#ifdef TRIDG_WITH_METIS
  return partition_stats(m, metis_parts(m, n_parts), n_parts);
#else
  fail(ExitCode::bad_case, fmt::format("cannot partition into {} parts: this build has no METIS "
                                       "(install libmetis-dev and build with -DTRIDG_METIS=ON)",
                                       n_parts));
#endif
}

Partition partition_stats(const Mesh& m, std::vector<std::int32_t> part, std::int32_t n_parts) {
  check_part_count(m, n_parts);
  if (part.size() != m.tri.size())
    fail(ExitCode::internal,
         fmt::format("a partition of {} entries for {} elements", part.size(), m.tri.size()));
  Partition p;
  p.n_parts = n_parts;
  p.part = std::move(part);
  p.parts.resize(static_cast<std::size_t>(n_parts));
  for (const std::int32_t q : p.part) {
    if (q < 0 || q >= n_parts)
      fail(ExitCode::internal, fmt::format("part {} is not in [0, {})", q, n_parts));
    ++p.parts[static_cast<std::size_t>(q)].elements;
  }
  // (part, element) halo pairs and (part, part) neighbour pairs, made unique by sorting.
  std::vector<std::pair<std::int32_t, std::int32_t>> halo, adj;
  for (std::size_t i = static_cast<std::size_t>(m.n_boundary_edges); i < m.edges.size(); ++i) {
    const Edge& e = m.edges[i];
    if (e.right < 0) continue;
    const std::int32_t a = p.part[static_cast<std::size_t>(e.left)];
    const std::int32_t b = p.part[static_cast<std::size_t>(e.right)];
    if (a == b) continue;
    ++p.edge_cut;
    ++p.parts[static_cast<std::size_t>(a)].interface_edges;
    ++p.parts[static_cast<std::size_t>(b)].interface_edges;
    halo.emplace_back(a, e.right);
    halo.emplace_back(b, e.left);
    adj.emplace_back(a, b);
    adj.emplace_back(b, a);
  }
  for (auto* v : {&halo, &adj}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  for (const auto& [q, k] : halo) ++p.parts[static_cast<std::size_t>(q)].halo_elements;
  for (const auto& [q, r] : adj) p.parts[static_cast<std::size_t>(q)].neighbours.push_back(r);
  p.total_halo = static_cast<std::int64_t>(halo.size());

  std::int64_t largest = 0, counted = 0;
  double sum_fraction = 0;
  for (const PartInfo& q : p.parts) {
    largest = std::max(largest, q.elements);
    if (q.elements == 0) continue;
    const double f = static_cast<double>(q.halo_elements) / static_cast<double>(q.elements);
    p.max_halo_fraction = std::max(p.max_halo_fraction, f);
    sum_fraction += f;
    ++counted;
  }
  p.mean_halo_fraction = counted ? sum_fraction / static_cast<double>(counted) : 0.0;
  const double mean = static_cast<double>(m.n_elems()) / n_parts;
  p.imbalance = mean > 0 ? static_cast<double>(largest) / mean : 0.0;
  return p;
}

void write_partition_h5(const Mesh& m, const Partition& p, const std::string& path) {
  if (p.part.size() != m.tri.size())
    fail(ExitCode::internal, "the partition does not match the mesh");
  TempFile tmp(path); // removed on any failure, renamed into place by commit()
  write_mesh_h5(m, tmp.tmp());
  h5::File f = h5::File::open(tmp.tmp(), true, ExitCode::io_error);
  f.write("partition/part", p.part);
  f.set_attr("partition", "n_parts", std::int64_t{p.n_parts});
  f.set_attr("partition", "edge_cut", p.edge_cut);
  // What each part's rank reads, so that none has to read the whole mesh.
  const PartLists lists = part_lists(m, p.part, p.n_parts);
  f.write("partition/owned", lists.owned);
  f.write("partition/owned_offsets", lists.owned_offsets);
  f.write("partition/ghosts", lists.ghosts);
  f.write("partition/ghosts_offsets", lists.ghost_offsets);
  f.set_attr("partition", "ghost_layers", std::int64_t{kPartGhostLayers});
  f.close();
  tmp.commit();
}

namespace {

// Rows of a dataset, from its declared shape (nothing is read); -1 when it is not rank `rank`.
std::int64_t rows_of(const h5::File& f, const std::string& name, int rank) {
  if (!f.exists(name)) f.fail(fmt::format("dataset '{}' is missing", name));
  h5::Handle ds(H5Dopen2(f.id(), name.c_str(), H5P_DEFAULT), H5Dclose);
  if (!ds.valid()) f.fail(fmt::format("cannot open dataset '{}'", name));
  h5::Handle space(H5Dget_space(ds.get()), H5Sclose);
  if (!space.valid() || H5Sget_simple_extent_ndims(space.get()) != rank) return -1;
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  return static_cast<std::int64_t>(dims[0]);
}

} // namespace

std::vector<std::int32_t> read_partition_h5(const std::string& path, std::int32_t* n_parts,
                                            std::int64_t max_elements) {
  h5::File f = h5::File::open(path);
  if (!f.has_attr("/", "format") || f.attr_string("/", "format") != "tridg_mesh")
    f.fail("not a tridg prepared mesh file (no format = \"tridg_mesh\" attribute)");
  if (!f.exists("partition/part"))
    f.fail("has no partition (no dataset '/partition/part'; write one with tridg partition)");
  const std::int64_t ne = rows_of(f, "triangles", 2);
  if (ne < 1 || ne > max_elements) f.fail("dataset 'triangles' has a bad shape or size");
  const std::int64_t np = f.attr_int("partition", "n_parts");
  if (np < 1 || np > ne)
    f.fail(fmt::format("partition n_parts = {} is out of range for {} elements", np, ne));
  if (rows_of(f, "partition/part", 1) != ne)
    f.fail(fmt::format("dataset '/partition/part' does not have one entry for each of the {} "
                       "elements",
                       ne));
  std::vector<hsize_t> dims;
  std::vector<std::int32_t> part = f.read<std::int32_t>("partition/part", dims);
  if (static_cast<std::int64_t>(part.size()) != ne)
    f.fail("dataset '/partition/part' has the wrong size");
  for (std::size_t k = 0; k < part.size(); ++k)
    if (part[k] < 0 || part[k] >= np)
      f.fail(fmt::format("element {} is in part {}, outside [0, {})", k, part[k], np));
  if (n_parts) *n_parts = static_cast<std::int32_t>(np);
  return part;
}

} // namespace tridg
