#include "io/connectivity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

#include "io/curved_check.hpp"
#include "io/error.hpp"
#include "io/isoparametric.hpp"
#include "io/renumber.hpp"

namespace tridg {

namespace {

using Key = std::uint64_t;

Key edge_key(std::int32_t a, std::int32_t b) {
  const auto lo = static_cast<std::uint32_t>(std::min(a, b));
  const auto hi = static_cast<std::uint32_t>(std::max(a, b));
  return (Key{lo} << 32) | hi;
}

// One side of one triangle: element k, local side s, running from node a to node b (CCW).
struct Side {
  Key key;
  std::int32_t k;
  std::int8_t s;
  std::int32_t a, b;
};

// An edge before numbering.
struct Pending {
  std::int32_t left, right;
  std::int8_t lside, rside;
  int group; // boundary group id, -1 for interior
};

class Builder {
public:
  // With `gid`, the triangles are a part's (io/mesh.hpp): they keep their order, the whole-mesh
  // numbers decide each edge's left element, and a side that finds no partner and no group is a
  // rim edge rather than an error.
  explicit Builder(const RawMesh& raw, const std::vector<std::int64_t>* gid = nullptr)
      : raw_(raw), gid_(gid) {}
  Mesh build();

private:
  [[noreturn]] void bad(const std::string& what) const {
    fail(ExitCode::bad_mesh, raw_.source + ": " + what);
  }
  std::string pt(std::int32_t v) const {
    return fmt::format("({:.10g}, {:.10g})", m_.x[v], m_.y[v]);
  }
  void check_nodes();
  void orient_and_renumber();
  void carry_geometry(const std::vector<char>& flipped);
  void pair_sides();
  void match_periodic();
  void assign_groups();
  void number_edges();
  double mean_distance(const std::vector<std::int32_t>& label) const;

  // The number that orders element k against the others.
  std::int64_t order_of(std::int32_t k) const { return gid_ ? (*gid_)[std::size_t(k)] : k; }

