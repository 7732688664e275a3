#include "io/msh_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "io/error.hpp"

namespace tridg {

namespace {

// Nodes per element of every Gmsh element type (0: unknown type).
int nodes_of_type(std::int64_t type) {
  static const int table[] = {0, 2,  3,  4,  4,  8,  6,  5,  3,  6,  9, 10, 27, 18, 14, 1,
                              8, 20, 15, 13, 9,  10, 12, 15, 15, 21, 4, 5,  6,  20, 35, 56,
                              0, 0,  0,  0,  16, 25, 0,  12, 15, 0,  0, 0,  0,  0,  0,  0};
  if (type >= 0 && type < static_cast<std::int64_t>(std::size(table))) return table[type];
  if (type == 92) return 64;
  if (type == 93) return 125;
  return 0;
}

} // namespace

std::string unsupported_triangle(std::int64_t type) {
  const int nn = nodes_of_type(type);
  if (type == 20 || type == 22 || type == 24)
    return fmt::format("an incomplete {}-node triangle (serendipity); tridg needs complete 3-, 6- "
                       "or 10-node triangles",
                       nn);
  if (type == 23 || type == 25)
    return fmt::format("a {}-node triangle of geometry order {}; tridg reads geometry orders 1 to "
                       "3 (3-, 6- and 10-node triangles: Mesh.ElementOrder 3 at most)",
                       nn, type == 23 ? 4 : 5);
  return "";
}

namespace {

class Checker {
public:
  Checker(std::string path, std::int64_t max_elements)
      : path_(std::move(path)), max_elements_(max_elements) {}

  void run() {
    std::ifstream in(path_, std::ios::binary);
    data_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) bad("cannot be read");
    const std::string head = word();
    if (head == "$NOD")
      bad("is in Gmsh's format 1, which tridg does not read (save it as 2.2 or 4.1)");
    if (head != "$MeshFormat") bad("is not a Gmsh mesh file (it does not start with $MeshFormat)");
    const std::string version = word();
    const std::int64_t file_type = integer("the file type in $MeshFormat");
    const std::int64_t data_size = integer("the data size in $MeshFormat");
    if (version.rfind("2.", 0) != 0 && version.rfind("4.", 0) != 0)
      bad(fmt::format("Gmsh format version '{}' is not supported (2.2 and 4.1 are)", cut(version)));
    if (version.rfind("4.", 0) == 0 && version != "4.1")
      bad(fmt::format("Gmsh format version '{}' is not supported (2.2 and 4.1 are: save it as one "
                      "of those)",
                      cut(version)));
    v4_ = version[0] == '4';
    if (file_type != 0 && file_type != 1) bad("$MeshFormat: the file type must be 0 or 1");
    binary_ = file_type == 1;
    if (data_size != 8) bad("$MeshFormat: the data size must be 8");
    if (binary_) {
      skip_line();
      if (pos_ + 4 > data_.size()) bad("cannot be read: the file ends inside $MeshFormat");
      std::int32_t one = 0;
      std::memcpy(&one, &data_[pos_], 4);
      if (one != 1) bad("is a binary file of the other byte order, or damaged");
      pos_ += 4;
    }
    end_section("MeshFormat");
    while (true) {
      const std::string w = word();
      if (w.empty()) break;
      if (w.size() < 2 || w[0] != '$') bad(fmt::format("unexpected '{}' between sections", cut(w)));
      const std::string name = w.substr(1);
      if (name == "Nodes") {
        if (seen_nodes_) bad("has two $Nodes sections");
        seen_nodes_ = true;
        skip_line();
        nodes();
        end_section(name);
      } else if (name == "Elements") {
        if (seen_elements_) bad("has two $Elements sections");
        if (!seen_nodes_) bad("has an $Elements section before (or without) a $Nodes section");
        seen_elements_ = true;
        skip_line();
        elements();
        end_section(name);
      } else if (name == "PhysicalNames") {
        physical_names();
        end_section(name);
      } else if (name == "MeshFormat") {
        bad("has two $MeshFormat sections");
      } else {
        skip_to_end(name);
      }
    }
  }

private:
  [[noreturn]] void bad(const std::string& what) const {
    fail(ExitCode::bad_mesh, path_ + ": " + what);
  }
  static std::string cut(const std::string& s) {
    std::string o = s.substr(0, 40);
    for (char& c : o)
      if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
    return o;
  }

