#include "io/output_plot.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include "io/error.hpp"
#include "io/output_msh.hpp"
#include "io/png_render.hpp"
#include "io/solution_h5.hpp"

namespace tridg {

namespace fs = std::filesystem;

namespace {

// Keeps the sub-triangles that reach into the crop window; renumbers their nodes.
void crop_mesh(VizMesh& m, VizField& f, const std::array<double, 4>& c) {
  VizMesh out;
  VizField g{f.name, {}, {}};
  std::vector<std::int32_t> map(std::size_t(m.n_nodes()), -1);
  for (std::int64_t t = 0; t < m.n_tris(); ++t) {
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (int k = 0; k < 3; ++k) {
      const std::int32_t n = m.tri[3 * t + k];
      x0 = std::min(x0, m.xy[2 * n]);
      x1 = std::max(x1, m.xy[2 * n]);
      y0 = std::min(y0, m.xy[2 * n + 1]);
      y1 = std::max(y1, m.xy[2 * n + 1]);
    }
    if (x1 < c[0] || x0 > c[1] || y1 < c[2] || y0 > c[3]) continue;
    for (int k = 0; k < 3; ++k) {
      const std::int32_t n = m.tri[3 * t + k];
      if (map[n] < 0) {
        map[n] = std::int32_t(out.xy.size() / 2);
        out.xy.push_back(m.xy[2 * n]);
        out.xy.push_back(m.xy[2 * n + 1]);
        g.point.push_back(f.point[n]);
      }
      out.tri.push_back(map[n]);
    }
    g.cell.push_back(f.cell[t]);
  }
  m = std::move(out);
  f = std::move(g);
}

} // namespace

std::string find_program(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return "";
  std::string p = path;
  std::size_t start = 0;
  while (start <= p.size()) {
    const std::size_t end = std::min(p.find(':', start), p.size());
    const fs::path cand = fs::path(p.substr(start, end - start)) / program;
    if (end > start && ::access(cand.c_str(), X_OK) == 0) return cand.string();
    start = end + 1;
  }
  return "";
}

std::string gmsh_script_text(const std::string& text) {
  std::string s = text;
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string(" _.,=()+-").find(c) == std::string::npos)
      c = '_';
  return s;
}

std::string render_plot(const PlotOptions& opt) {
  VizSnapshot v = read_viz_h5(opt.input, opt.field);
  if (opt.crop) {
    const auto& c = *opt.crop;
    if (!(c[0] < c[1] && c[2] < c[3]))
      fail(ExitCode::bad_case, "--crop " + fmt::format("{},{},{},{}", c[0], c[1], c[2], c[3]) +
                                   ": needs x0 < x1 and y0 < y1");
    crop_mesh(v.mesh, v.field, c);
    if (v.mesh.tri.empty())
      fail(ExitCode::bad_case, opt.input + ": no element lies in the --crop window");
  }
  if (opt.range && !((*opt.range)[0] < (*opt.range)[1]))
    fail(ExitCode::bad_case, "--range: needs min < max");
  // Show cell values as node values of every corner: one colour per sub-triangle.
  if (opt.cell) {
    VizMesh m;
    VizField f{v.field.name, {}, v.field.cell};
    for (std::int64_t t = 0; t < v.mesh.n_tris(); ++t)
      for (int k = 0; k < 3; ++k) {
        const std::int32_t n = v.mesh.tri[3 * t + k];
        m.tri.push_back(std::int32_t(m.xy.size() / 2));
        m.xy.push_back(v.mesh.xy[2 * n]);
        m.xy.push_back(v.mesh.xy[2 * n + 1]);
        f.point.push_back(v.field.cell[t]);
      }
    v.mesh = std::move(m);
    v.field = std::move(f);
  }
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (std::size_t i = 0; i < v.mesh.xy.size(); i += 2) {
    x0 = std::min(x0, v.mesh.xy[i]);
    x1 = std::max(x1, v.mesh.xy[i]);
    y0 = std::min(y0, v.mesh.xy[i + 1]);
    y1 = std::max(y1, v.mesh.xy[i + 1]);
  }
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (float x : v.field.point)
    if (std::isfinite(x)) {
      lo = std::min(lo, double(x));
      hi = std::max(hi, double(x));
    }
  if (opt.range) {
    lo = (*opt.range)[0];
    hi = (*opt.range)[1];
  }
  if (!(lo <= hi)) lo = hi = 0;
  if (!opt.range) {
    // Gmsh leaves values exactly at the ends of a custom range uncoloured (the view stores
    // floats): widen the data's range by a little, and saturate below and above it.
    const double pad = 1e-6 * std::max(hi - lo, std::max(std::abs(lo), std::abs(hi)));
    lo -= pad;
    hi += pad;
  }
  const int w = opt.width;
  // The colour bar takes about 120 pixels below the picture.
  const int h = opt.height > 0
                    ? opt.height
                    : std::clamp(int(w * (y1 - y0) / std::max(x1 - x0, 1e-300)) + 140, 300, 4 * w);

  std::string png = opt.output;
  if (png.empty()) {
    const fs::path in(opt.input);
    // The field's name comes from the file: no '/' or ".." of it may lead elsewhere.
    png = (in.parent_path() / (in.stem().string() + "_" + gmsh_script_text(opt.field) + ".png"))
              .string();
  }
  const GmshPicture pic(png, w, h, opt.keep);
  write_msh(pic.file("view.msh").string(), v.mesh, {v.field}, {v.info.time, 0});
  const std::string title =
      fmt::format("{}{}(t={:.6g})", opt.field, opt.cell ? "_cell" : "", v.info.time);
  std::string geo = "Merge \"view.msh\";\n";
  // (On a longitude-latitude mesh x and y are degrees east and north.)
  geo += "General.AxesAutoPosition = 1;\n" + GmshPicture::axes("x", "y", 3);
  geo += "Mesh.SurfaceFaces = 0;\nMesh.SurfaceEdges = 0;\nMesh.Points = 0;\n";
  geo += "View[0].IntervalsType = 2;\nView[0].RangeType = 2;\nView[0].SaturateValues = 1;\n";
  geo += fmt::format("View[0].CustomMin = {:.17g};\nView[0].CustomMax = {:.17g};\n", lo, hi);
  geo += "View[0].ShowScale = 1;\nView[0].ShowTime = 0;\nView[0].Light = 0;\n";
  geo += fmt::format("View[0].Name = \"{}\";\n", gmsh_script_text(title));
  pic.render(geo);
  return png;
}

} // namespace tridg
