#include "io/gmsh_reader.hpp"

#include <fmt/format.h>
#include <gmsh.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <unordered_map>

#include "io/circle_fit.hpp"
#include "io/error.hpp"
#include "io/geo_guard.hpp"
#include "io/gmsh_periodic.hpp"
#include "io/gmsh_session.hpp"
#include "io/isoparametric.hpp"
#include "io/msh_check.hpp"

namespace tridg {

namespace {

// An exception that escapes inside Gmsh (std::bad_alloc from a parallel meshing loop, where it
// cannot propagate) ends the process through std::terminate. While Gmsh works on a file this
// handler turns that into tridg's one-line error and the bad_mesh exit code instead of an abort.
const char* g_gmsh_file = nullptr;
GmshFailureReport g_report = nullptr;

[[noreturn]] void gmsh_terminate() {
  const char* what = "failed unexpectedly";
  try {
    if (const std::exception_ptr e = std::current_exception()) std::rethrow_exception(e);
  } catch (const std::bad_alloc&) {
    what = "ran out of memory";
  } catch (...) {
  }
  const std::string message =
      fmt::format("{}: Gmsh {} reading or meshing it (too fine a mesh? see --max-elements)",
                  g_gmsh_file ? g_gmsh_file : "mesh", what);
  if (g_report) {
    g_report(message);
  } else {
    std::fprintf(stderr, "tridg: error: %s\n", message.c_str());
    std::fflush(stderr);
  }
  std::_Exit(static_cast<int>(ExitCode::bad_mesh));
}

// Installs gmsh_terminate for its lifetime.
class TerminateGuard {
public:
  explicit TerminateGuard(const std::string& file) : previous_(std::set_terminate(gmsh_terminate)) {
    g_gmsh_file = file.c_str();
  }
  ~TerminateGuard() {
    std::set_terminate(previous_);
    g_gmsh_file = nullptr;
  }
  TerminateGuard(const TerminateGuard&) = delete;
  TerminateGuard& operator=(const TerminateGuard&) = delete;

private:
  std::terminate_handler previous_;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "4-node quadrangle" from Gmsh's "Quadrilateral 4".
std::string element_description(int type, int& dim) {
  std::string name;
  int order = 0, n_nodes = 0, n_primary = 0;
  std::vector<double> local;
  gmsh::model::mesh::getElementProperties(type, name, dim, order, n_nodes, local, n_primary);
  std::string shape = lower(name.substr(0, name.find(' ')));
  if (shape == "quadrilateral") shape = "quadrangle";
  return fmt::format("{}-node {}", n_nodes, shape);
}

class Reader {
public:
  Reader(std::string path, bool is_geo, const MeshOptions& opt)
      : path_(std::move(path)), is_geo_(is_geo), opt_(opt) {}
  RawMesh read();

private:
  [[noreturn]] void bad(std::string what) const {
    std::replace(what.begin(), what.end(), '\n', ' '); // messages are one line
    fail(ExitCode::bad_mesh, path_ + ": " + what);
  }
  void check_element_types();
  void check_geo_size();
  void reopen();
  std::vector<std::size_t> triangle_node_tags();
  void collect_nodes(const std::vector<std::size_t>& tri_nodes);
  void collect_boundary();
  void collect_periodic();
  // The first periodic curve with a mesh node that has no master node ("" when none).
  std::string unmatched_periodic_curve() const;
  void snap_periodic(const std::vector<PeriodicLink>& links);
  std::int32_t index_of(std::size_t tag) const {
    const auto it = index_.find(tag);
    return it == index_.end() ? -1 : it->second;
  }

