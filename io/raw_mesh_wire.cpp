#include "io/raw_mesh_wire.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "io/error.hpp"
#include "io/isoparametric.hpp"

namespace tridg {

namespace {

class Writer {
public:
  template <class T> void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  template <class T> void put_all(const std::vector<T>& v) {
    put(std::uint64_t(v.size()));
    if (!v.empty()) out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  void put_text(const std::string& s) {
    put(std::uint64_t(s.size()));
    out_ += s;
  }
  std::string take() { return std::move(out_); }

private:
  std::string out_;
};

class Reader {
public:
  Reader(const std::string& b, const std::string& source) : b_(b), source_(source) {}
  template <class T> T get() {
    T v;
    need(sizeof v);
    std::memcpy(&v, b_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  // A count of items of `size` bytes each that the rest of the bytes can hold.
  std::size_t count(std::size_t size) {
    const auto n = get<std::uint64_t>();
    if (n > (b_.size() - at_) / size) bad("a count beyond the data");
    return std::size_t(n);
  }
  template <class T> std::vector<T> get_all() {
    std::vector<T> v(count(sizeof(T)));
    if (v.empty()) return v; // no memcpy from or to the null data() of an empty vector
    std::memcpy(v.data(), b_.data() + at_, v.size() * sizeof(T));
    at_ += v.size() * sizeof(T);
    return v;
  }
  std::string get_text() {
    const std::size_t n = count(1);
    std::string s = b_.substr(at_, n);
    at_ += n;
    return s;
  }
  bool done() const { return at_ == b_.size(); }
  [[noreturn]] void bad(const std::string& what) const {
    fail(ExitCode::bad_mesh,
         source_ + ": the mesh from the meshing process is damaged (" + what + ")");
  }

private:
  void need(std::size_t n) const {
    if (b_.size() - at_ < n) bad("cut short");
  }
  const std::string& b_;
  const std::string& source_;
  std::size_t at_ = 0;
};

template <std::size_t N>
void check_nodes(const Reader& r, const std::vector<std::array<std::int32_t, N>>& v,
                 std::size_t nodes) {
  for (const auto& a : v)
    for (const std::int32_t i : a)
      if (i < 0 || std::size_t(i) >= nodes) r.bad("a node index beyond the nodes");
}

} // namespace

std::string encode_raw_mesh(const RawMesh& raw) {
  Writer w;
  w.put_all(raw.x);
  w.put_all(raw.y);
  w.put_all(raw.tri);
  w.put(std::uint64_t(raw.boundary.size()));
  for (const auto& [name, segments] : raw.boundary) {
    w.put_text(name);
    w.put_all(segments);
  }
  w.put_all(raw.periodic_nodes);
  w.put(std::int32_t(raw.geometry_order));
  w.put_all(raw.geometry_nodes);
  w.put_all(raw.tags);
  return w.take();
}

RawMesh decode_raw_mesh(const std::string& bytes, const std::string& source) {
  Reader r(bytes, source);
  RawMesh raw;
  raw.source = source;
  raw.x = r.get_all<double>();
  raw.y = r.get_all<double>();
  if (raw.x.size() != raw.y.size()) r.bad("x and y of different lengths");
  raw.tri = r.get_all<std::array<std::int32_t, 3>>();
  check_nodes(r, raw.tri, raw.x.size());
  // A group takes at least its two counts: the bytes bound the number of groups.
  const std::size_t groups = r.count(2 * sizeof(std::uint64_t));
  for (std::size_t g = 0; g < groups; ++g) {
    std::string name = r.get_text();
    auto segments = r.get_all<std::array<std::int32_t, 2>>();
    check_nodes(r, segments, raw.x.size());
    raw.boundary[std::move(name)] = std::move(segments);
  }
  raw.periodic_nodes = r.get_all<std::array<std::int32_t, 2>>();
  check_nodes(r, raw.periodic_nodes, raw.x.size());
  raw.geometry_order = r.get<std::int32_t>();
  if (raw.geometry_order < 1 || raw.geometry_order > 3) r.bad("a geometry order other than 1 to 3");
  raw.geometry_nodes = r.get_all<double>();
  const auto extra = static_cast<std::size_t>(2 * extra_geometry_nodes(raw.geometry_order));
  if (raw.geometry_nodes.size() != extra * raw.tri.size())
    r.bad("high-order nodes that do not match the triangles");
  raw.tags = r.get_all<std::int64_t>();
  if (!raw.tags.empty() && raw.tags.size() != raw.tri.size())
    r.bad("element tags that do not match the triangles");
  if (!r.done()) r.bad("bytes after the mesh");
  return raw;
}

} // namespace tridg