  // ASCII tokens.
  std::string word() {
    while (pos_ < data_.size() && std::isspace(static_cast<unsigned char>(data_[pos_]))) ++pos_;
    const std::size_t b = pos_;
    while (pos_ < data_.size() && !std::isspace(static_cast<unsigned char>(data_[pos_]))) ++pos_;
    return data_.substr(b, pos_ - b);
  }
  std::int64_t integer(const char* what) {
    const std::string w = word();
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec == std::errc::result_out_of_range)
      bad(fmt::format("{} {} is out of range", what, cut(w)));
    if (w.empty() || ec != std::errc() || p != w.data() + w.size())
      bad(w.empty()
              ? fmt::format("cannot be read: the file ends inside {}", what)
              : fmt::format("cannot be read: {}: expected an integer, found '{}'", what, cut(w)));
    return v;
  }
  void number(const char* what) {
    const std::string w = word();
    double v = 0;
    const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (w.empty() || (ec != std::errc() && ec != std::errc::result_out_of_range) ||
        p != w.data() + w.size())
      bad(w.empty()
              ? fmt::format("cannot be read: the file ends inside {}", what)
              : fmt::format("cannot be read: {}: expected a number, found '{}'", what, cut(w)));
  }
  void skip_line() {
    while (pos_ < data_.size() && data_[pos_] != '\n') ++pos_;
    if (pos_ < data_.size()) ++pos_;
  }
  void end_section(const std::string& name) {
    if (word() != "$End" + name)
      bad(fmt::format("section ${} does not end with $End{}", name, name));
  }
  void skip_to_end(const std::string& name) {
    const std::string end = "$End" + name;
    const auto at = data_.find(end, pos_);
    if (at == std::string::npos)
      bad(fmt::format("section ${} has no $End{}", cut(name), cut(name)));
    pos_ = at + end.size();
  }

