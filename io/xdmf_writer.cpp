#include "io/xdmf_writer.hpp"

#include <fmt/format.h>

#include "io/atomic_file.hpp"

namespace tridg {

namespace {

std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
    case '&':
      o += "&amp;";
      break;
    case '<':
      o += "&lt;";
      break;
    case '>':
      o += "&gt;";
      break;
    case '"':
      o += "&quot;";
      break;
    default:
      o += c;
    }
  }
  return o;
}

std::string data_item(const std::string& pad, const std::string& dims, const char* type,
                      int precision, const std::string& h5, const std::string& dataset) {
  return fmt::format("{}<DataItem Dimensions=\"{}\" NumberType=\"{}\" Precision=\"{}\" "
                     "Format=\"HDF\">{}:{}</DataItem>\n",
                     pad, dims, type, precision, xml_escape(h5), xml_escape(dataset));
}

const char* kHeader = "<?xml version=\"1.0\" ?>\n"
                      "<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
                      "<Xdmf Version=\"3.0\">\n"
                      "  <Domain>\n";
const char* kFooter = "  </Domain>\n"
                      "</Xdmf>\n";

} // namespace

std::string xdmf_grid(const XdmfGrid& g, int indent) {
  const std::string p0(indent, ' '), p1 = p0 + "  ", p2 = p1 + "  ";
  std::string s;
  s += fmt::format("{}<Grid Name=\"step {}\" GridType=\"Uniform\">\n", p0, g.step);
  s += fmt::format("{}<Time Value=\"{:.17g}\"/>\n", p1, g.time);
  s +=
      fmt::format("{}<Topology TopologyType=\"Triangle\" NumberOfElements=\"{}\">\n", p1, g.n_tris);
  s += data_item(p2, fmt::format("{} 3", g.n_tris), "Int", 4, g.h5_file, "/viz/triangles");
  s += p1 + "</Topology>\n";
  s += p1 + "<Geometry GeometryType=\"XY\">\n";
  s += data_item(p2, fmt::format("{} 2", g.n_nodes), "Float", 8, g.h5_file, "/viz/nodes");
  s += p1 + "</Geometry>\n";
  for (const char* center : {"Node", "Cell"}) {
    const bool node = center[0] == 'N';
    for (const std::string& f : g.fields) {
      // ParaView keeps point and cell arrays apart, but one name for both confuses the
      // colour-by menu; cell values get a suffix.
      const std::string name = node ? f : f + "_cell";
      s += fmt::format("{}<Attribute Name=\"{}\" AttributeType=\"Scalar\" Center=\"{}\">\n", p1,
                       xml_escape(name), center);
      s += data_item(p2, std::to_string(node ? g.n_nodes : g.n_tris), "Float", 4, g.h5_file,
                     std::string(node ? "/viz/point/" : "/viz/cell/") + f);
      s += p1 + "</Attribute>\n";
    }
  }
  s += p0 + "</Grid>\n";
  return s;
}

void write_xdmf(const std::string& path, const XdmfGrid& g) {
  write_text_file(path, kHeader + xdmf_grid(g, 4) + kFooter);
}

void write_xdmf_series(const std::string& path, const std::vector<XdmfGrid>& grids) {
  std::string s = kHeader;
  s += "    <Grid Name=\"solution\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  for (const XdmfGrid& g : grids) s += xdmf_grid(g, 6);
  s += "    </Grid>\n";
  s += kFooter;
  write_text_file(path, s);
}

} // namespace tridg
