#include "io/output_msh.hpp"

#include <cerrno>

#include "io/error.hpp"

namespace tridg {

MshWriter::MshWriter(std::string path) : tmp_(std::move(path)) {
  f_ = std::fopen(tmp_.tmp().c_str(), "wb");
  if (!f_)
    fail(ExitCode::io_error, tmp_.final_path() + ": cannot write (" + errno_text(errno) + ")");
  put("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n");
  // One surface entity holds everything; tags are 1-based.
  put("$Entities\n0 0 1 0\n1 0 0 0 0 0 0 0 0\n$EndEntities\n");
}

MshWriter::~MshWriter() {
  if (f_) std::fclose(f_);
}

void MshWriter::flush() {
  if (buf_.size() > 0 && std::fwrite(buf_.data(), 1, buf_.size(), f_) != buf_.size())
    fail(ExitCode::io_error, tmp_.final_path() + ": write failed (" + errno_text(errno) + ")");
  buf_.clear();
}

void MshWriter::nodes_begin(std::int64_t nn) {
  put("$Nodes\n1 {} 1 {}\n2 1 0 {}\n", nn, nn, nn);
  for (std::int64_t i = 1; i <= nn; ++i) put("{}\n", i);
}

void MshWriter::node_coords(std::int64_t count, const double* xy) {
  for (std::int64_t i = 0; i < count; ++i) put("{:.17g} {:.17g} 0\n", xy[2 * i], xy[2 * i + 1]);
}

void MshWriter::elements_begin(std::int64_t nt) {
  put("$EndNodes\n$Elements\n1 {} 1 {}\n2 1 2 {}\n", nt, nt, nt);
}

void MshWriter::triangles(std::int64_t first_tag, std::int64_t count, const std::int32_t* tri,
                          std::int64_t node_offset) {
  for (std::int64_t t = 0; t < count; ++t)
    put("{} {} {} {}\n", first_tag + t, node_offset + tri[3 * t] + 1,
        node_offset + tri[3 * t + 1] + 1, node_offset + tri[3 * t + 2] + 1);
}

void MshWriter::elements_end() {
  put("$EndElements\n");
}

void MshWriter::view_begin(const std::string& name, const MshInfo& info, std::int64_t nt) {
  put("$ElementNodeData\n1\n\"{}\"\n1\n{:.17g}\n3\n{}\n1\n{}\n", name, info.time, info.time_index,
      nt);
}

void MshWriter::view_rows(std::int64_t first_tag, std::int64_t count, const std::int32_t* tri,
                          const float* values) {
  for (std::int64_t t = 0; t < count; ++t)
    put("{} 3 {} {} {}\n", first_tag + t, values[tri[3 * t]], values[tri[3 * t + 1]],
        values[tri[3 * t + 2]]);
}

void MshWriter::view_end() {
  put("$EndElementNodeData\n");
}

void MshWriter::commit() {
  flush();
  std::FILE* f = f_;
  f_ = nullptr;
  if (std::fclose(f) != 0)
    fail(ExitCode::io_error, tmp_.final_path() + ": write failed (" + errno_text(errno) + ")");
  tmp_.commit();
}

void write_msh(const std::string& path, const VizMesh& mesh, const std::vector<VizField>& fields,
               const MshInfo& info) {
  MshWriter w(path);
  w.nodes_begin(mesh.n_nodes());
  w.node_coords(mesh.n_nodes(), mesh.xy.data());
  w.elements_begin(mesh.n_tris());
  w.triangles(1, mesh.n_tris(), mesh.tri.data(), 0);
  w.elements_end();
  for (const VizField& v : fields) {
    w.view_begin(v.name, info, mesh.n_tris());
    w.view_rows(1, mesh.n_tris(), mesh.tri.data(), v.point.data());
    w.view_end();
  }
  w.commit();
}

} // namespace tridg