  std::string path_;
  bool is_geo_;
  int tri_type_ = 2; // Gmsh's type of the mesh's triangles
  MeshOptions opt_;
  RawMesh raw_;
  std::unordered_map<std::size_t, std::int32_t> index_; // Gmsh node tag -> raw node index
};

// Gmsh's element types that tridg reads: triangles of geometry order 1, 2 and 3, and the
// boundary lines of the same orders.
int triangle_order(int type) {
  return type == 2 ? 1 : type == 9 ? 2 : type == 21 ? 3 : 0;
}
// The nodes of a line of those types (0: not one of them).
std::size_t line_nodes(int type) {
  return type == 1 ? 2 : type == 8 ? 3 : type == 26 ? 4 : 0;
}

// The first element of a type, for messages.
std::size_t first_element_of_type(int type) {
  std::vector<std::size_t> tags, nodes;
  gmsh::model::mesh::getElementsByType(type, tags, nodes, -1);
  return tags.empty() ? 0 : tags.front();
}

void Reader::check_element_types() {
  std::vector<int> types;
  std::vector<std::vector<std::size_t>> tags, nodes;
  gmsh::model::mesh::getElements(types, tags, nodes);
  std::vector<std::pair<int, std::string>> found;
  for (int t : types) {
    int dim = 0;
    std::string desc = element_description(t, dim);
    found.emplace_back(dim, desc);
    if (dim == 3)
      bad(fmt::format("contains {} elements: it is a 3D mesh; tridg needs a 2D mesh of "
                      "triangles",
                      desc));
  }
  for (std::size_t i = 0; i < types.size(); ++i) {
    const auto& [dim, desc] = found[i];
    const int type = types[i];
    if (dim == 2 && triangle_order(type) == 0) {
      const std::size_t tag = first_element_of_type(type);
      if (const std::string why = unsupported_triangle(type); !why.empty())
        bad(fmt::format("element {} is {}", tag, why));
      bad(fmt::format("contains {} elements (element {}); tridg needs triangles", desc, tag));
    }
    if (dim == 1 && line_nodes(type) == 0)
      bad(fmt::format("contains {} elements (element {}); tridg needs 2-, 3- or 4-node boundary "
                      "lines",
                      desc, first_element_of_type(type)));
  }
  for (std::size_t i = 0; i < types.size(); ++i)
    for (std::size_t j = 0; j < types.size(); ++j)
      if (triangle_order(types[i]) > 0 && triangle_order(types[j]) > triangle_order(types[i]))
        bad(fmt::format("element {} is a {} triangle among {} triangles; tridg needs one geometry "
                        "order for the whole mesh (Mesh.ElementOrder)",
                        first_element_of_type(types[j]),
                        found[j].second.substr(0, found[j].second.find(' ')),
                        found[i].second.substr(0, found[i].second.find(' '))));
  for (int t : types)
    if (triangle_order(t) > 0) tri_type_ = t, raw_.geometry_order = triangle_order(t);
}

std::vector<std::size_t> Reader::triangle_node_tags() {
  gmsh::vectorpair surfaces;
  gmsh::model::getPhysicalGroups(surfaces, 2);
  std::vector<std::size_t> tri_nodes;
  std::vector<std::size_t> elem_tags;
  if (surfaces.empty()) {
    gmsh::model::mesh::getElementsByType(tri_type_, elem_tags, tri_nodes, -1);
    raw_.tags.assign(elem_tags.begin(), elem_tags.end());
    return tri_nodes;
  }
  // Only triangles of physical surfaces count (that is what Gmsh itself would save).
  std::set<int> entities;
  for (const auto& [dim, tag] : surfaces) {
    std::vector<int> ents;
    gmsh::model::getEntitiesForPhysicalGroup(dim, tag, ents);
    entities.insert(ents.begin(), ents.end());
  }
  for (int ent : entities) {
    std::vector<std::size_t> n;
    gmsh::model::mesh::getElementsByType(tri_type_, elem_tags, n, ent);
    tri_nodes.insert(tri_nodes.end(), n.begin(), n.end());
    raw_.tags.insert(raw_.tags.end(), elem_tags.begin(), elem_tags.end());
  }
  return tri_nodes;
}

void Reader::collect_nodes(const std::vector<std::size_t>& tri_nodes) {
  std::vector<std::size_t> tags;
  std::vector<double> coord, param;
  gmsh::model::mesh::getNodes(tags, coord, param, -1, -1, false, false);
  if (coord.size() != 3 * tags.size()) bad("Gmsh returned nodes without 3 coordinates");
  std::unordered_map<std::size_t, std::size_t> pos; // tag -> position in tags
  pos.reserve(tags.size());
  for (std::size_t i = 0; i < tags.size(); ++i) pos.emplace(tags[i], i);
  const auto per = static_cast<std::size_t>(geometry_nodes_of_order(raw_.geometry_order));
  const std::size_t n_tri = tri_nodes.size() / per;
  // The vertices are the mesh's nodes; a high-order node is kept with its element only.
  std::vector<std::size_t> used;
  used.reserve(3 * n_tri);
  for (std::size_t k = 0; k < n_tri; ++k)
    used.insert(used.end(), &tri_nodes[per * k], &tri_nodes[per * k] + 3);
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  if (used.size() > static_cast<std::size_t>(INT32_MAX / 2)) bad("too many nodes");
  double zmin = INFINITY, zmax = -INFINITY;
  const auto position = [&](std::size_t tag) {
    const auto it = pos.find(tag);
    if (it == pos.end())
      bad(fmt::format("a triangle refers to node {}, which does not exist", tag));
    zmin = std::min(zmin, coord[3 * it->second + 2]);
    zmax = std::max(zmax, coord[3 * it->second + 2]);
    return 3 * it->second;
  };
  for (std::size_t tag : used) {
    const std::size_t at = position(tag);
    index_.emplace(tag, static_cast<std::int32_t>(raw_.x.size()));
    raw_.x.push_back(coord[at]);
    raw_.y.push_back(coord[at + 1]);
  }
  raw_.geometry_nodes.reserve(2 * (per - 3) * n_tri);
  for (std::size_t k = 0; k < n_tri; ++k)
    for (std::size_t j = 3; j < per; ++j) {
      const std::size_t at = position(tri_nodes[per * k + j]);
      raw_.geometry_nodes.push_back(coord[at]);
      raw_.geometry_nodes.push_back(coord[at + 1]);
    }
  const auto [xmin, xmax] = std::minmax_element(raw_.x.begin(), raw_.x.end());
  const auto [ymin, ymax] = std::minmax_element(raw_.y.begin(), raw_.y.end());
  const double extent = std::max(*xmax - *xmin, *ymax - *ymin);
  if (zmax - zmin > 1e-10 * extent)
    bad(fmt::format("is not a 2D mesh: node z ranges from {:.6g} to {:.6g}; tridg needs a plane "
                    "mesh of triangles with constant z",
                    zmin, zmax));
  for (std::size_t k = 0; k < n_tri; ++k)
    raw_.tri.push_back({index_.at(tri_nodes[per * k]), index_.at(tri_nodes[per * k + 1]),
                        index_.at(tri_nodes[per * k + 2])});
}

void Reader::collect_boundary() {
  gmsh::vectorpair curves;
  gmsh::model::getPhysicalGroups(curves, 1);
  for (const auto& [dim, tag] : curves) {
    std::string name;
    gmsh::model::getPhysicalName(dim, tag, name);
    if (name.empty()) name = fmt::format("group{}", tag);
    auto& segs = raw_.boundary[name];
    std::vector<int> ents;
    gmsh::model::getEntitiesForPhysicalGroup(dim, tag, ents);
    for (int ent : ents) {
      // Only the types the entity has: Gmsh 4.8 corrupts its heap when asked for elements of a
      // line type an entity lacks.
      std::vector<int> types;
      std::vector<std::vector<std::size_t>> elem_tags, nodes;
      gmsh::model::mesh::getElements(types, elem_tags, nodes, 1, ent);
      for (std::size_t t = 0; t < types.size(); ++t) {
        const std::size_t per = line_nodes(types[t]);
        if (per == 0) continue; // refused by check_element_types
        // A high-order line's end points come first; its other nodes are its triangle's.
        for (std::size_t i = 0; i + per <= nodes[t].size(); i += per) {
          const std::int32_t a = index_of(nodes[t][i]), b = index_of(nodes[t][i + 1]);
          // A line whose nodes are on no selected triangle bounds nothing tridg meshes.
          if (a >= 0 && b >= 0) segs.push_back({a, b});
        }
      }
    }
    if (segs.empty()) raw_.boundary.erase(name);
  }
}

std::string Reader::unmatched_periodic_curve() const {
  gmsh::vectorpair curves;
  gmsh::model::getEntities(curves, 1);
  for (const auto& [dim, tag] : curves) {
    int master = tag;
    std::vector<std::size_t> slaves, masters, nodes;
    std::vector<double> affine, coord, param;
    gmsh::model::mesh::getPeriodicNodes(dim, tag, master, slaves, masters, affine);
    if (master == tag) continue;
    gmsh::model::mesh::getNodes(nodes, coord, param, dim, tag, true, false);
    std::sort(slaves.begin(), slaves.end());
    for (const std::size_t n : nodes)
      if (!std::binary_search(slaves.begin(), slaves.end(), n))
        return fmt::format("{} (master {})", tag, master);
  }
  return {};
}

void Reader::collect_periodic() {
  std::vector<PeriodicLink> links;
  for (int dim = 0; dim <= 1; ++dim) {
    gmsh::vectorpair ents;
    gmsh::model::getEntities(ents, dim);
    for (const auto& [d, tag] : ents) {
      int master = tag;
      std::vector<std::size_t> slaves, masters;
      PeriodicLink link;
      gmsh::model::mesh::getPeriodicNodes(d, tag, master, slaves, masters, link.affine);
      for (std::size_t i = 0; i < slaves.size() && i < masters.size(); ++i)
        link.pairs.push_back({slaves[i], masters[i]});
      if (!link.pairs.empty()) links.push_back(std::move(link));
    }
  }
  if (links.empty() && !is_geo_) links = msh2_periodic_links(path_);
  for (const auto& link : links)
    for (const auto& [s, m] : link.pairs) {
      const std::int32_t a = index_of(s), b = index_of(m);
      if (a >= 0 && b >= 0 && a != b) raw_.periodic_nodes.push_back({a, b});
    }
  snap_periodic(links);
}

void Reader::snap_periodic(const std::vector<PeriodicLink>& links) {
  // Gmsh's slave nodes can be off the exact image of their masters by ~1e-12 relative; put them
  // on it, so that both copies of a periodic edge have the same geometry to round-off (elements
  // then close exactly: the sum of length * normal over their sides vanishes). Two passes settle
  // chains such as a corner of a doubly periodic box (slave of a slave).
  const auto [xmin, xmax] = std::minmax_element(raw_.x.begin(), raw_.x.end());
  const auto [ymin, ymax] = std::minmax_element(raw_.y.begin(), raw_.y.end());
  const double tol = 1e-8 * std::max(*xmax - *xmin, *ymax - *ymin);
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& link : links) {
      if (link.affine.size() != 16) continue;
      const auto& t = link.affine;
      for (const auto& [s, m] : link.pairs) {
        const std::int32_t a = index_of(s), b = index_of(m);
        if (a < 0 || b < 0) continue;
        const double px = t[0] * raw_.x[b] + t[1] * raw_.y[b] + t[3];
        const double py = t[4] * raw_.x[b] + t[5] * raw_.y[b] + t[7];
        if (std::abs(px - raw_.x[a]) <= tol && std::abs(py - raw_.y[a]) <= tol)
          raw_.x[a] = px, raw_.y[a] = py;
      }
    }
}

// Drops the mesh by reading the script again. Gmsh 4.8's mesh::clear() leaves the points'
// periodic correspondence pointing at the nodes it frees, which getPeriodicNodes then reads
// (valgrind; once, under load, a vortex mesh whose runs on one and two threads differed).
void Reader::reopen() {
  gmsh::clear();
  gmsh::open(path_);
  if (std::string err = GmshSession::first_error(); !err.empty()) bad("cannot be read: " + err);
}

// Estimates the triangle count before meshing, from a 1D mesh of the boundary made with the mesh
// size floored at a value that keeps the 1D mesh small (a file asking for mesh size 1e-9 would
// otherwise make Gmsh try to allocate billions of nodes). The estimate is the area of the domain's
// bounding box over the area of an equilateral triangle with the mean boundary segment length.
void Reader::check_geo_size() {
  double x0, y0, z0, x1, y1, z1;
  gmsh::model::getBoundingBox(-1, -1, x0, y0, z0, x1, y1, z1);
  const double area = (x1 - x0) * (y1 - y0);
  if (!(area > 0) || !std::isfinite(area)) return; // no 2D geometry: reported after meshing
  const double max = static_cast<double>(opt_.max_elements);
  // Equilateral triangles of side h cover area A with about A / (0.433 h^2) triangles.
  const double h_floor = std::sqrt(area / (0.433 * 4 * max));
  // Both bounds floored: a file may ask for sizes through either (Mesh.MeshSizeMax = 1e-9).
  // Gmsh multiplies by Mesh.MeshSizeFactor after clamping to them, so they are floored at
  // h_floor / factor: --size 1e-9 otherwise made segments below Gmsh's geometric tolerance,
  // one per curve, an estimate of 2 triangles and a mesh of 4.
  double user_min = 0, user_max = 0, factor = 1;
  gmsh::option::getNumber("Mesh.MeshSizeMin", user_min);
  gmsh::option::getNumber("Mesh.MeshSizeMax", user_max);
  gmsh::option::getNumber("Mesh.MeshSizeFactor", factor);
  const double size_floor = factor > 0 ? h_floor / factor : h_floor;
  gmsh::option::setNumber("Mesh.MeshSizeMin", std::max(user_min, size_floor));
  gmsh::option::setNumber("Mesh.MeshSizeMax", std::max(user_max, size_floor));
  gmsh::model::mesh::generate(1);
  std::vector<std::size_t> tags, nodes;
  gmsh::model::mesh::getElementsByType(1, tags, nodes, -1);
  std::vector<std::size_t> ntags;
  std::vector<double> coord, param;
  gmsh::model::mesh::getNodes(ntags, coord, param, -1, -1, true, false);
  std::unordered_map<std::size_t, std::size_t> pos;
  for (std::size_t i = 0; i < ntags.size(); ++i) pos.emplace(ntags[i], i);
  double length = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i + 1 < nodes.size(); i += 2) {
    const auto a = pos.find(nodes[i]), b = pos.find(nodes[i + 1]);
    if (a == pos.end() || b == pos.end()) continue;
    length += std::hypot(coord[3 * a->second] - coord[3 * b->second],
                         coord[3 * a->second + 1] - coord[3 * b->second + 1]);
    ++n;
  }
  reopen();
  gmsh::option::setNumber("Mesh.MeshSizeMin", user_min);
  gmsh::option::setNumber("Mesh.MeshSizeMax", user_max);
  if (n == 0 || !(length > 0)) return;
  const double h = length / static_cast<double>(n);
  const double estimate = area / (0.433 * h * h);
  if (estimate > max)
    bad(fmt::format("meshing would make about {:.3g} triangles (mesh size {} {:.3g} on a {:.3g} "
                    "x {:.3g} domain), more than the limit of {}; use a larger mesh.size or "
                    "--size, or raise the limit with --max-elements",
                    estimate, h < 1.01 * h_floor ? "below" : "about", h, x1 - x0, y1 - y0,
                    opt_.max_elements));
}

RawMesh Reader::read() {
  raw_.source = path_;
  // Gmsh runs any file it does not recognise as a .geo script; a .msh must really be one.
  if (!is_geo_) {
    std::ifstream in(path_, std::ios::binary);
    std::string head;
    in >> head;
    if (head != "$MeshFormat" && head != "$NOD")
      bad("is not a Gmsh mesh file (it does not start with $MeshFormat)");
  }
  const TerminateGuard guard(path_);
  std::optional<GmshSession> session; // outlives the handlers below: finalised on every path
  try {
    session.emplace();
    if (is_geo_) gmsh::option::setNumber("Mesh.MeshSizeFactor", opt_.size_factor);
    gmsh::open(path_);
    if (std::string err = GmshSession::first_error(); !err.empty()) bad("cannot be read: " + err);
    if (is_geo_) {
      // Gmsh meshes curves in parallel when OpenMP allows more than one thread; a periodic curve
      // then races its master. One thread: the mesh is also the same on every run.
      for (const char* name : {"General.NumThreads", "Mesh.MaxNumThreads1D", "Mesh.MaxNumThreads2D",
                               "Mesh.MaxNumThreads3D"})
        gmsh::option::setNumber(name, 1);
      check_geo_size();
      gmsh::model::mesh::generate(2);
      if (std::string err = GmshSession::first_error(); !err.empty()) bad("meshing failed: " + err);
      // Seen (rarely) under load: a periodic curve meshed without its node pairs. Meshing again
      // mends it; a mesh that stays unmatched is an error rather than a silent boundary.
      for (int attempt = 1;; ++attempt) {
        const std::string unmatched = unmatched_periodic_curve();
        if (unmatched.empty()) break;
        if (attempt > 2)
          bad("Gmsh did not match the nodes of periodic curve " + unmatched + " with its master's");
        spdlog::debug("{}: periodic curve {} unmatched; meshing again", path_, unmatched);
        reopen();
        gmsh::model::mesh::generate(2);
      }
    }
    check_element_types();
    const std::vector<std::size_t> tri_nodes = triangle_node_tags();
    if (tri_nodes.empty())
      bad(is_geo_ ? "meshing produced no triangles (does it define a Plane Surface?)"
                  : "contains no triangles (not a 2D mesh, or no mesh at all)");
    const auto per = static_cast<std::size_t>(geometry_nodes_of_order(raw_.geometry_order));
    if (tri_nodes.size() % per != 0 || tri_nodes.size() / per != raw_.tags.size())
      bad(fmt::format("Gmsh returned a triangle with other than {} nodes", per));
    if (static_cast<double>(tri_nodes.size() / per) > static_cast<double>(opt_.max_elements))
      bad(fmt::format("has {} triangles, more than the limit of {} (raise it with --max-elements)",
                      tri_nodes.size() / per, opt_.max_elements));
    collect_nodes(tri_nodes);
    collect_boundary();
    collect_periodic();
  } catch (const UserError&) {
    throw;
  } catch (const std::string& s) {
    bad("cannot be read by Gmsh: " + (s.empty() ? GmshSession::first_error() : s));
  } catch (const std::exception& e) {
    bad(std::string("cannot be read by Gmsh: ") + e.what());
  } catch (...) {
    const std::string err = GmshSession::first_error();
    bad("cannot be read by Gmsh" + (err.empty() ? std::string() : ": " + err));
  }
  detect_arcs(raw_);
  return std::move(raw_);
}

} // namespace

void set_gmsh_failure_report(GmshFailureReport report) {
  g_report = report;
}

RawMesh read_gmsh(const std::string& path, const MeshOptions& opt) {
  const double size_factor = opt.size_factor;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) fail(ExitCode::bad_mesh, path + ": no such file");
  if (!std::filesystem::is_regular_file(path, ec))
    fail(ExitCode::bad_mesh, path + ": not a regular file");
  if (!(size_factor > 0) || !std::isfinite(size_factor))
    fail(ExitCode::bad_mesh,
         fmt::format("{}: the mesh size factor must be positive, not {}", path, size_factor));
  const std::string ext = lower(std::filesystem::path(path).extension().string());
  if (ext != ".msh" && ext != ".geo")
    fail(ExitCode::bad_mesh, path + ": Gmsh files must end in .msh or .geo");
  if (!opt.trust_geo) check_no_option_file(path);
  if (ext == ".geo" && !opt.trust_geo) check_geo_safe(path, opt.max_elements);
  if (ext == ".msh") check_msh_counts(path, opt.max_elements);
  return Reader(path, ext == ".geo", opt).read();
}

} // namespace tridg
