#include "io/part_mesh_h5.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "io/curved_check.hpp"
#include "io/h5_util.hpp"
#include "io/isoparametric.hpp"
#include "io/mesh_h5.hpp"
#include "io/part_lists.hpp"

namespace tridg {

namespace {

// Position of `v` in the ascending list `sorted`, or -1.
std::int32_t find(const std::vector<std::int64_t>& sorted, std::int64_t v) {
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), v);
  return it != sorted.end() && *it == v ? std::int32_t(it - sorted.begin()) : -1;
}

std::vector<std::int64_t> sorted_unique(std::vector<std::int64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

class PartReader {
public:
  PartReader(const std::string& path, std::int32_t part, std::int64_t max_elements)
      : f_(h5::File::open(path)), part_(part), max_elements_(max_elements) {}
  Mesh read();

private:
  [[noreturn]] void bad(const std::string& what) const { f_.fail(what); }
  void read_header();
  void read_elements();
  void read_nodes();
  void read_edges();
  void read_groups();
  void read_geometry();
  std::int32_t local_elem(std::int64_t g) const; // -1 when not in the part

  h5::File f_;
  std::int32_t part_;
  std::int64_t max_elements_;
  Mesh m_;
  MeshPart p_;
  std::vector<std::int64_t> owned_, ghosts_; // ascending whole-mesh numbers
  std::vector<std::int64_t> all_;            // both, ascending
  std::vector<std::int32_t> local_of_all_;   // local index of all_[i]
  std::vector<std::array<std::int64_t, 3>> tri_g_, elem_edges_g_;
  std::int64_t n_edges_ = 0, n_bedges_ = 0;
};

std::int32_t PartReader::local_elem(std::int64_t g) const {
  const std::int32_t i = find(all_, g);
  return i < 0 ? -1 : local_of_all_[std::size_t(i)];
}

void PartReader::read_header() {
  if (!f_.has_attr("/", "format") || f_.attr_string("/", "format") != "tridg_mesh")
    bad("not a tridg prepared mesh file (no format = \"tridg_mesh\" attribute)");
  if (f_.attr_int("/", "format_version") != mesh_format_version)
    bad("prepared mesh format version is not supported (run tridg import again)");
  const std::vector<hsize_t> tri = f_.shape("triangles"), nodes = f_.shape("nodes"),
                             edges = f_.shape("edges"), geom = f_.shape("edge_geometry"),
                             ee = f_.shape("elem_edges");
  if (tri.size() != 2 || tri[1] != 3 || nodes.size() != 2 || nodes[1] != 2 || edges.size() != 2 ||
      edges[1] != 6 || geom.size() != 2 || geom[1] != 3 || geom[0] != edges[0] || ee.size() != 2 ||
      ee[1] != 3 || ee[0] != tri[0])
    bad("the mesh datasets have the wrong shapes");
  p_.n_elems = std::int64_t(tri[0]);
  p_.n_nodes = std::int64_t(nodes[0]);
  n_edges_ = std::int64_t(edges[0]);
  if (p_.n_elems < 1 || p_.n_elems > max_elements_)
    bad(fmt::format("the mesh has {} triangles; the limit is {} (--max-elements)", p_.n_elems,
                    max_elements_));
  if (n_edges_ > 3 * p_.n_elems || p_.n_nodes > 3 * p_.n_elems + 3)
    bad("the mesh declares more edges or nodes than its triangles can have");
  n_bedges_ = f_.attr_int("/", "n_boundary_edges");
  const std::int64_t np = f_.attr_int("/", "n_periodic_edges");
  if (n_bedges_ < 0 || n_bedges_ > n_edges_ || np < 0 || np > n_edges_ - n_bedges_)
    bad("n_boundary_edges or n_periodic_edges is out of range");
  m_.n_periodic_edges = std::int32_t(np);
  m_.locality_before = f_.attr_double("/", "locality_before");
  m_.locality_after = f_.attr_double("/", "locality_after");
}

void PartReader::read_elements() {
  const PartElements pe = read_part_elements_h5(f_.path(), part_);
  p_.n_parts = pe.n_parts;
  owned_ = pe.owned;
  ghosts_ = pe.ghosts;
  p_.n_owned = std::int32_t(owned_.size());
  p_.elem_gid = owned_;
  p_.elem_gid.insert(p_.elem_gid.end(), ghosts_.begin(), ghosts_.end());
  all_ = p_.elem_gid;
  std::vector<std::int32_t> order(all_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = std::int32_t(i);
  std::sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
    return p_.elem_gid[std::size_t(a)] < p_.elem_gid[std::size_t(b)];
  });
  for (std::size_t i = 0; i < order.size(); ++i) all_[i] = p_.elem_gid[std::size_t(order[i])];
  for (std::size_t i = 1; i < all_.size(); ++i)
    if (all_[i] == all_[i - 1])
      bad(fmt::format("part {} lists element {} as its own and as a ghost", part_, all_[i]));
  local_of_all_ = order;
  const std::vector<std::int32_t> tri = f_.read_at<std::int32_t>("triangles", 0, all_);
  const std::vector<std::int32_t> ee = f_.read_at<std::int32_t>("elem_edges", 0, all_);
  const std::vector<std::int32_t> owner = f_.read_at<std::int32_t>("partition/part", 0, all_);
  const std::size_t n = all_.size();
  tri_g_.resize(n);
  elem_edges_g_.resize(n);
  p_.owner.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = std::size_t(local_of_all_[i]);
    for (int j = 0; j < 3; ++j) {
      tri_g_[k][j] = tri[3 * i + j];
      elem_edges_g_[k][j] = ee[3 * i + j];
      if (tri_g_[k][j] < 0 || tri_g_[k][j] >= p_.n_nodes)
        bad(fmt::format("triangle {} refers to node {}, which does not exist", all_[i],
                        tri_g_[k][j]));
      if (elem_edges_g_[k][j] < 0 || elem_edges_g_[k][j] >= n_edges_)
        bad(fmt::format("element {} refers to edge {}, which does not exist", all_[i],
                        elem_edges_g_[k][j]));
    }
    p_.owner[k] = owner[i];
    if (owner[i] < 0 || owner[i] >= p_.n_parts || (k < owned_.size()) != (owner[i] == part_))
      bad(fmt::format("element {} is in part {}, but the part lists say otherwise", all_[i],
                      owner[i]));
  }
}

