#pragma once
// Gmsh post-processing files: the viewable sub-cell mesh (io/output_viz.hpp) in MSH 4.1 ASCII
// with one $ElementNodeData view per field, so that `gmsh final.msh` shows every field. Needs
// no Gmsh SDK (this file is not named gmsh_* on purpose: builds without Gmsh write it too).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "io/atomic_file.hpp"
#include "io/output_viz.hpp"

namespace tridg {

struct MshInfo {
  double time = 0;
  int time_index = 0; // the views' time step number (the output number NNNN)
};

// Writes through a temporary name and a rename; failures are UserError(io_error).
void write_msh(const std::string& path, const VizMesh& mesh, const std::vector<VizField>& fields,
               const MshInfo& info);

// The same file written section by section, in order, for callers that have the mesh a block at
// a time (solver/output_parts.hpp). Node and triangle tags count from 1 in the file; triangles
// are given by 0-based node numbers. commit() renames the file into place.
class MshWriter {
public:
  explicit MshWriter(std::string path);
  ~MshWriter();
  MshWriter(const MshWriter&) = delete;
  MshWriter& operator=(const MshWriter&) = delete;
  void nodes_begin(std::int64_t n_nodes); // then node_coords for all of them, in order
  void node_coords(std::int64_t count, const double* xy);
  void elements_begin(std::int64_t n_tris); // then triangles for all of them, in order
  // Triangles with tags first_tag.., nodes tri[3 i + c] + node_offset (0-based).
  void triangles(std::int64_t first_tag, std::int64_t count, const std::int32_t* tri,
                 std::int64_t node_offset);
  void elements_end();
  // One view: its header, then rows for all triangles in order: triangle tag first_tag + i with
  // the values at its nodes, values[tri[3 i + c]].
  void view_begin(const std::string& name, const MshInfo& info, std::int64_t n_tris);
  void view_rows(std::int64_t first_tag, std::int64_t count, const std::int32_t* tri,
                 const float* values);
  void view_end();
  void commit();

private:
  template <class... A> void put(fmt::format_string<A...> f, A&&... a) {
    fmt::format_to(std::back_inserter(buf_), f, std::forward<A>(a)...);
    if (buf_.size() > (1u << 20)) flush();
  }
  void flush();
  TempFile tmp_;
  std::FILE* f_ = nullptr;
  fmt::memory_buffer buf_;
};

} // namespace tridg
