#include "io/part_lists.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "io/error.hpp"
#include "io/h5_util.hpp"

namespace tridg {

PartLists part_lists(const Mesh& m, const std::vector<std::int32_t>& part, std::int32_t n_parts,
                     int layers) {
  const std::int32_t E = m.n_elems();
  if (part.size() != std::size_t(E)) fail(ExitCode::internal, "part_lists: partition size");
  // Elements around each node (compressed rows).
  std::vector<std::int64_t> start(std::size_t(m.n_nodes()) + 1, 0);
  for (const auto& t : m.tri)
    for (const std::int32_t v : t) ++start[std::size_t(v) + 1];
  for (std::size_t v = 0; v + 1 < start.size(); ++v) start[v + 1] += start[v];
  std::vector<std::int32_t> around(start.back());
  {
    std::vector<std::int64_t> fill(start.begin(), start.end() - 1);
    for (std::int32_t k = 0; k < E; ++k)
      for (const std::int32_t v : m.tri[std::size_t(k)]) around[std::size_t(fill[v]++)] = k;
  }
  auto for_neighbours = [&](std::int32_t k, auto&& f) {
    for (int s = 0; s < 3; ++s) {
      const Edge& e = m.edges[std::size_t(m.elem_edges[std::size_t(k)][s])];
      const std::int32_t other = e.left == k && e.lside == s ? e.right : e.left;
      if (other >= 0) f(other);
    }
    for (const std::int32_t v : m.tri[std::size_t(k)])
      for (std::int64_t j = start[std::size_t(v)]; j < start[std::size_t(v) + 1]; ++j)
        f(around[std::size_t(j)]);
  };
  PartLists out;
  out.owned_offsets.assign(std::size_t(n_parts) + 1, 0);
  for (const std::int32_t q : part) ++out.owned_offsets[std::size_t(q) + 1];
  for (std::int32_t q = 0; q < n_parts; ++q)
    out.owned_offsets[std::size_t(q) + 1] += out.owned_offsets[std::size_t(q)];
  out.owned.resize(std::size_t(E));
  {
    std::vector<std::int64_t> fill(out.owned_offsets.begin(), out.owned_offsets.end() - 1);
    for (std::int32_t k = 0; k < E; ++k) out.owned[std::size_t(fill[std::size_t(part[k])]++)] = k;
  }
  // Layers grown part by part; `mark` holds the last part that took an element (no clearing).
  std::vector<std::int32_t> mark(std::size_t(E), -1), frontier, next;
  out.ghost_offsets.push_back(0);
  for (std::int32_t q = 0; q < n_parts; ++q) {
    frontier.assign(out.owned.begin() + out.owned_offsets[std::size_t(q)],
                    out.owned.begin() + out.owned_offsets[std::size_t(q) + 1]);
    for (const std::int32_t k : frontier) mark[std::size_t(k)] = q;
    const std::size_t first = out.ghosts.size();
    for (int l = 0; l < layers; ++l) {
      next.clear();
      for (const std::int32_t k : frontier)
        for_neighbours(k, [&](std::int32_t j) {
          if (mark[std::size_t(j)] != q) {
            mark[std::size_t(j)] = q;
            next.push_back(j);
          }
        });
      out.ghosts.insert(out.ghosts.end(), next.begin(), next.end());
      frontier.swap(next);
    }
    std::sort(out.ghosts.begin() + std::ptrdiff_t(first), out.ghosts.end());
    out.ghost_offsets.push_back(std::int64_t(out.ghosts.size()));
  }
  return out;
}

PartElements read_part_elements_h5(const std::string& path, std::int32_t part) {
  h5::File f = h5::File::open(path);
  if (!f.exists("partition/owned") || !f.exists("partition/ghosts"))
    f.fail("its partition has no per-part element lists (written by an older tridg partition; "
           "write it again)");
  PartElements pe;
  pe.n_parts = std::int32_t(f.attr_int("partition", "n_parts"));
  if (part < 0 || part >= pe.n_parts)
    f.fail(fmt::format("has no part {} (it has {})", part, pe.n_parts));
  const std::int64_t ne = std::int64_t(f.shape("triangles").at(0));
  auto slice = [&](const std::string& list, std::vector<std::int64_t>& into) {
    std::vector<hsize_t> dims;
    const std::vector<std::int64_t> off =
        f.read<std::int64_t>("partition/" + list + "_offsets", dims);
    const std::vector<hsize_t> shape = f.shape("partition/" + list);
    if (off.size() != std::size_t(pe.n_parts) + 1 || shape.size() != 1 || off.front() != 0 ||
        off.back() != std::int64_t(shape[0]))
      f.fail("dataset '/partition/" + list + "_offsets' does not match '/partition/" + list + "'");
    const std::int64_t a = off[std::size_t(part)], b = off[std::size_t(part) + 1];
    if (a > b) f.fail("dataset '/partition/" + list + "_offsets' is not ascending");
    std::vector<std::int64_t> at(std::size_t(b - a));
    for (std::int64_t i = a; i < b; ++i) at[std::size_t(i - a)] = i;
    const std::vector<std::int32_t> v = f.read_at<std::int32_t>("partition/" + list, 0, at);
    into.assign(v.begin(), v.end());
    for (std::size_t i = 0; i < into.size(); ++i)
      if (into[i] < 0 || into[i] >= ne || (i > 0 && into[i] <= into[i - 1]))
        f.fail(fmt::format("part {}'s {} list holds element {} out of order or out of range", part,
                           list, into[i]));
  };
  slice("owned", pe.owned);
  slice("ghosts", pe.ghosts);
  if (pe.owned.empty()) f.fail(fmt::format("part {} has no elements", part));
  return pe;
}

std::int32_t stored_parts(const std::string& path) {
  if (path.size() < 3 || path.compare(path.size() - 3, 3, ".h5") != 0) return 0;
  try {
    const h5::File f = h5::File::open(path);
    if (!f.exists("partition/owned") || !f.exists("partition/ghosts") ||
        !f.has_attr("partition", "n_parts"))
      return 0;
    const std::int64_t n = f.attr_int("partition", "n_parts");
    return n >= 1 && n <= INT32_MAX ? std::int32_t(n) : 0;
  } catch (const UserError&) {
    return 0;
  }
}

} // namespace tridg
