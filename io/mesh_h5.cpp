#include "io/mesh_h5.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/curved_check.hpp"
#include "io/h5_util.hpp"
#include "io/isoparametric.hpp"

namespace tridg {

namespace {

constexpr const char* format_name = "tridg_mesh";

void write_contents(h5::File& f, const Mesh& m) {
  const auto ne = static_cast<hsize_t>(m.n_elems());
  const auto nd = static_cast<hsize_t>(m.n_edges());
  f.set_attr("/", "format", format_name);
  f.set_attr("/", "format_version", std::int64_t{mesh_format_version});
  f.set_attr("/", "tridg_version", TRIDG_VERSION);
  f.set_attr("/", "n_boundary_edges", std::int64_t{m.n_boundary_edges});
  f.set_attr("/", "n_periodic_edges", std::int64_t{m.n_periodic_edges});
  f.set_attr("/", "locality_before", m.locality_before);
  f.set_attr("/", "locality_after", m.locality_after);

  std::vector<double> nodes(2 * m.x.size());
  for (std::size_t i = 0; i < m.x.size(); ++i) nodes[2 * i] = m.x[i], nodes[2 * i + 1] = m.y[i];
  f.write("nodes", nodes.data(), {static_cast<hsize_t>(m.x.size()), 2});
  f.write("triangles", m.tri.empty() ? nullptr : m.tri[0].data(), {ne, 3});
  f.write("elem_edges", m.elem_edges.empty() ? nullptr : m.elem_edges[0].data(), {ne, 3});

  std::vector<std::int32_t> edges(6 * nd);
  std::vector<double> geom(3 * nd);
  for (std::size_t i = 0; i < nd; ++i) {
    const Edge& e = m.edges[i];
    const std::int32_t row[6] = {e.n0, e.n1, e.left, e.right, e.lside, e.rside};
    std::copy(row, row + 6, &edges[6 * i]);
    geom[3 * i] = e.nx, geom[3 * i + 1] = e.ny, geom[3 * i + 2] = e.length;
  }
  f.write("edges", edges.data(), {nd, 6});
  f.write("edge_geometry", geom.data(), {nd, 3});

  const auto ng = static_cast<hsize_t>(m.groups.size());
  std::vector<std::string> names;
  std::vector<std::int32_t> first, count;
  std::vector<std::int8_t> has_arc;
  std::vector<double> arc;
  for (const auto& g : m.groups) {
    names.push_back(g.name);
    first.push_back(g.first);
    count.push_back(g.count);
    has_arc.push_back(g.arc ? 1 : 0);
    const CircleArc c = g.arc.value_or(CircleArc{0, 0, 0});
    arc.insert(arc.end(), {c.cx, c.cy, c.r});
  }
  f.write_strings("groups/names", names);
  f.write("groups/first", first);
  f.write("groups/count", count);
  f.write("groups/has_arc", has_arc);
  f.write("groups/arc", arc.data(), {ng, 3});
  // Only a mesh of 6- or 10-node triangles has it: a straight mesh's file stays as it was.
  if (m.geometry) {
    const auto extra = static_cast<hsize_t>(extra_geometry_nodes(m.geometry->order));
    f.write("geometry_nodes", m.geometry->nodes.data(), {ne, extra, 2});
    f.set_attr("geometry_nodes", "geometry_order", std::int64_t{m.geometry->order});
  }
}

// Reads and checks; every index is validated before it is used to index anything.
class Reader {
public:
  Reader(const std::string& path, std::int64_t max_elements)
      : f_(h5::File::open(path)), max_elements_(max_elements) {
    std::error_code ec;
    file_bytes_ = std::filesystem::file_size(path, ec);
    if (ec) file_bytes_ = 0;
  }
  Mesh read();

private:
  [[noreturn]] void bad(const std::string& what) const { f_.fail(what); }
  void check_size(const std::string& name, double max_rows) const;
  void check_sizes() const;
  void check_slots() const;
  void read_header();
  void read_nodes_and_triangles();
  void read_edges();
  void read_groups();
  void read_geometry();