void PartReader::read_nodes() {
  std::vector<std::int64_t> ids;
  for (const auto& t : tri_g_) ids.insert(ids.end(), t.begin(), t.end());
  p_.node_gid = sorted_unique(std::move(ids));
  const std::vector<double> xy = f_.read_at<double>("nodes", 0, p_.node_gid);
  const std::size_t nn = p_.node_gid.size();
  m_.x.resize(nn);
  m_.y.resize(nn);
  for (std::size_t i = 0; i < nn; ++i) {
    m_.x[i] = xy[2 * i];
    m_.y[i] = xy[2 * i + 1];
    if (!std::isfinite(m_.x[i]) || !std::isfinite(m_.y[i]))
      bad(fmt::format("node {} has a non-finite coordinate", p_.node_gid[i]));
  }
  m_.tri.resize(tri_g_.size());
  for (std::size_t k = 0; k < tri_g_.size(); ++k) {
    for (int j = 0; j < 3; ++j) m_.tri[k][j] = find(p_.node_gid, tri_g_[k][j]);
    const auto& t = m_.tri[k];
    const double a = (m_.x[t[1]] - m_.x[t[0]]) * (m_.y[t[2]] - m_.y[t[0]]) -
                     (m_.x[t[2]] - m_.x[t[0]]) * (m_.y[t[1]] - m_.y[t[0]]);
    if (!(a > 0)) bad(fmt::format("triangle {} is not counter-clockwise", p_.elem_gid[k]));
  }
}