  // Binary values.
  template <class T> T raw(const char* what) {
    if (pos_ + sizeof(T) > data_.size())
      bad(fmt::format("cannot be read: the file ends inside {}", what));
    T v;
    std::memcpy(&v, &data_[pos_], sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  void skip_bytes(double n, const char* what) {
    if (n > static_cast<double>(data_.size() - pos_))
      bad(fmt::format("cannot be read: the file ends inside {}", what));
    pos_ += static_cast<std::size_t>(n);
  }

  // A count read from a header, checked against the file size (each item takes at least
  // min_bytes) and a limit.
  std::int64_t count(std::int64_t n, const char* what, double min_bytes, double limit) const {
    if (n < 0) bad(fmt::format("{} count {} is negative", what, n));
    const double remaining = static_cast<double>(data_.size() - pos_);
    if (static_cast<double>(n) * min_bytes > remaining)
      bad(fmt::format("declares {} {}, more than the rest of the file ({} bytes) can hold", n, what,
                      data_.size() - pos_));
    if (static_cast<double>(n) > limit)
      bad(fmt::format("declares {} {}, more than a mesh of at most {} triangles needs (raise the "
                      "limit with --max-elements)",
                      n, what, max_elements_));
    return n;
  }
  double node_limit() const { return 4.0 * static_cast<double>(max_elements_) + 1e6; }
  double element_limit() const { return 4.0 * static_cast<double>(max_elements_) + 1e6; }

  void node_tag(std::int64_t tag) {
    if (tag < 1 || tag > (std::int64_t{1} << 53))
      bad(fmt::format("node tag {} is out of range", tag));
    tags_.push_back(tag);
  }

  void nodes() {
    if (!v4_) {
      const std::int64_t n = count(binary_ ? raw_count_line() : integer("$Nodes count"), "nodes",
                                   binary_ ? 28 : 8, node_limit());
      tags_.reserve(static_cast<std::size_t>(n));
      for (std::int64_t i = 0; i < n; ++i) {
        if (binary_) {
          node_tag(raw<std::int32_t>("$Nodes"));
          skip_bytes(24, "$Nodes");
        } else {
          node_tag(integer("a node tag"));
          for (int k = 0; k < 3; ++k) number("a node coordinate");
        }
      }
    } else {
      const auto hdr = [&](const char* what) {
        return binary_ ? static_cast<std::int64_t>(raw<std::uint64_t>(what)) : integer(what);
      };
      const std::int64_t blocks = count(hdr("$Nodes header"), "node blocks", 8, node_limit());
      const std::int64_t n = count(hdr("$Nodes header"), "nodes", binary_ ? 32 : 8, node_limit());
      hdr("$Nodes header");
      hdr("$Nodes header");
      tags_.reserve(static_cast<std::size_t>(n));
      std::int64_t total = 0;
      for (std::int64_t b = 0; b < blocks; ++b) {
        std::int64_t dim, parametric, in_block;
        if (binary_) {
          dim = raw<std::int32_t>("$Nodes");
          raw<std::int32_t>("$Nodes");
          parametric = raw<std::int32_t>("$Nodes");
          in_block = static_cast<std::int64_t>(raw<std::uint64_t>("$Nodes"));
        } else {
          dim = integer("a node block header");
          integer("a node block header");
          parametric = integer("a node block header");
          in_block = integer("a node block header");
        }
        if (dim < 0 || dim > 3 || parametric < 0 || parametric > 1)
          bad(fmt::format("node block {} has a bad header", b + 1));
        if (in_block < 0 || in_block > n - total)
          bad(fmt::format("node block {} declares {} nodes, more than $Nodes declares", b + 1,
                          in_block));
        total += in_block;
        const int ncoord = 3 + static_cast<int>(parametric ? dim : 0);
        if (binary_) {
          for (std::int64_t i = 0; i < in_block; ++i)
            node_tag(static_cast<std::int64_t>(raw<std::uint64_t>("$Nodes")));
          skip_bytes(8.0 * ncoord * static_cast<double>(in_block), "$Nodes");
        } else {
          for (std::int64_t i = 0; i < in_block; ++i) node_tag(integer("a node tag"));
          for (std::int64_t i = 0; i < in_block * ncoord; ++i) number("a node coordinate");
        }
      }
      if (total != n) bad(fmt::format("$Nodes declares {} nodes, its blocks hold {}", n, total));
    }
    std::sort(tags_.begin(), tags_.end());
    if (const auto d = std::adjacent_find(tags_.begin(), tags_.end()); d != tags_.end())
      bad(fmt::format("node {} is declared twice", *d));
  }

  std::int64_t raw_count_line() {
    const std::int64_t n = integer("the section count");
    skip_line();
    return n;
  }

  void element_nodes(std::int64_t elem, const std::int64_t* refs, int n) {
    for (int k = 0; k < n; ++k)
      if (!std::binary_search(tags_.begin(), tags_.end(), refs[k]))
        bad(fmt::format("element {} refers to node {}, which does not exist", elem, refs[k]));
  }

  // Triangles of one complete order of 1 to 3 only: Gmsh 4.8 reads 3- and 6-node triangles of one
  // entity as all of the first one's type and then writes past its own arrays.
  void triangle_type(std::int64_t tag, std::int64_t type) {
    if (type != 2 && type != 9 && (type < 20 || type > 25)) return;
    const int nn = nodes_of_type(type);
    if (const std::string why = unsupported_triangle(type); !why.empty())
      bad(fmt::format("element {} is {}", tag, why));
    if (tri_type_ == 0) {
      tri_type_ = type;
      tri_tag_ = tag;
    } else if (type != tri_type_) {
      bad(fmt::format("element {} is a {}-node triangle among {}-node triangles (element {}); "
                      "tridg needs one geometry order for the whole mesh (Mesh.ElementOrder)",
                      tag, nn, nodes_of_type(tri_type_), tri_tag_));
    }
  }

  void elements() {
    std::int64_t refs[128];
    if (!v4_) {
      const std::int64_t n = count(binary_ ? raw_count_line() : integer("$Elements count"),
                                   "elements", binary_ ? 12 : 8, element_limit());
      std::int64_t done = 0;
      while (done < n) {
        if (binary_) {
          const std::int32_t type = raw<std::int32_t>("$Elements");
          const std::int32_t in_block = raw<std::int32_t>("$Elements");
          const std::int32_t ntags = raw<std::int32_t>("$Elements");
          const int nn = nodes_of_type(type);
          if (nn == 0) bad(fmt::format("element type {} is not a Gmsh element type", type));
          if (in_block <= 0 || in_block > n - done || ntags < 0 || ntags > 64)
            bad(fmt::format("element block after element {} has a bad header", done));
          for (std::int32_t i = 0; i < in_block; ++i) {
            const std::int64_t tag = raw<std::int32_t>("$Elements");
            triangle_type(tag, type);
            skip_bytes(4.0 * ntags, "$Elements");
            for (int k = 0; k < nn; ++k) refs[k] = raw<std::int32_t>("$Elements");
            element_nodes(tag, refs, nn);
          }
          done += in_block;
        } else {
          const std::int64_t tag = integer("an element tag");
          const std::int64_t type = integer("an element type");
          const std::int64_t ntags = integer("an element's tag count");
          const int nn = nodes_of_type(type);
          if (nn == 0)
            bad(fmt::format("element {} has type {}, not a Gmsh element type", tag, type));
          if (ntags < 0 || ntags > 64) bad(fmt::format("element {} has {} tags", tag, ntags));
          triangle_type(tag, type);
          for (std::int64_t k = 0; k < ntags; ++k) integer("an element tag");
          for (int k = 0; k < nn; ++k) refs[k] = integer("an element's node");
          element_nodes(tag, refs, nn);
          ++done;
        }
      }
      return;
    }
    const auto hdr = [&](const char* what) {
      return binary_ ? static_cast<std::int64_t>(raw<std::uint64_t>(what)) : integer(what);
    };
    const std::int64_t blocks =
        count(hdr("$Elements header"), "element blocks", 8, element_limit());
    const std::int64_t n =
        count(hdr("$Elements header"), "elements", binary_ ? 16 : 4, element_limit());
    hdr("$Elements header");
    hdr("$Elements header");
    std::int64_t total = 0;
    for (std::int64_t b = 0; b < blocks; ++b) {
      std::int64_t dim, type, in_block;
      if (binary_) {
        dim = raw<std::int32_t>("$Elements");
        raw<std::int32_t>("$Elements");
        type = raw<std::int32_t>("$Elements");
        in_block = static_cast<std::int64_t>(raw<std::uint64_t>("$Elements"));
      } else {
        dim = integer("an element block header");
        integer("an element block header");
        type = integer("an element block header");
        in_block = integer("an element block header");
      }
      const int nn = nodes_of_type(type);
      if (dim < 0 || dim > 3) bad(fmt::format("element block {} has dimension {}", b + 1, dim));
      if (nn == 0)
        bad(fmt::format("element block {} has type {}, not a Gmsh element type", b + 1, type));
      if (in_block < 0 || in_block > n - total)
        bad(fmt::format("element block {} declares {} elements, more than $Elements declares",
                        b + 1, in_block));
      total += in_block;
      for (std::int64_t i = 0; i < in_block; ++i) {
        const std::int64_t tag = hdr("an element tag");
        triangle_type(tag, type);
        for (int k = 0; k < nn; ++k) refs[k] = hdr("an element's node");
        element_nodes(tag, refs, nn);
      }
    }
    if (total != n)
      bad(fmt::format("$Elements declares {} elements, its blocks hold {}", n, total));
  }

  void physical_names() {
    const std::int64_t n = count(integer("$PhysicalNames count"), "physical names", 6, 1e6);
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t dim = integer("a physical name's dimension");
      const std::int64_t tag = integer("a physical name's tag");
      if (dim < 0 || dim > 3 || tag < 1 || tag > INT32_MAX)
        bad(fmt::format("$PhysicalNames entry {} has dimension {} and tag {}", i + 1, dim, tag));
      skip_line();
    }
  }

  std::string path_;
  std::int64_t max_elements_;
  std::string data_;
  std::size_t pos_ = 0;
  bool v4_ = false, binary_ = false;
  bool seen_nodes_ = false, seen_elements_ = false;
  std::vector<std::int64_t> tags_;
  std::int64_t tri_type_ = 0, tri_tag_ = 0; // the first triangle's type and element tag
};

} // namespace

void check_msh_counts(const std::string& path, std::int64_t max_elements) {
  Checker(path, max_elements).run();
}

} // namespace tridg
