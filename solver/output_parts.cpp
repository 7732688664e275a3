#include "solver/output_parts.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

#include "core/cell_mean.hpp"
#include "io/atomic_file.hpp"
#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "parallel/comm.hpp"
#include "parallel/root_guard.hpp"
#include "parallel/stream_rows.hpp"

namespace tridg {

namespace {

// The rank's own elements' whole-mesh numbers (ascending: its own come first in the part).
std::vector<std::int64_t> own_gids(const Mesh& mesh) {
  return {mesh.part->elem_gid.begin(), mesh.part->elem_gid.begin() + mesh.part->n_owned};
}

// Streams `width` values per own element (element-major, from `rows`) to rank 0, which gets
// them a block of consecutive elements at a time.
template <class T>
void stream_elements(const Mesh& mesh, const T* rows, int width,
                     const std::function<void(std::int64_t, std::int64_t, const T*)>& take) {
  const std::size_t n = std::size_t(mesh.part->n_owned) * std::size_t(width);
  const std::vector<T> mine(rows, rows + n);
  par::stream_rows_to_root<T>(own_gids(mesh), mine, width, mesh.part->n_elems,
                              [&](std::int64_t first, std::int64_t count, const T* r,
                                  const std::vector<char>&) { take(first, count, r); });
}

} // namespace

namespace {

// The whole-mesh datasets of one snapshot, each rank giving its own elements' rows: in a file
// that all ranks write together (parallel HDF5), or streamed to rank 0, which writes them a
// block at a time. Calls are collective, with the same arguments on every rank but the rows.
class PartFile {
public:
  PartFile(const std::string& path, const Mesh& mesh, bool parallel)
      : mesh_(mesh), own_(own_gids(mesh)), parallel_(parallel) {
    if (!parallel_) {
      guard_.run([&] {
        tmp_ = std::make_unique<TempFile>(path);
        f_.emplace(h5::File::create(tmp_->tmp(), ExitCode::io_error, path));
      });
      return;
    }
    std::string name;
    par::on_root([&] {
      tmp_ = std::make_unique<TempFile>(path);
      name = tmp_->tmp();
    });
    par::broadcast(name); // one temporary name for all ranks
    f_.emplace(h5::File::create_parallel(name, par::communicator(), par::rank(), ExitCode::io_error,
                                         path));
  }
  // Collective in a parallel file; rank 0 alone otherwise.
  template <class F> void whole(F&& f) {
    if (parallel_)
      f(*f_);
    else
      guard_.run([&] { f(*f_); });
  }
  // `per` consecutive rows of `width` values for each own element (element k's from row
  // k per), axis 0; `local` holds the own elements' rows, element by element.
  template <class T> void elements(const std::string& name, int per, int width, const T* local) {
    if (parallel_) {
      std::vector<std::int64_t> at;
      for (const std::int64_t g : own_)
        for (int q = 0; q < per; ++q) at.push_back(g * per + q);
      f_->write_at<T>(name, 0, at, local);
      return;
    }
    stream_elements<T>(
        mesh_, local, per * width, [&](std::int64_t first, std::int64_t count, const T* b) {
          guard_.run(
              [&] { f_->write_block<T>(name, 0, hsize_t(first * per), hsize_t(count * per), b); });
        });
  }
  // A table [a][b][E] of the own elements' columns, `local` [a b][own elements].
  void columns(const std::string& name, int rows, const std::vector<double>& local) {
    const std::size_t no = own_.size();
    if (parallel_) {
      f_->write_at<double>(name, int(f_->shape(name).size()) - 1, own_, local.data());
      return;
    }
    std::vector<double> by_element(no * std::size_t(rows));
    for (std::size_t k = 0; k < no; ++k)
      for (int r = 0; r < rows; ++r) by_element[k * rows + r] = local[std::size_t(r) * no + k];
    stream_elements<double>(mesh_, by_element.data(), rows,
                            [&](std::int64_t first, std::int64_t count, const double* b) {
                              guard_.run([&] {
                                const int axis = int(f_->shape(name).size()) - 1;
                                const std::size_t n = std::size_t(count);
                                std::vector<double> c(std::size_t(rows) * n);
                                for (std::size_t k = 0; k < n; ++k)
                                  for (int r = 0; r < rows; ++r)
                                    c[std::size_t(r) * n + k] = b[k * rows + r];
                                f_->write_block<double>(name, axis, hsize_t(first), hsize_t(count),
                                                        c.data());
                              });
                            });
  }
  // Rows by position that several ranks may give (nodes), written by rank 0 as they arrive;
  // positions no rank gives are read from `source` (a prepared mesh file's dataset).
  void shared_rows(const std::string& name, const std::vector<std::int64_t>& at,
                   const std::vector<double>& rows, int width, std::int64_t n,
                   const std::string& source_file, const std::string& source) {
    std::optional<h5::File> src;
    par::stream_rows_to_root<double>(
        at, rows, width, n,
        [&](std::int64_t first, std::int64_t count, const double* b,
            const std::vector<char>& present) {
          guard_.run([&] {
            std::vector<double> block(b, b + std::size_t(width * count));
            std::vector<std::int64_t> missing;
            for (std::int64_t i = 0; i < count; ++i)
              if (!present[std::size_t(i)]) missing.push_back(first + i);
            if (!missing.empty()) {
              if (!src) src.emplace(h5::File::open(source_file));
              const std::vector<double> got = src->read_at<double>(source, 0, missing);
              for (std::size_t j = 0; j < missing.size(); ++j)
                for (int c = 0; c < width; ++c)
                  block[std::size_t(missing[j] - first) * width + c] = got[j * width + c];
            }
            f_->write_block<double>(name, 0, hsize_t(first), hsize_t(count), block.data());
          });
        });
  }
  void finish() {
    if (parallel_) {
      f_->close();
      par::on_root([&] { tmp_->commit(); });
      return;
    }
    guard_.run([&] {
      f_->close();
      tmp_->commit();
    });
    guard_.finish();
  }

private:
  const Mesh& mesh_;
  std::vector<std::int64_t> own_;
  bool parallel_;
  par::RootGuard guard_;
  std::unique_ptr<TempFile> tmp_;
  std::optional<h5::File> f_;
};

} // namespace

void write_snapshot_parts(const std::string& path, const Mesh& mesh, const Snapshot& s,
                          const VizMesh& viz, const std::vector<VizField>& fields,
                          const std::string& mesh_file, bool parallel) {
  const MeshPart& part = *mesh.part;
  const std::size_t E = std::size_t(mesh.n_elems()), no = std::size_t(part.n_owned);
  const int nv = int(s.var_names.size()), np = (s.order + 1) * (s.order + 2) / 2;
  const hsize_t NE = hsize_t(part.n_elems), NN = hsize_t(part.n_nodes);
  const int npe = viz.nodes_per_elem, tpe = viz.tris_per_elem;
  PartFile out(path, mesh, parallel);
  out.whole([&](h5::File& f) {
    f.set_attr("/", "format", "tridg_solution");
    f.set_attr("/", "format_version", std::int64_t(2));
    f.set_attr("/", "tridg_version", TRIDG_VERSION);
    f.set_attr("/", "build_info", s.build_info);
    f.create<double>("mesh/nodes", {NN, 2});
    f.create<std::int32_t>("mesh/triangles", {NE, 3});
    f.create<double>("solution/coefficients", {hsize_t(nv), hsize_t(np), NE});
    f.write_strings("solution/variables", s.var_names);
    f.create<double>("solution/cell_average", {hsize_t(nv), NE});
    for (const auto& cd : s.cell_data) f.create<double>("solution/" + cd.first, {NE});
    f.create<double>("viz/nodes", {NE * hsize_t(npe), 2});
    f.create<std::int32_t>("viz/triangles", {NE * hsize_t(tpe), 3});
    for (const VizField& v : fields) {
      f.create<float>("viz/point/" + v.name, {NE * hsize_t(npe)});
      f.create<float>("viz/cell/" + v.name, {NE * hsize_t(tpe)});
    }
  });
  // The own elements' coefficients and their cell averages.
  {
    std::vector<double> c(std::size_t(nv * np) * no), avg(std::size_t(nv) * no);
    for (std::size_t r = 0; r < std::size_t(nv * np); ++r)
      for (std::size_t k = 0; k < no; ++k) c[r * no + k] = s.coeffs[r * E + k];
    for (std::size_t v = 0; v < std::size_t(nv); ++v)
      for (std::size_t k = 0; k < no; ++k) avg[v * no + k] = cell_mean(c[v * np * no + k]);
    out.columns("solution/coefficients", nv * np, c);
    out.columns("solution/cell_average", nv, avg);
  }
  for (const auto& [name, values] : s.cell_data)
    out.elements<double>("solution/" + name, 1, 1, values.data());
  // Triangles by their nodes' whole-mesh numbers, and the nodes themselves (a node shared by
  // parts comes from each with the same coordinates).
  {
    std::vector<std::int32_t> tri(3 * no);
    for (std::size_t k = 0; k < no; ++k)
      for (int c = 0; c < 3; ++c)
        tri[3 * k + c] = std::int32_t(part.node_gid[std::size_t(mesh.tri[k][std::size_t(c)])]);
    out.elements<std::int32_t>("mesh/triangles", 1, 3, tri.data());
    std::vector<std::pair<std::int64_t, std::int32_t>> order;
    for (std::size_t i = 0; i < part.node_gid.size(); ++i)
      if (part.node_gid[i] >= 0) order.push_back({part.node_gid[i], std::int32_t(i)});
    std::sort(order.begin(), order.end());
    std::vector<std::int64_t> ids;
    std::vector<double> xy;
    for (const auto& [g, i] : order) {
      ids.push_back(g);
      xy.insert(xy.end(), {mesh.x[std::size_t(i)], mesh.y[std::size_t(i)]});
    }
    out.shared_rows("mesh/nodes", ids, xy, 2, std::int64_t(NN), mesh_file, "nodes");
  }
  // The viewable sub-cell mesh: each element's own lattice, numbered from its first node.
  out.elements<double>("viz/nodes", npe, 2, viz.xy.data());
  {
    std::vector<std::int32_t> t(no * 3 * std::size_t(tpe));
    for (std::size_t k = 0; k < no; ++k)
      for (int q = 0; q < 3 * tpe; ++q)
        t[k * 3 * tpe + q] = std::int32_t(part.elem_gid[k] * npe + viz.tri[std::size_t(q)]);
    out.elements<std::int32_t>("viz/triangles", tpe, 3, t.data());
  }
  for (const VizField& v : fields) {
    out.elements<float>("viz/point/" + v.name, npe, 1, v.point.data());
    out.elements<float>("viz/cell/" + v.name, tpe, 1, v.cell.data());
  }
  out.whole([&](h5::File& f) {
    std::vector<std::string> names;
    for (const VizField& v : fields) names.push_back(v.name);
    f.write_strings("viz/fields", names);
    f.set_attr("viz", "subdivision", std::int64_t(viz.subdivision));
    f.set_attr("viz", "n_nodes", std::int64_t(NE) * npe);
    f.set_attr("viz", "n_triangles", std::int64_t(NE) * tpe);
    write_snapshot_attrs(f, s);
  });
  out.finish();
}

void write_msh_parts(const std::string& path, const Mesh& mesh, const VizMesh& viz,
                     const std::vector<VizField>& fields, const MshInfo& info) {
  const std::int64_t NE = mesh.part->n_elems;
  const int npe = viz.nodes_per_elem, tpe = viz.tris_per_elem;
  par::RootGuard guard;
  std::unique_ptr<MshWriter> w;
  auto write = [&](auto&& body) { guard.run(body); };
  write([&] {
    w = std::make_unique<MshWriter>(path);
    w->nodes_begin(NE * npe);
  });
  stream_elements<double>(mesh, viz.xy.data(), 2 * npe,
                          [&](std::int64_t, std::int64_t count, const double* b) {
                            write([&] { w->node_coords(count * npe, b); });
                          });
  // A block's sub-triangles by node numbers within the block (element k's lattice from k npe).
  auto block_tris = [&](std::int64_t count) {
    std::vector<std::int32_t> t(3 * std::size_t(count * tpe));
    for (std::int64_t k = 0; k < count; ++k)
      for (int q = 0; q < 3 * tpe; ++q)
        t[std::size_t(k * 3 * tpe + q)] = std::int32_t(k * npe + viz.tri[std::size_t(q)]);
    return t;
  };
  write([&] {
    w->elements_begin(NE * tpe);
    const std::int64_t block = 1 << 16;
    for (std::int64_t first = 0; first < NE; first += block) {
      const std::int64_t count = std::min(block, NE - first);
      const std::vector<std::int32_t> t = block_tris(count);
      w->triangles(first * tpe + 1, count * tpe, t.data(), first * npe);
    }
    w->elements_end();
  });
  for (const VizField& v : fields) {
    write([&] { w->view_begin(v.name, info, NE * tpe); });
    stream_elements<float>(mesh, v.point.data(), npe,
                           [&](std::int64_t first, std::int64_t count, const float* b) {
                             write([&] {
                               const std::vector<std::int32_t> t = block_tris(count);
                               w->view_rows(first * tpe + 1, count * tpe, t.data(), b);
                             });
                           });
    write([&] { w->view_end(); });
  }
  write([&] { w->commit(); });
  guard.finish();
}

} // namespace tridg
