#include "io/output_msh.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "io/atomic_file.hpp"
#include "io/error.hpp"

namespace tridg {

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// Buffers formatted text and hands it to the file in large pieces.
class Out {
public:
  Out(std::FILE* f, std::string path) : f_(f), path_(std::move(path)) {}
  template <class... A> void put(fmt::format_string<A...> f, A&&... a) {
    fmt::format_to(std::back_inserter(buf_), f, std::forward<A>(a)...);
    if (buf_.size() > (1u << 20)) flush();
  }
  void flush() {
    if (buf_.size() > 0 && std::fwrite(buf_.data(), 1, buf_.size(), f_) != buf_.size())
      fail(ExitCode::io_error, path_ + ": write failed (" + errno_text(errno) + ")");
    buf_.clear();
  }

private:
  std::FILE* f_;
  std::string path_;
  fmt::memory_buffer buf_;
};

} // namespace

void write_msh(const std::string& path, const VizMesh& mesh, const std::vector<VizField>& fields,
               const MshInfo& info) {
  TempFile tmp(path); // removed again if anything below fails
  {
    std::unique_ptr<std::FILE, FileCloser> f(std::fopen(tmp.tmp().c_str(), "wb"));
    if (!f) fail(ExitCode::io_error, path + ": cannot write (" + errno_text(errno) + ")");
    Out o(f.get(), path);
    const std::int64_t nn = mesh.n_nodes(), nt = mesh.n_tris();
    o.put("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n");
    // One surface entity holds everything; tags are 1-based.
    o.put("$Entities\n0 0 1 0\n1 0 0 0 0 0 0 0 0\n$EndEntities\n");
    o.put("$Nodes\n1 {} 1 {}\n2 1 0 {}\n", nn, nn, nn);
    for (std::int64_t i = 1; i <= nn; ++i) o.put("{}\n", i);
    for (std::int64_t i = 0; i < nn; ++i)
      o.put("{:.17g} {:.17g} 0\n", mesh.xy[2 * i], mesh.xy[2 * i + 1]);
    o.put("$EndNodes\n$Elements\n1 {} 1 {}\n2 1 2 {}\n", nt, nt, nt);
    for (std::int64_t t = 0; t < nt; ++t)
      o.put("{} {} {} {}\n", t + 1, mesh.tri[3 * t] + 1, mesh.tri[3 * t + 1] + 1,
            mesh.tri[3 * t + 2] + 1);
    o.put("$EndElements\n");
    for (const VizField& v : fields) {
      o.put("$ElementNodeData\n1\n\"{}\"\n1\n{:.17g}\n3\n{}\n1\n{}\n", v.name, info.time,
            info.time_index, nt);
      for (std::int64_t t = 0; t < nt; ++t)
        o.put("{} 3 {} {} {}\n", t + 1, v.point[mesh.tri[3 * t]], v.point[mesh.tri[3 * t + 1]],
              v.point[mesh.tri[3 * t + 2]]);
      o.put("$EndElementNodeData\n");
    }
    o.flush();
    if (std::fclose(f.release()) != 0)
      fail(ExitCode::io_error, path + ": write failed (" + errno_text(errno) + ")");
  }
  tmp.commit();
}

} // namespace tridg
