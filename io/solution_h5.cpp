#include "io/solution_h5.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/cell_mean.hpp"
#include "io/atomic_file.hpp"
#include "io/h5_util.hpp"
#include "io/suggest.hpp"

namespace tridg {

namespace {

std::string number_text(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.9g", v);
  return b;
}

void write_viz(h5::File& f, const VizOutput& viz) {
  const VizMesh& m = *viz.mesh;
  f.write("viz/nodes", m.xy.data(), {hsize_t(m.n_nodes()), 2});
  f.write("viz/triangles", m.tri.data(), {hsize_t(m.n_tris()), 3});
  f.set_attr("viz", "subdivision", std::int64_t(m.subdivision));
  f.set_attr("viz", "n_nodes", std::int64_t(m.n_nodes()));
  f.set_attr("viz", "n_triangles", std::int64_t(m.n_tris()));
  std::vector<std::string> names;
  for (const VizField& v : *viz.fields) {
    if (v.point.size() != std::size_t(m.n_nodes()) || v.cell.size() != std::size_t(m.n_tris()))
      f.fail("field '" + v.name + "' does not match the viewable mesh (internal error)");
    f.write("viz/point/" + v.name, v.point);
    f.write("viz/cell/" + v.name, v.cell);
    names.push_back(v.name);
  }
  f.write_strings("viz/fields", names);
}

SnapshotInfo read_info(const h5::File& f) {
  if (!f.has_attr("/", "format") || f.attr_string("/", "format") != "tridg_solution")
    f.fail("not a tridg solution file");
  SnapshotInfo i;
  i.physics = f.attr_string("solution", "physics");
  i.time = f.attr_double("solution", "time");
  i.step = f.attr_int("solution", "step");
  if (f.has_attr("solution", "output_index"))
    i.output_index = f.attr_int("solution", "output_index");
  // Every scalar is checked before it is used: a damaged or hand-made file must not overflow a
  // counter or start a run that never ends.
  if (!std::isfinite(i.time) || i.time < 0 || i.time > kMaxSnapshotTime)
    f.fail("time = " + number_text(i.time) + " is invalid (expected a finite number in [0, " +
           number_text(kMaxSnapshotTime) + "])");
  if (i.step < 0 || i.step > kMaxSnapshotStep)
    f.fail("step = " + std::to_string(i.step) + " is invalid (expected 0 to " +
           std::to_string(kMaxSnapshotStep) + ")");
  if (i.output_index < -1 || i.output_index > kMaxOutputIndex)
    f.fail("output_index = " + std::to_string(i.output_index) + " is invalid (expected -1 to " +
           std::to_string(kMaxOutputIndex) + ")");
  if (f.exists("viz/fields")) {
    i.fields = f.read_strings("viz/fields");
    if (f.has_attr("viz", "n_nodes") && f.has_attr("viz", "n_triangles")) {
      i.viz_nodes = f.attr_int("viz", "n_nodes");
      i.viz_tris = f.attr_int("viz", "n_triangles");
      if (i.viz_nodes < 0 || i.viz_tris < 0 || i.viz_nodes > kMaxCount || i.viz_tris > kMaxCount)
        f.fail("viz sizes (" + std::to_string(i.viz_nodes) + " nodes, " +
               std::to_string(i.viz_tris) + " triangles) are invalid");
    } else { // sizes from the datasets themselves (slower: reads them)
      std::size_t rows = 0;
      f.read_rows<double>("viz/nodes", {2}, rows);
      i.viz_nodes = std::int64_t(rows);
      f.read_rows<std::int32_t>("viz/triangles", {3}, rows);
      i.viz_tris = std::int64_t(rows);
    }
  }
  return i;
}

// Names of the scheme's arrays become dataset names: letters, digits and '_' only, so that a file
// cannot point them at another part of itself.
bool plain_name(const std::string& n) {
  if (n.empty() || n.size() > 32) return false;
  for (const char c : n)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

void write_scheme(h5::File& f, const SchemeState& sc) {
  std::vector<std::string> names;
  for (const auto& [name, values] : sc.arrays) {
    if (!plain_name(name)) f.fail("scheme array '" + name + "' has an invalid name");
    f.write("scheme/" + name, values);
    names.push_back(name);
  }
  f.write_strings("scheme/arrays", names);
  f.set_attr("scheme", "scheme", sc.scheme);
}

// At most a few arrays, none larger than the state: a hand-made file cannot make a restart
// allocate more than the coefficients it already holds.
SchemeState read_scheme(const h5::File& f, std::size_t max_size) {
  SchemeState sc;
  if (!f.exists("scheme/arrays")) return sc;
  sc.scheme = f.attr_string("scheme", "scheme");
  const std::vector<std::string> names = f.read_strings("scheme/arrays");
  if (names.size() > 8) f.fail("scheme/arrays lists " + std::to_string(names.size()) + " arrays");
  for (const std::string& name : names) {
    if (!plain_name(name)) f.fail("scheme/arrays names an invalid array '" + name + "'");
    std::size_t rows = 0;
    std::vector<double> v = f.read_rows<double>("scheme/" + name, {}, rows);
    if (v.size() > max_size) f.fail("scheme/" + name + " is larger than the state");
    for (const double x : v)
      if (!std::isfinite(x)) f.fail("scheme/" + name + " holds NaN or infinite values");
    sc.arrays.emplace_back(name, std::move(v));
  }
  return sc;
}

// A part's rows of a snapshot of the whole mesh (io/mesh.hpp's MeshPart): its elements' and
// nodes' rows checked against the part, its coefficients read. A scheme's history is not read:
// only the explicit schemes, which keep none, run on parts.
void read_part_state(const h5::File& f, const Mesh& mesh, Snapshot& s) {
  const MeshPart& part = *mesh.part;
  const std::vector<hsize_t> nd = f.shape("mesh/nodes"), td = f.shape("mesh/triangles");
  if (nd.size() != 2 || nd[1] != 2 || std::int64_t(nd[0]) != part.n_nodes || td.size() != 2 ||
      td[1] != 3 || std::int64_t(td[0]) != part.n_elems)
    f.fail("written for another mesh (" + std::to_string(td.empty() ? 0 : td[0]) +
           " triangles, this mesh has " + std::to_string(part.n_elems) + ")");
  // Elements in ascending whole-mesh order, and where each sits in the part.
  std::vector<std::pair<std::int64_t, std::int32_t>> order;
  for (std::size_t k = 0; k < part.elem_gid.size(); ++k)
    order.push_back({part.elem_gid[k], std::int32_t(k)});
  std::sort(order.begin(), order.end());
  std::vector<std::int64_t> at;
  for (const auto& o : order) at.push_back(o.first);
  // Each rank checks its own elements and their nodes: together the ranks check the whole mesh
  // (a refined part's outermost ghosts have nodes it does not number).
  const std::vector<std::int64_t> own(part.elem_gid.begin(), part.elem_gid.begin() + part.n_owned);
  const std::vector<std::int32_t> tris = f.read_at<std::int32_t>("mesh/triangles", 0, own);
  std::vector<char> used(part.node_gid.size(), 0);
  for (std::size_t k = 0; k < own.size(); ++k)
    for (int c = 0; c < 3; ++c) {
      const std::int32_t local = mesh.tri[k][std::size_t(c)];
      used[std::size_t(local)] = 1;
      if (tris[3 * k + std::size_t(c)] != part.node_gid[std::size_t(local)])
        f.fail("written for another mesh (triangle " + std::to_string(own[k]) + " differs)");
    }
  std::vector<std::pair<std::int64_t, std::int32_t>> nodes;
  for (std::size_t i = 0; i < part.node_gid.size(); ++i)
    if (used[i]) nodes.push_back({part.node_gid[i], std::int32_t(i)});
  std::sort(nodes.begin(), nodes.end());
  std::vector<std::int64_t> node_at;
  for (const auto& n : nodes) node_at.push_back(n.first);
  const std::vector<double> xy = f.read_at<double>("mesh/nodes", 0, node_at);
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (xy[2 * i] != mesh.x[std::size_t(nodes[i].second)] ||
        xy[2 * i + 1] != mesh.y[std::size_t(nodes[i].second)])
      f.fail("written for another mesh (node " + std::to_string(nodes[i].first) + " is elsewhere)");
  const std::vector<hsize_t> cd = f.shape("solution/coefficients");
  const hsize_t np = std::size_t(s.order + 1) * (s.order + 2) / 2;
  if (cd.size() != 3 || cd[0] != s.var_names.size() || cd[1] != np ||
      std::int64_t(cd[2]) != part.n_elems)
    f.fail("coefficients do not match the mesh and order");
  const std::vector<double> c = f.read_at<double>("solution/coefficients", 2, at);
  const std::size_t rows = s.var_names.size() * np, n = at.size();
  s.coeffs.assign(rows * n, 0.0);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t i = 0; i < n; ++i) {
      const double v = c[r * n + i];
      if (!std::isfinite(v)) f.fail("the coefficients hold NaN or infinite values");
      s.coeffs[r * n + std::size_t(order[i].second)] = v;
    }
}

} // namespace

void write_snapshot_attrs(h5::File& f, const Snapshot& s) {
  f.set_attr("solution", "time", s.time);
  f.set_attr("solution", "step", std::int64_t(s.step));
  f.set_attr("solution", "order", std::int64_t(s.order));
  f.set_attr("solution", "physics", s.physics);
  f.set_attr("solution", "output_index", s.output_index);
  f.set_attr("/", "case", s.case_toml);
}

void write_snapshot_h5(const std::string& path, const Mesh& mesh, const Snapshot& s,
                       const VizOutput& viz) {
  TempFile tmp(path); // removed again if anything below fails
  {
    h5::File f = h5::File::create(tmp.tmp(), ExitCode::io_error, path);
    f.set_attr("/", "format", "tridg_solution");
    f.set_attr("/", "format_version", std::int64_t(2));
    f.set_attr("/", "tridg_version", TRIDG_VERSION);
    f.set_attr("/", "build_info", s.build_info);
    std::vector<double> nodes(2 * std::size_t(mesh.n_nodes()));
    for (int i = 0; i < mesh.n_nodes(); ++i) {
      nodes[2 * i] = mesh.x[i];
      nodes[2 * i + 1] = mesh.y[i];
    }
    f.write("mesh/nodes", nodes.data(), {hsize_t(mesh.n_nodes()), 2});
    f.write("mesh/triangles", &mesh.tri[0][0], {hsize_t(mesh.n_elems()), 3});
    const hsize_t nv = s.var_names.size();
    const hsize_t np = std::size_t(s.order + 1) * (s.order + 2) / 2;
    const std::size_t E = std::size_t(mesh.n_elems());
    f.write("solution/coefficients", s.coeffs.data(), {nv, np, hsize_t(E)});
    f.write_strings("solution/variables", s.var_names);
    // Cell averages, ready for any script: the constant mode times sqrt(2).
    std::vector<double> avg(nv * E);
    for (hsize_t v = 0; v < nv; ++v)
      for (std::size_t k = 0; k < E; ++k) avg[v * E + k] = cell_mean(s.coeffs[v * np * E + k]);
    f.write("solution/cell_average", avg.data(), {nv, hsize_t(E)});
    for (const auto& [name, values] : s.cell_data) {
      if (values.size() != E) f.fail("cell data '" + name + "' has the wrong size");
      f.write("solution/" + name, values);
    }
    write_snapshot_attrs(f, s);
    if (!s.scheme.empty()) write_scheme(f, s.scheme);
    if (viz.mesh && viz.fields) write_viz(f, viz);
    f.close();
  }
  tmp.commit();
}

Snapshot read_snapshot_h5(const std::string& path, const Mesh& mesh) {
  h5::File f = h5::File::open(path, false, ExitCode::mismatch);
  const SnapshotInfo info = read_info(f);
  Snapshot s;
  s.physics = info.physics;
  s.time = info.time;
  s.step = info.step;
  s.output_index = info.output_index;
  const std::int64_t order = f.attr_int("solution", "order");
  if (order < 0 || order > 20) f.fail("polynomial order " + std::to_string(order) + " is invalid");
  s.order = static_cast<int>(order);
  s.case_toml = f.attr_string("/", "case");
  if (f.has_attr("/", "build_info")) s.build_info = f.attr_string("/", "build_info");
  s.var_names = f.read_strings("solution/variables");
  if (s.var_names.empty() || s.var_names.size() > 16)
    f.fail(std::to_string(s.var_names.size()) + " variables: invalid");
  if (mesh.part) {
    read_part_state(f, mesh, s);
    return s;
  }
  std::size_t rows = 0;
  const auto nodes = f.read_rows<double>("mesh/nodes", {2}, rows);
  if (rows != std::size_t(mesh.n_nodes()))
    f.fail("written for another mesh (" + std::to_string(rows) + " nodes, this mesh has " +
           std::to_string(mesh.n_nodes()) + ")");
  for (std::size_t i = 0; i < rows; ++i)
    if (nodes[2 * i] != mesh.x[i] || nodes[2 * i + 1] != mesh.y[i])
      f.fail("written for another mesh (node " + std::to_string(i) + " is elsewhere)");
  const auto tris = f.read_rows<std::int32_t>("mesh/triangles", {3}, rows);
  if (rows != std::size_t(mesh.n_elems()))
    f.fail("written for another mesh (" + std::to_string(rows) + " triangles, this mesh has " +
           std::to_string(mesh.n_elems()) + ")");
  for (std::size_t k = 0; k < rows; ++k)
    for (int c = 0; c < 3; ++c)
      if (tris[3 * k + c] != mesh.tri[k][c])
        f.fail("written for another mesh (triangle " + std::to_string(k) + " differs)");
  std::vector<hsize_t> dims;
  s.coeffs = f.read<double>("solution/coefficients", dims);
  const hsize_t np = std::size_t(s.order + 1) * (s.order + 2) / 2;
  if (dims.size() != 3 || dims[0] != s.var_names.size() || dims[1] != np ||
      dims[2] != hsize_t(mesh.n_elems()))
    f.fail("coefficients do not match the mesh and order");
  for (double c : s.coeffs)
    if (!std::isfinite(c)) f.fail("the coefficients hold NaN or infinite values");
  s.scheme = read_scheme(f, s.coeffs.size());
  return s;
}

SnapshotInfo read_snapshot_info(const std::string& path) {
  const h5::File f = h5::File::open(path, false, ExitCode::bad_case);
  return read_info(f);
}

VizSnapshot read_viz_h5(const std::string& path, const std::string& field) {
  const h5::File f = h5::File::open(path, false, ExitCode::bad_case);
  VizSnapshot v;
  v.info = read_info(f);
  if (v.info.fields.empty())
    f.fail("holds no viewable fields (written by a tridg older than format version 2)");
  if (std::find(v.info.fields.begin(), v.info.fields.end(), field) == v.info.fields.end()) {
    std::string list;
    for (const auto& n : v.info.fields) list += (list.empty() ? "" : ", ") + n;
    f.fail("no field '" + field + "'" + did_you_mean(field, v.info.fields) + "; it has " + list);
  }
  std::size_t rows = 0;
  v.mesh.xy = f.read_rows<double>("viz/nodes", {2}, rows);
  const std::size_t n_nodes = rows;
  v.mesh.tri = f.read_rows<std::int32_t>("viz/triangles", {3}, rows);
  if (std::int64_t(n_nodes) != v.info.viz_nodes || std::int64_t(rows) != v.info.viz_tris)
    f.fail("the sizes of /viz disagree with its attributes");
  for (std::int32_t i : v.mesh.tri)
    if (i < 0 || std::size_t(i) >= n_nodes) f.fail("viz/triangles refers to a missing node");
  if (f.has_attr("viz", "subdivision")) v.mesh.subdivision = int(f.attr_int("viz", "subdivision"));
  v.field.name = field;
  std::vector<hsize_t> dims;
  v.field.point = f.read<float>("viz/point/" + field, dims);
  if (v.field.point.size() != n_nodes) f.fail("viz/point/" + field + " has the wrong size");
  v.field.cell = f.read<float>("viz/cell/" + field, dims);
  if (v.field.cell.size() != rows) f.fail("viz/cell/" + field + " has the wrong size");
  return v;
}

} // namespace tridg