  h5::File f_;
  std::int64_t max_elements_;
  std::uintmax_t file_bytes_ = 0;
  Mesh m_;
};

// A dataset's declared shape is checked before anything is allocated for it: at most max_rows
// rows, and no more bytes than the file could hold (tridg writes datasets uncompressed; the
// factor leaves room for a file compressed by other tools).
void Reader::check_size(const std::string& name, double max_rows) const {
  if (!f_.exists(name)) return; // reported by the read
  h5::Handle ds(H5Dopen2(f_.id(), name.c_str(), H5P_DEFAULT), H5Dclose);
  if (!ds.valid()) return;
  h5::Handle space(H5Dget_space(ds.get()), H5Sclose);
  h5::Handle type(H5Dget_type(ds.get()), H5Tclose);
  const int rank = space.valid() ? H5Sget_simple_extent_ndims(space.get()) : -1;
  if (rank < 1 || rank > 8) return;
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  double bytes = type.valid() ? static_cast<double>(H5Tget_size(type.get())) : 1.0;
  for (hsize_t d : dims) bytes *= static_cast<double>(d);
  const double rows = static_cast<double>(dims[0]);
  if (rows > max_rows)
    bad(fmt::format("dataset '{}' has {:.0f} rows, more than a mesh of at most {} triangles has "
                    "(raise the limit with --max-elements)",
                    name, rows, max_elements_));
  if (bytes > 64.0 * static_cast<double>(file_bytes_) + 1048576.0)
    bad(fmt::format("dataset '{}' declares {:.0f} bytes, far more than the file's {} (damaged?)",
                    name, bytes, file_bytes_));
}

void Reader::check_sizes() const {
  const double ne = static_cast<double>(max_elements_);
  check_size("nodes", 3 * ne + 3);
  check_size("triangles", ne);
  check_size("elem_edges", ne);
  check_size("edges", 3 * ne);
  check_size("edge_geometry", 3 * ne);
  check_size("geometry_nodes", ne);
  for (const char* g :
       {"groups/names", "groups/first", "groups/count", "groups/has_arc", "groups/arc"})
    check_size(g, 3 * ne);
}

// Every local side of every element is claimed by exactly one edge, and elem_edges names that
// edge: the whole edge-element incidence is a bijection, which every kernel relies on.
void Reader::check_slots() const {
  const std::size_t ne = m_.tri.size(), nd = m_.edges.size();
  std::vector<std::int32_t> owner(3 * ne, -1);
  const auto claim = [&](std::size_t i, std::int32_t k, int side) {
    std::int32_t& o = owner[3 * static_cast<std::size_t>(k) + static_cast<std::size_t>(side)];
    if (o == static_cast<std::int32_t>(i))
      bad(fmt::format("element {} side {} is claimed twice by edge {}", k, side, i));
    if (o >= 0) bad(fmt::format("element {} side {} is claimed by edges {} and {}", k, side, o, i));
    o = static_cast<std::int32_t>(i);
  };
  for (std::size_t i = 0; i < nd; ++i) {
    const Edge& e = m_.edges[i];
    claim(i, e.left, e.lside);
    if (e.right >= 0) claim(i, e.right, e.rside);
    if (e.right >= 0 && e.right == e.left)
      bad(fmt::format("edge {} joins element {} to itself", i, e.left));
  }
  for (std::size_t k = 0; k < ne; ++k)
    for (int j = 0; j < 3; ++j) {
      if (owner[3 * k + static_cast<std::size_t>(j)] < 0)
        bad(fmt::format("element {} side {} belongs to no edge", k, j));
      const std::int32_t e = m_.elem_edges[k][static_cast<std::size_t>(j)];
      if (e != owner[3 * k + static_cast<std::size_t>(j)])
        bad(fmt::format("element {} side {}: elem_edges says edge {}, but edge {} claims it", k, j,
                        e, owner[3 * k + static_cast<std::size_t>(j)]));
    }
}

void Reader::read_header() {
  if (!f_.has_attr("/", "format") || f_.attr_string("/", "format") != format_name)
    bad("not a tridg prepared mesh file (no format = \"tridg_mesh\" attribute)");
  const auto version = f_.attr_int("/", "format_version");
  if (version != mesh_format_version)
    bad(fmt::format("prepared mesh format version {} is not supported (this tridg reads "
                    "version {}; run tridg import again)",
                    version, mesh_format_version));
  m_.locality_before = f_.attr_double("/", "locality_before");
  m_.locality_after = f_.attr_double("/", "locality_after");
}

void Reader::read_nodes_and_triangles() {
  std::size_t nn = 0, ne = 0, ne2 = 0;
  const auto nodes = f_.read_rows<double>("nodes", {2}, nn);
  if (nn < 3) bad("dataset 'nodes' has fewer than 3 nodes");
  m_.x.resize(nn);
  m_.y.resize(nn);
  for (std::size_t i = 0; i < nn; ++i) {
    m_.x[i] = nodes[2 * i], m_.y[i] = nodes[2 * i + 1];
    if (!std::isfinite(m_.x[i]) || !std::isfinite(m_.y[i]))
      bad(fmt::format("node {} has a non-finite coordinate", i));
  }
  const auto tri = f_.read_rows<std::int32_t>("triangles", {3}, ne);
  if (ne == 0) bad("dataset 'triangles' is empty");
  m_.tri.resize(ne);
  for (std::size_t k = 0; k < ne; ++k)
    for (int j = 0; j < 3; ++j) {
      const std::int32_t v = tri[3 * k + j];
      if (v < 0 || v >= static_cast<std::int32_t>(nn))
        bad(fmt::format("triangle {} refers to node {}, which does not exist", k, v));
      m_.tri[k][j] = v;
    }
  for (std::size_t k = 0; k < ne; ++k) {
    const auto& t = m_.tri[k];
    const double a = (m_.x[t[1]] - m_.x[t[0]]) * (m_.y[t[2]] - m_.y[t[0]]) -
                     (m_.x[t[2]] - m_.x[t[0]]) * (m_.y[t[1]] - m_.y[t[0]]);
    if (!(a > 0)) bad(fmt::format("triangle {} is not counter-clockwise", k));
  }
  const auto ee = f_.read_rows<std::int32_t>("elem_edges", {3}, ne2);
  if (ne2 != ne) bad("datasets 'elem_edges' and 'triangles' differ in length");
  m_.elem_edges.resize(ne);
  for (std::size_t k = 0; k < ne; ++k)
    for (int j = 0; j < 3; ++j) m_.elem_edges[k][j] = ee[3 * k + j];
}

void Reader::read_edges() {
  std::size_t nd = 0, nd2 = 0;
  const auto ed = f_.read_rows<std::int32_t>("edges", {6}, nd);
  const auto geom = f_.read_rows<double>("edge_geometry", {3}, nd2);
  if (nd2 != nd) bad("datasets 'edges' and 'edge_geometry' differ in length");
  const std::int64_t nb = f_.attr_int("/", "n_boundary_edges");
  const std::int64_t np = f_.attr_int("/", "n_periodic_edges");
  const auto ndi = static_cast<std::int64_t>(nd);
  if (nb < 0 || nb > ndi) bad(fmt::format("n_boundary_edges = {} is out of range", nb));
  if (np < 0 || np > ndi - nb) bad(fmt::format("n_periodic_edges = {} is out of range", np));
  m_.n_boundary_edges = static_cast<std::int32_t>(nb);
  m_.n_periodic_edges = static_cast<std::int32_t>(np);
  const std::int32_t ne = m_.n_elems();
  if (static_cast<std::int64_t>(3) * ne != nb + 2 * (ndi - nb))
    bad("the number of edges does not match the number of triangles");
  m_.edges.resize(nd);
  std::int64_t periodic = 0;
  for (std::size_t i = 0; i < nd; ++i) {
    const std::int32_t* r = &ed[6 * i];
    Edge& e = m_.edges[i];
    e.n0 = r[0], e.n1 = r[1], e.left = r[2], e.right = r[3];
    const bool boundary = static_cast<std::int64_t>(i) < nb;
    const auto bad_edge = [&](const char* what) { bad(fmt::format("edge {}: {}", i, what)); };
    if (e.left < 0 || e.left >= ne || r[4] < 0 || r[4] > 2) bad_edge("bad left element or side");
    if (boundary ? (e.right != -1 || r[5] != -1)
                 : (e.right < 0 || e.right >= ne || r[5] < 0 || r[5] > 2))
      bad_edge("bad right element or side");
    e.lside = static_cast<std::int8_t>(r[4]);
    e.rside = static_cast<std::int8_t>(r[5]);
    const auto& tl = m_.tri[e.left];
    if (e.n0 != tl[e.lside] || e.n1 != tl[(e.lside + 1) % 3])
      bad_edge("nodes do not match the left element");
    if (m_.elem_edges[e.left][e.lside] != static_cast<std::int32_t>(i))
      bad_edge("elem_edges does not point back to it");
    if (!boundary) {
      if (m_.elem_edges[e.right][e.rside] != static_cast<std::int32_t>(i))
        bad_edge("elem_edges does not point back to it");
      const auto& tr = m_.tri[e.right];
      if (tr[e.rside] != e.n1 || tr[(e.rside + 1) % 3] != e.n0) ++periodic;
    }
    e.nx = geom[3 * i], e.ny = geom[3 * i + 1], e.length = geom[3 * i + 2];
    // Written from these very nodes, so they agree to round-off; 1e-10 only catches damage.
    const double dx = m_.x[e.n1] - m_.x[e.n0], dy = m_.y[e.n1] - m_.y[e.n0];
    if (!(std::abs(std::hypot(e.nx, e.ny) - 1) <= 1e-10) ||
        !(std::abs(e.length - std::hypot(dx, dy)) <= 1e-10 * e.length) ||
        !(std::abs(e.nx * dx + e.ny * dy) <= 1e-10 * e.length))
      bad_edge("bad normal or length");
  }
  check_slots();
  if (periodic != np) bad("n_periodic_edges does not match the edges");
}

void Reader::read_groups() {
  m_.groups = read_boundary_groups(f_, m_.n_boundary_edges);
}

Mesh Reader::read() {
  read_header();
  check_sizes();
  read_nodes_and_triangles();
  read_edges();
  read_groups();
  read_geometry();
  return std::move(m_);
}

void Reader::read_geometry() {
  if (!f_.exists("geometry_nodes")) return; // a straight mesh
  const int order = read_geometry_order(f_);
  const auto extra = static_cast<hsize_t>(extra_geometry_nodes(order));
  std::size_t ne = 0;
  std::vector<double> nodes = f_.read_rows<double>("geometry_nodes", {extra, 2}, ne);
  if (ne != m_.tri.size()) bad("datasets 'geometry_nodes' and 'triangles' differ in length");
  m_.geometry = check_curved_geometry(order, std::move(nodes), m_.tri, m_.x, m_.y, f_.path());
}

} // namespace

int read_geometry_order(const h5::File& f) {
  const std::int64_t order = f.attr_int("geometry_nodes", "geometry_order");
  if (order < 2 || order > 3)
    f.fail(fmt::format("dataset 'geometry_nodes': geometry_order = {} is not 2 or 3", order));
  return int(order);
}

std::vector<BoundaryGroup> read_boundary_groups(const h5::File& f, std::int64_t n_boundary_edges) {
  const auto bad = [&](const std::string& what) { f.fail(what); };
  const auto names = f.read_strings("groups/names");
  std::size_t ng = names.size(), n1 = 0, n2 = 0, n3 = 0, n4 = 0;
  const auto first = f.read_rows<std::int32_t>("groups/first", {}, n1);
  const auto count = f.read_rows<std::int32_t>("groups/count", {}, n2);
  const auto has_arc = f.read_rows<std::int8_t>("groups/has_arc", {}, n3);
  const auto arc = f.read_rows<double>("groups/arc", {3}, n4);
  if (n1 != ng || n2 != ng || n3 != ng || n4 != ng)
    bad("the datasets under 'groups' differ in length");
  std::vector<BoundaryGroup> groups;
  std::int64_t next = 0;
  std::set<std::string> seen;
  for (std::size_t g = 0; g < ng; ++g) {
    if (names[g].empty() || !seen.insert(names[g]).second)
      bad(fmt::format("boundary group {} has an empty or repeated name", g));
    if (first[g] != next || count[g] <= 0)
      bad(fmt::format("boundary group '{}' does not follow the previous one", names[g]));
    next += count[g];
    BoundaryGroup bg{names[g], first[g], count[g], std::nullopt};
    if (has_arc[g]) {
      const CircleArc c{arc[3 * g], arc[3 * g + 1], arc[3 * g + 2]};
      if (!std::isfinite(c.cx) || !std::isfinite(c.cy) || !(c.r > 0) || !std::isfinite(c.r))
        bad(fmt::format("boundary group '{}' has a bad circle", names[g]));
      bg.arc = c;
    }
    groups.push_back(bg);
  }
  if (next != n_boundary_edges) bad("the boundary groups do not cover the boundary edges");
  return groups;
}

void write_mesh_h5(const Mesh& m, const std::string& path) {
  TempFile tmp(path); // removed on any failure, renamed into place by commit()
  h5::File f = h5::File::create(tmp.tmp(), ExitCode::io_error);
  write_contents(f, m);
  f.close();
  tmp.commit();
}

Mesh read_mesh_h5(const std::string& path, std::int64_t max_elements) {
  try {
    return Reader(path, max_elements).read();
  } catch (const std::bad_alloc&) {
    fail(ExitCode::bad_mesh, path + ": the file claims more data than fits in memory (damaged?)");
  }
}

} // namespace tridg
