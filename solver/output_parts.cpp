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

void write_snapshot_parts(const std::string& path, const Mesh& mesh, const Snapshot& s,
                          const VizMesh& viz, const std::vector<VizField>& fields,
                          const std::string& mesh_file) {
  const MeshPart& part = *mesh.part;
  const std::size_t E = std::size_t(mesh.n_elems()), no = std::size_t(part.n_owned);
  const int nv = int(s.var_names.size()), np = (s.order + 1) * (s.order + 2) / 2;
  const hsize_t NE = hsize_t(part.n_elems), NN = hsize_t(part.n_nodes);
  const int npe = viz.nodes_per_elem, tpe = viz.tris_per_elem;
  par::RootGuard guard;
  std::unique_ptr<TempFile> tmp;
  std::optional<h5::File> f;
  guard.run([&] {
    tmp = std::make_unique<TempFile>(path);
    f.emplace(h5::File::create(tmp->tmp(), ExitCode::io_error, path));
    f->set_attr("/", "format", "tridg_solution");
    f->set_attr("/", "format_version", std::int64_t(2));
    f->set_attr("/", "tridg_version", TRIDG_VERSION);
    f->set_attr("/", "build_info", s.build_info);
    f->create<double>("mesh/nodes", {NN, 2});
    f->create<std::int32_t>("mesh/triangles", {NE, 3});
    f->create<double>("solution/coefficients", {hsize_t(nv), hsize_t(np), NE});
    f->write_strings("solution/variables", s.var_names);
    f->create<double>("solution/cell_average", {hsize_t(nv), NE});
    for (const auto& cd : s.cell_data) f->create<double>("solution/" + cd.first, {NE});
    f->create<double>("viz/nodes", {NE * hsize_t(npe), 2});
    f->create<std::int32_t>("viz/triangles", {NE * hsize_t(tpe), 3});
    for (const VizField& v : fields) {
      f->create<float>("viz/point/" + v.name, {NE * hsize_t(npe)});
      f->create<float>("viz/cell/" + v.name, {NE * hsize_t(tpe)});
    }
  });
  auto write = [&](auto&& body) { guard.run(body); };

  // Coefficients (and from them the cell averages), element by element.
  {
    const int w = nv * np;
    std::vector<double> rows(no * std::size_t(w));
    for (std::size_t k = 0; k < no; ++k)
      for (int r = 0; r < w; ++r) rows[k * w + r] = s.coeffs[std::size_t(r) * E + k];
    stream_elements<double>(
        mesh, rows.data(), w, [&](std::int64_t first, std::int64_t count, const double* b) {
          write([&] {
            const std::size_t n = std::size_t(count);
            std::vector<double> c(std::size_t(w) * n), avg(std::size_t(nv) * n);
            for (std::size_t k = 0; k < n; ++k)
              for (int r = 0; r < w; ++r) c[std::size_t(r) * n + k] = b[k * w + r];
            for (int v = 0; v < nv; ++v)
              for (std::size_t k = 0; k < n; ++k)
                avg[std::size_t(v) * n + k] = cell_mean(c[std::size_t(v) * np * n + k]);
            f->write_block<double>("solution/coefficients", 2, hsize_t(first), hsize_t(count),
                                   c.data());
            f->write_block<double>("solution/cell_average", 1, hsize_t(first), hsize_t(count),
                                   avg.data());
          });
        });
  }
  for (const auto& [name, values] : s.cell_data)
    stream_elements<double>(
        mesh, values.data(), 1,
        [&, &name = name](std::int64_t first, std::int64_t count, const double* b) {
          write([&] {
            f->write_block<double>("solution/" + name, 0, hsize_t(first), hsize_t(count), b);
          });
        });
  // Triangles by their nodes' whole-mesh numbers, and the nodes themselves.
  {
    std::vector<std::int32_t> tri(3 * no);
    for (std::size_t k = 0; k < no; ++k)
      for (int c = 0; c < 3; ++c)
        tri[3 * k + c] = std::int32_t(part.node_gid[std::size_t(mesh.tri[k][std::size_t(c)])]);
    stream_elements<std::int32_t>(
        mesh, tri.data(), 3, [&](std::int64_t first, std::int64_t count, const std::int32_t* b) {
          write([&] {
            f->write_block<std::int32_t>("mesh/triangles", 0, hsize_t(first), hsize_t(count), b);
          });
        });
    std::vector<std::int64_t> ids;
    std::vector<double> xy;
    std::vector<std::pair<std::int64_t, std::int32_t>> order;
    for (std::size_t i = 0; i < part.node_gid.size(); ++i)
      if (part.node_gid[i] >= 0) order.push_back({part.node_gid[i], std::int32_t(i)});
    std::sort(order.begin(), order.end());
    for (const auto& [g, i] : order) {
      ids.push_back(g);
      xy.insert(xy.end(), {mesh.x[std::size_t(i)], mesh.y[std::size_t(i)]});
    }
    std::optional<h5::File> source; // the mesh file, for nodes no element of any part has
    par::stream_rows_to_root<double>(
        ids, xy, 2, std::int64_t(NN),
        [&](std::int64_t first, std::int64_t count, const double* b,
            const std::vector<char>& present) {
          write([&] {
            std::vector<double> block(b, b + 2 * std::size_t(count));
            std::vector<std::int64_t> missing;
            for (std::int64_t i = 0; i < count; ++i)
              if (!present[std::size_t(i)]) missing.push_back(first + i);
            if (!missing.empty()) {
              if (!source) source.emplace(h5::File::open(mesh_file));
              const std::vector<double> got = source->read_at<double>("nodes", 0, missing);
              for (std::size_t j = 0; j < missing.size(); ++j)
                for (int c = 0; c < 2; ++c)
                  block[2 * std::size_t(missing[j] - first) + c] = got[2 * j + c];
            }
            f->write_block<double>("mesh/nodes", 0, hsize_t(first), hsize_t(count), block.data());
          });
        });
  }
  // The viewable sub-cell mesh: each element's own lattice, its triangles by formula.
  stream_elements<double>(
      mesh, viz.xy.data(), 2 * npe, [&](std::int64_t first, std::int64_t count, const double* b) {
        write([&] {
          f->write_block<double>("viz/nodes", 0, hsize_t(first * npe), hsize_t(count * npe), b);
          std::vector<std::int32_t> t(3 * std::size_t(count * tpe));
          for (std::int64_t k = 0; k < count; ++k)
            for (int q = 0; q < 3 * tpe; ++q)
              t[std::size_t(k * 3 * tpe + q)] =
                  std::int32_t((first + k) * npe + viz.tri[std::size_t(q)]);
          f->write_block<std::int32_t>("viz/triangles", 0, hsize_t(first * tpe),
                                       hsize_t(count * tpe), t.data());
        });
      });
  for (const VizField& v : fields) {
    stream_elements<float>(mesh, v.point.data(), npe,
                           [&](std::int64_t first, std::int64_t count, const float* b) {
                             write([&] {
                               f->write_block<float>("viz/point/" + v.name, 0, hsize_t(first * npe),
                                                     hsize_t(count * npe), b);
                             });
                           });
    stream_elements<float>(mesh, v.cell.data(), tpe,
                           [&](std::int64_t first, std::int64_t count, const float* b) {
                             write([&] {
                               f->write_block<float>("viz/cell/" + v.name, 0, hsize_t(first * tpe),
                                                     hsize_t(count * tpe), b);
                             });
                           });
  }
  write([&] {
    std::vector<std::string> names;
    for (const VizField& v : fields) names.push_back(v.name);
    f->write_strings("viz/fields", names);
    f->set_attr("viz", "subdivision", std::int64_t(viz.subdivision));
    f->set_attr("viz", "n_nodes", std::int64_t(NE) * npe);
    f->set_attr("viz", "n_triangles", std::int64_t(NE) * tpe);
    f->set_attr("solution", "time", s.time);
    f->set_attr("solution", "step", std::int64_t(s.step));
    f->set_attr("solution", "order", std::int64_t(s.order));
    f->set_attr("solution", "physics", s.physics);
    f->set_attr("solution", "output_index", s.output_index);
    f->set_attr("/", "case", s.case_toml);
    f->close();
    tmp->commit();
  });
  guard.finish();
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