  const RawMesh& raw_;
  const std::vector<std::int64_t>* gid_;
  Mesh m_;
  std::vector<std::int32_t> old_of_new_; // element renumbering: new index -> raw index
  std::vector<Side> boundary_;           // unmatched boundary sides
  std::vector<Pending> interior_;
  std::vector<std::int32_t> periodic_; // indices into interior_ of periodic edges
  std::vector<Pending> bnd_edges_;
  std::vector<Pending> rim_; // a part's sides that lead out of it
  std::vector<std::string> group_names_;
};

void Builder::check_nodes() {
  if (raw_.x.size() != raw_.y.size()) bad("node coordinate arrays differ in length");
  if (raw_.x.size() > static_cast<std::size_t>(INT32_MAX / 2)) bad("too many nodes");
  if (raw_.tri.empty()) bad("the mesh contains no triangles");
  m_.x = raw_.x;
  m_.y = raw_.y;
  for (std::int32_t v = 0; v < m_.n_nodes(); ++v)
    if (!std::isfinite(m_.x[v]) || !std::isfinite(m_.y[v]))
      bad(fmt::format("node {} has a non-finite coordinate", v));
  const auto n = m_.n_nodes();
  for (std::size_t k = 0; k < raw_.tri.size(); ++k)
    for (std::int32_t v : raw_.tri[k])
      if (v < 0 || v >= n)
        bad(fmt::format("triangle {} refers to node {}, which does not exist", k, v));
}

void Builder::orient_and_renumber() {
  const std::size_t ne = raw_.tri.size();
  std::vector<std::array<std::int32_t, 3>> tri = raw_.tri;
  std::vector<double> cx(ne), cy(ne);
  std::vector<char> flipped(ne, 0);
  for (std::size_t k = 0; k < ne; ++k) {
    auto& t = tri[k];
    const double x0 = m_.x[t[0]], y0 = m_.y[t[0]];
    const double ax = m_.x[t[1]] - x0, ay = m_.y[t[1]] - y0;
    const double bx = m_.x[t[2]] - x0, by = m_.y[t[2]] - y0;
    const double twice_area = ax * by - ay * bx;
    const double longest2 = std::max(
        {ax * ax + ay * ay, bx * bx + by * by, (bx - ax) * (bx - ax) + (by - ay) * (by - ay)});
    // Relative to the longest side squared: the sine of the angles, scale free.
    if (!(std::abs(twice_area) > 1e-12 * longest2))
      bad(fmt::format("triangle {} (counting from 0) with vertices {} {} {} has zero area", k,
                      pt(t[0]), pt(t[1]), pt(t[2])));
    if (twice_area < 0) std::swap(t[1], t[2]), flipped[k] = 1;
    cx[k] = (m_.x[t[0]] + m_.x[t[1]] + m_.x[t[2]]) / 3;
    cy[k] = (m_.y[t[0]] + m_.y[t[1]] + m_.y[t[2]]) / 3;
  }
  if (gid_) {
    old_of_new_.resize(ne);
    std::iota(old_of_new_.begin(), old_of_new_.end(), 0);
  } else {
    old_of_new_ = hilbert_order(cx, cy);
  }
  m_.tri.resize(ne);
  for (std::size_t k = 0; k < ne; ++k) m_.tri[k] = tri[old_of_new_[k]];
  carry_geometry(flipped);
}

// Checked in the raw order (so that messages name the file's elements), then turned and
// renumbered with the vertices.
void Builder::carry_geometry(const std::vector<char>& flipped) {
  if (raw_.geometry_order == 1 && raw_.geometry_nodes.empty()) return;
  CurvedGeometry g = check_curved_geometry(raw_.geometry_order, raw_.geometry_nodes, raw_.tri, m_.x,
                                           m_.y, raw_.source, raw_.tags);
  const auto per = static_cast<std::size_t>(2 * extra_geometry_nodes(g.order));
  for (std::size_t k = 0; k < flipped.size(); ++k)
    if (flipped[k]) reverse_extra_nodes(g.order, g.nodes.data() + per * k);
  std::vector<double> nodes(g.nodes.size());
  std::vector<std::uint8_t> curved(g.curved.size());
  for (std::size_t k = 0; k < old_of_new_.size(); ++k) {
    const auto o = static_cast<std::size_t>(old_of_new_[k]);
    std::copy_n(g.nodes.begin() + std::ptrdiff_t(per * o), per,
                nodes.begin() + std::ptrdiff_t(per * k));
    curved[k] = g.curved[o];
  }
  g.nodes = std::move(nodes);
  g.curved = std::move(curved);
  m_.geometry = std::move(g);
}

void Builder::pair_sides() {
  std::vector<Side> sides;
  sides.reserve(3 * m_.tri.size());
  for (std::int32_t k = 0; k < m_.n_elems(); ++k)
    for (std::int8_t s = 0; s < 3; ++s) {
      const std::int32_t a = m_.tri[k][s], b = m_.tri[k][(s + 1) % 3];
      sides.push_back({edge_key(a, b), k, s, a, b});
    }
  std::sort(sides.begin(), sides.end(), [this](const Side& p, const Side& q) {
    return p.key != q.key ? p.key < q.key : p.k != q.k ? order_of(p.k) < order_of(q.k) : p.s < q.s;
  });
  for (std::size_t i = 0; i < sides.size();) {
    std::size_t j = i + 1;
    while (j < sides.size() && sides[j].key == sides[i].key) ++j;
    const Side& p = sides[i];
    if (j - i == 1) {
      boundary_.push_back(p);
    } else if (j - i == 2) {
      const Side& q = sides[i + 1];
      // Two counter-clockwise triangles on opposite sides of an edge run it in opposite
      // directions; the same direction means they overlap.
      if (p.a != q.b)
        bad(fmt::format("triangles {} and {} overlap at the edge from {} to {} (folded mesh)",
                        old_of_new_[p.k], old_of_new_[q.k], pt(p.a), pt(p.b)));
      interior_.push_back({p.k, q.k, p.s, q.s, -1}); // p before q in order_of, from the sort
    } else {
      bad(fmt::format("the edge from {} to {} is shared by {} triangles (at most 2 allowed)",
                      pt(p.a), pt(p.b), j - i));
    }
    i = j;
  }
}

void Builder::match_periodic() {
  if (raw_.periodic_nodes.empty() || boundary_.empty()) return;
  // A node can have several masters (a corner of a doubly periodic box), so keep them all and
  // let the existence of the master edge decide.
  std::unordered_map<std::int32_t, std::vector<std::int32_t>> masters;
  for (const auto& [slave, master] : raw_.periodic_nodes) {
    if (slave < 0 || slave >= m_.n_nodes() || master < 0 || master >= m_.n_nodes())
      bad(fmt::format("periodic node pair ({}, {}) refers to a node that does not exist", slave,
                      master));
    if (slave == master) continue;
    auto& list = masters[slave];
    if (std::find(list.begin(), list.end(), master) == list.end()) list.push_back(master);
  }
  std::unordered_map<Key, std::size_t> by_key;
  by_key.reserve(boundary_.size());
  for (std::size_t i = 0; i < boundary_.size(); ++i) by_key[boundary_[i].key] = i;
  std::vector<char> matched(boundary_.size(), 0);
  for (std::size_t i = 0; i < boundary_.size(); ++i) {
    if (matched[i]) continue;
    const auto ma = masters.find(boundary_[i].a), mb = masters.find(boundary_[i].b);
    if (ma == masters.end() || mb == masters.end()) continue;
    bool done = false;
    for (std::int32_t c : ma->second) {
      for (std::int32_t d : mb->second) {
        const auto it = by_key.find(edge_key(c, d));
        if (it == by_key.end() || it->second == i || matched[it->second]) continue;
        const Side& master = boundary_[it->second];
        const Side& slave = boundary_[i];
        periodic_.push_back(static_cast<std::int32_t>(interior_.size()));
        interior_.push_back({master.k, slave.k, master.s, slave.s, -1});
        matched[i] = matched[it->second] = 1;
        done = true;
        break;
      }
      if (done) break;
    }
  }
  std::vector<Side> rest;
  for (std::size_t i = 0; i < boundary_.size(); ++i)
    if (!matched[i]) rest.push_back(boundary_[i]);
  boundary_.swap(rest);
}

void Builder::assign_groups() {
  // raw_.boundary is a std::map, so group ids follow the sorted names.
  std::unordered_map<Key, int> group_of;
  for (const auto& [name, segs] : raw_.boundary) {
    const int g = static_cast<int>(group_names_.size());
    group_names_.push_back(name);
    for (const auto& s : segs) {
      if (s[0] < 0 || s[0] >= m_.n_nodes() || s[1] < 0 || s[1] >= m_.n_nodes())
        bad(fmt::format("a segment of group '{}' refers to a node that does not exist", name));
      const auto [it, fresh] = group_of.emplace(edge_key(s[0], s[1]), g);
      if (!fresh && it->second != g)
        bad(fmt::format("the boundary segment from {} to {} is in two physical groups, '{}' and "
                        "'{}'",
                        pt(s[0]), pt(s[1]), group_names_[it->second], name));
    }
  }
  for (const Side& s : boundary_) {
    const auto it = group_of.find(s.key);
    if (it == group_of.end() && gid_) {
      rim_.push_back({s.k, -1, s.s, -1, -1});
      continue;
    }
    if (it == group_of.end())
      bad(fmt::format("the boundary edge from {} to {} is in no physical group (every boundary "
                      "edge needs a named Physical Curve)",
                      pt(s.a), pt(s.b)));
    bnd_edges_.push_back({s.k, -1, s.s, -1, it->second});
  }
  std::sort(bnd_edges_.begin(), bnd_edges_.end(), [](const Pending& p, const Pending& q) {
    return p.group != q.group ? p.group < q.group
           : p.left != q.left ? p.left < q.left
                              : p.lside < q.lside;
  });
  std::sort(interior_.begin(), interior_.end(), [](const Pending& p, const Pending& q) {
    const auto plo = std::min(p.left, p.right), qlo = std::min(q.left, q.right);
    if (plo != qlo) return plo < qlo;
    const auto phi = std::max(p.left, p.right), qhi = std::max(q.left, q.right);
    if (phi != qhi) return phi < qhi;
    return p.lside < q.lside;
  });
}

void Builder::number_edges() {
  const std::size_t nb = bnd_edges_.size(), ni = interior_.size(), nr = rim_.size();
  m_.edges.resize(nb + ni + nr);
  m_.elem_edges.assign(m_.tri.size(), {-1, -1, -1});
  m_.n_boundary_edges = static_cast<std::int32_t>(nb);
  m_.n_periodic_edges = static_cast<std::int32_t>(periodic_.size());
  for (std::size_t i = 0; i < nb + ni + nr; ++i) {
    const Pending& p = i < nb ? bnd_edges_[i] : i < nb + ni ? interior_[i - nb] : rim_[i - nb - ni];
    Edge& e = m_.edges[i];
    e.left = p.left;
    e.right = p.right;
    e.lside = p.lside;
    e.rside = p.rside;
    e.n0 = m_.tri[p.left][p.lside];
    e.n1 = m_.tri[p.left][(p.lside + 1) % 3];
    const double dx = m_.x[e.n1] - m_.x[e.n0], dy = m_.y[e.n1] - m_.y[e.n0];
    e.length = std::hypot(dx, dy);
    // The left element runs the edge counter-clockwise, so (dy, -dx) points out of it.
    e.nx = dy / e.length;
    e.ny = -dx / e.length;
    const auto idx = static_cast<std::int32_t>(i);
    m_.elem_edges[p.left][p.lside] = idx;
    if (p.right >= 0) m_.elem_edges[p.right][p.rside] = idx;
  }
  // A part keeps every group of the whole mesh, also those it has no edge of.
  std::size_t i = 0;
  for (int gr = 0; gr < int(group_names_.size()); ++gr) {
    std::size_t j = i;
    while (j < nb && bnd_edges_[j].group == gr) ++j;
    if (j > i || gid_) {
      BoundaryGroup g;
      g.name = group_names_[std::size_t(gr)];
      g.first = static_cast<std::int32_t>(i);
      g.count = static_cast<std::int32_t>(j - i);
      if (const auto it = raw_.arcs.find(g.name); it != raw_.arcs.end()) g.arc = it->second;
      m_.groups.push_back(g);
    }
    i = j;
  }
}

double Builder::mean_distance(const std::vector<std::int32_t>& label) const {
  double sum = 0;
  std::size_t n = 0;
  for (const Edge& e : m_.edges)
    if (e.right >= 0) {
      sum += std::abs(static_cast<double>(label[e.left]) - static_cast<double>(label[e.right]));
      ++n;
    }
  return n ? sum / static_cast<double>(n) : 0.0;
}

Mesh Builder::build() {
  check_nodes();
  orient_and_renumber();
  pair_sides();
  match_periodic();
  assign_groups();
  number_edges();
  std::vector<std::int32_t> identity(m_.tri.size());
  std::iota(identity.begin(), identity.end(), 0);
  m_.locality_before = mean_distance(old_of_new_);
  m_.locality_after = mean_distance(identity);
  return std::move(m_);
}

} // namespace

Mesh build_connectivity(const RawMesh& raw) {
  return Builder(raw).build();
}

Mesh build_part_connectivity(const RawMesh& raw, const std::vector<std::int64_t>& elem_gid,
                             std::int32_t& n_rim_edges) {
  if (elem_gid.size() != raw.tri.size())
    fail(ExitCode::internal, "build_part_connectivity: one number per triangle expected");
  Mesh m = Builder(raw, &elem_gid).build();
  n_rim_edges = 0;
  for (std::int32_t e = m.n_boundary_edges; e < m.n_edges(); ++e)
    if (m.edges[std::size_t(e)].right < 0) ++n_rim_edges;
  return m;
}

} // namespace tridg
