#include "io/solution_h5.hpp"

#include <cmath>
#include <filesystem>

#include "io/h5_util.hpp"

namespace tridg {

void write_snapshot_h5(const std::string& path, const Mesh& mesh, const Snapshot& s) {
  const std::string tmp = path + ".tmp";
  {
    h5::File f = h5::File::create(tmp);
    f.set_attr("/", "format", "tridg_solution");
    f.set_attr("/", "format_version", std::int64_t(1));
    f.set_attr("/", "tridg_version", TRIDG_VERSION);
    std::vector<double> nodes(2 * std::size_t(mesh.n_nodes()));
    for (int i = 0; i < mesh.n_nodes(); ++i) {
      nodes[2 * i] = mesh.x[i];
      nodes[2 * i + 1] = mesh.y[i];
    }
    f.write("mesh/nodes", nodes.data(), {hsize_t(mesh.n_nodes()), 2});
    f.write("mesh/triangles", &mesh.tri[0][0], {hsize_t(mesh.n_elems()), 3});
    const hsize_t nv = s.var_names.size();
    const hsize_t np = std::size_t(s.order + 1) * (s.order + 2) / 2;
    f.write("solution/coefficients", s.coeffs.data(), {nv, np, hsize_t(mesh.n_elems())});
    f.write_strings("solution/variables", s.var_names);
    // Cell averages, ready for any viewer: the constant mode times sqrt(2).
    std::vector<double> avg(nv * mesh.n_elems());
    for (hsize_t v = 0; v < nv; ++v)
      for (int k = 0; k < mesh.n_elems(); ++k)
        avg[v * mesh.n_elems() + k] = std::sqrt(2.0) * s.coeffs[(v * np) * mesh.n_elems() + k];
    f.write("solution/cell_average", avg.data(), {nv, hsize_t(mesh.n_elems())});
    f.set_attr("solution", "time", s.time);
    f.set_attr("solution", "step", std::int64_t(s.step));
    f.set_attr("solution", "order", std::int64_t(s.order));
    f.set_attr("solution", "physics", s.physics);
    f.set_attr("/", "case", s.case_toml);
    f.close();
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) fail(ExitCode::io_error, path + ": cannot rename the finished file: " + ec.message());
}

Snapshot read_snapshot_h5(const std::string& path, const Mesh& mesh) {
  h5::File f = h5::File::open(path, false, ExitCode::mismatch);
  if (!f.has_attr("/", "format") || f.attr_string("/", "format") != "tridg_solution")
    f.fail("not a tridg solution file");
  Snapshot s;
  s.time = f.attr_double("solution", "time");
  s.step = f.attr_int("solution", "step");
  s.order = static_cast<int>(f.attr_int("solution", "order"));
  s.physics = f.attr_string("solution", "physics");
  s.case_toml = f.attr_string("/", "case");
  s.var_names = f.read_strings("solution/variables");
  std::size_t rows = 0;
  const auto nodes = f.read_rows<double>("mesh/nodes", {2}, rows);
  if (rows != std::size_t(mesh.n_nodes())) f.fail("written for another mesh (node count differs)");
  for (std::size_t i = 0; i < rows; ++i)
    if (nodes[2 * i] != mesh.x[i] || nodes[2 * i + 1] != mesh.y[i])
      f.fail("written for another mesh (node coordinates differ)");
  std::vector<hsize_t> dims;
  s.coeffs = f.read<double>("solution/coefficients", dims);
  const hsize_t np = std::size_t(s.order + 1) * (s.order + 2) / 2;
  if (dims.size() != 3 || dims[0] != s.var_names.size() || dims[1] != np ||
      dims[2] != hsize_t(mesh.n_elems()))
    f.fail("coefficients do not match the mesh and order");
  return s;
}

} // namespace tridg