void PartReader::read_edges() {
  std::vector<std::int64_t> ids;
  for (const auto& e : elem_edges_g_) ids.insert(ids.end(), e.begin(), e.end());
  ids = sorted_unique(std::move(ids));
  const std::vector<std::int32_t> rows = f_.read_at<std::int32_t>("edges", 0, ids);
  const std::vector<double> geom = f_.read_at<double>("edge_geometry", 0, ids);
  std::vector<Edge> boundary, interior, rim;
  std::vector<std::int64_t> boundary_gid;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::int32_t* r = &rows[6 * i];
    const std::int64_t g = ids[i];
    auto bad_edge = [&](const char* what) { bad(fmt::format("edge {}: {}", g, what)); };
    const bool is_boundary = g < n_bedges_;
    if (r[2] < 0 || r[2] >= p_.n_elems || r[4] < 0 || r[4] > 2)
      bad_edge("bad left element or side");
    if (is_boundary ? (r[3] != -1 || r[5] != -1)
                    : (r[3] < 0 || r[3] >= p_.n_elems || r[5] < 0 || r[5] > 2))
      bad_edge("bad right element or side");
    const std::int32_t l = local_elem(r[2]), rr = is_boundary ? -1 : local_elem(r[3]);
    Edge e{};
    e.nx = geom[3 * i];
    e.ny = geom[3 * i + 1];
    e.length = geom[3 * i + 2];
    if (!(std::abs(std::hypot(e.nx, e.ny) - 1) <= 1e-10) || !(e.length > 0) ||
        !std::isfinite(e.length))
      bad_edge("bad normal or length");
    // Each side of a local element must lead back to this edge.
    auto check_side = [&](std::int32_t k, int s) {
      if (k >= 0 && elem_edges_g_[std::size_t(k)][std::size_t(s)] != g)
        bad_edge("elem_edges does not point back to it");
    };
    check_side(l, r[4]);
    if (!is_boundary) check_side(rr, r[5]);
    if (l >= 0 && (is_boundary || rr >= 0)) {
      e.left = l;
      e.right = rr;
      e.lside = std::int8_t(r[4]);
      e.rside = std::int8_t(r[5]);
      e.n0 = m_.tri[std::size_t(l)][std::size_t(e.lside)];
      e.n1 = m_.tri[std::size_t(l)][std::size_t((e.lside + 1) % 3)];
      if (p_.node_gid[std::size_t(e.n0)] != r[0] || p_.node_gid[std::size_t(e.n1)] != r[1])
        bad_edge("nodes do not match the left element");
      if (is_boundary) {
        boundary.push_back(e);
        boundary_gid.push_back(g);
      } else {
        interior.push_back(e);
      }
    } else if (l >= 0 || rr >= 0) {
      // A rim edge, seen from the element the part has; the normal points out of it.
      const bool from_left = l >= 0;
      e.left = from_left ? l : rr;
      e.lside = std::int8_t(from_left ? r[4] : r[5]);
      e.right = -1;
      e.rside = -1;
      e.n0 = m_.tri[std::size_t(e.left)][std::size_t(e.lside)];
      e.n1 = m_.tri[std::size_t(e.left)][std::size_t((e.lside + 1) % 3)];
      if (!from_left) {
        e.nx = -e.nx;
        e.ny = -e.ny;
      }
      rim.push_back(e);
    } else {
      bad_edge("belongs to no element of the part");
    }
  }
  m_.n_boundary_edges = std::int32_t(boundary.size());
  p_.n_rim_edges = std::int32_t(rim.size());
  m_.edges = boundary;
  m_.edges.insert(m_.edges.end(), interior.begin(), interior.end());
  m_.edges.insert(m_.edges.end(), rim.begin(), rim.end());
  m_.elem_edges.assign(m_.tri.size(), {-1, -1, -1});
  for (std::size_t i = 0; i < m_.edges.size(); ++i) {
    const Edge& e = m_.edges[i];
    auto claim = [&](std::int32_t k, int s) {
      std::int32_t& slot = m_.elem_edges[std::size_t(k)][std::size_t(s)];
      if (slot >= 0)
        bad(fmt::format("element {} side {} is claimed by two edges", p_.elem_gid[std::size_t(k)],
                        s));
      slot = std::int32_t(i);
    };
    claim(e.left, e.lside);
    if (e.right >= 0) claim(e.right, e.rside);
  }
  for (std::size_t k = 0; k < m_.tri.size(); ++k)
    for (int s = 0; s < 3; ++s)
      if (m_.elem_edges[k][std::size_t(s)] < 0)
        bad(fmt::format("element {} side {} belongs to no edge", p_.elem_gid[k], s));
  // Boundary groups: the whole mesh's, each with the part's edges of it.
  read_groups();
  std::size_t at = 0;
  for (BoundaryGroup& grp : m_.groups) {
    const std::int64_t first = grp.first, last = std::int64_t(grp.first) + grp.count;
    grp.first = std::int32_t(at);
    while (at < boundary_gid.size() && boundary_gid[at] < last) {
      if (boundary_gid[at] < first) bad("a boundary edge lies in no group");
      ++at;
    }
    grp.count = std::int32_t(at) - grp.first;
  }
  if (at != boundary_gid.size()) bad("the boundary groups do not cover the boundary edges");
}

void PartReader::read_groups() {
  m_.groups = read_boundary_groups(f_, n_bedges_);
}

// The part's rows of the high-order nodes, in the part's element order.
void PartReader::read_geometry() {
  if (!f_.exists("geometry_nodes")) return;
  const int order = read_geometry_order(f_);
  const auto extra = static_cast<hsize_t>(extra_geometry_nodes(order));
  const std::vector<hsize_t> shape = f_.shape("geometry_nodes");
  if (shape.size() != 3 || shape[0] != hsize_t(p_.n_elems) || shape[1] != extra || shape[2] != 2)
    bad("dataset 'geometry_nodes' has the wrong shape");
  const std::vector<double> rows = f_.read_at<double>("geometry_nodes", 0, all_);
  const std::size_t per = 2 * extra;
  std::vector<double> nodes(rows.size());
  for (std::size_t i = 0; i < all_.size(); ++i)
    std::copy_n(rows.begin() + std::ptrdiff_t(per * i), per,
                nodes.begin() + std::ptrdiff_t(per * std::size_t(local_of_all_[i])));
  std::vector<std::int64_t> number(p_.elem_gid.size());
  for (std::size_t k = 0; k < number.size(); ++k) number[k] = p_.elem_gid[k] + 1;
  m_.geometry =
      check_curved_geometry(order, std::move(nodes), m_.tri, m_.x, m_.y, f_.path(), number);
}

Mesh PartReader::read() {
  read_header();
  read_elements();
  read_nodes();
  read_edges();
  read_geometry();
  m_.part = std::move(p_);
  return std::move(m_);
}

} // namespace

Mesh read_part_mesh_h5(const std::string& path, std::int32_t part, std::int64_t max_elements) {
  try {
    return PartReader(path, part, max_elements).read();
  } catch (const std::bad_alloc&) {
    fail(ExitCode::bad_mesh, path + ": the file claims more data than fits in memory (damaged?)");
  }
}

} // namespace tridg
