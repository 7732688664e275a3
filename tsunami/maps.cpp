#include "tsunami/maps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numbers>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/error.hpp"
#include "io/grid_scattered.hpp"
#include "io/h5_util.hpp"
#include "io/output_plot.hpp"
#include "io/png_render.hpp"

namespace tridg {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Maxima {
  std::vector<double> x, y, radius, bed, max_eta, max_depth, arrival;
  double level = 0;
  bool geographic = false;
};

Maxima read_maxima(std::string path) {
  if (std::filesystem::is_directory(path))
    path = (std::filesystem::path(path) / "max_inundation.h5").string();
  if (!std::filesystem::exists(path))
    fail(ExitCode::bad_case, path + ": no such file (a shallow-water run with [gauges] writes it)");
  h5::File f = h5::File::open(path, false, ExitCode::bad_case);
  Maxima m;
  std::vector<hsize_t> dims;
  m.x = f.read<double>("x", dims);
  m.y = f.read<double>("y", dims);
  m.bed = f.read<double>("bed", dims);
  m.max_eta = f.read<double>("max_eta", dims);
  m.max_depth = f.read<double>("max_depth", dims);
  m.arrival = f.read<double>("arrival_time", dims);
  if (f.exists("radius")) m.radius = f.read<double>("radius", dims);
  const std::size_t n = m.x.size();
  if (n == 0 || m.y.size() != n || m.bed.size() != n || m.max_eta.size() != n ||
      m.max_depth.size() != n || m.arrival.size() != n)
    fail(ExitCode::bad_case, path + ": the per-element fields differ in length");
  if (!m.radius.empty() && m.radius.size() != n)
    fail(ExitCode::bad_case, path + ": the per-element fields differ in length");
  // Centroids and radii from another tool, or damaged: refused before any search uses them.
  for (std::size_t k = 0; k < n; ++k) {
    if (!std::isfinite(m.x[k]) || !std::isfinite(m.y[k]))
      fail(ExitCode::bad_case,
           fmt::format("{}: element {} has a centroid that is not finite", path, k));
    if (!m.radius.empty() && !(m.radius[k] > 0 && m.radius[k] < 1e150))
      fail(ExitCode::bad_case,
           fmt::format("{}: element {} has radius {} (a positive finite length is needed)", path, k,
                       m.radius[k]));
  }
  m.level = f.has_attr("/", "arrival_level") ? f.attr_double("/", "arrival_level") : 0.0;
  m.geographic = f.has_attr("/", "geographic") && f.attr_int("/", "geographic") != 0;
  return m;
}

} // namespace

MapGrid resample_maxima(const MapOptions& opt) {
  const Maxima m = read_maxima(opt.input);
  double x0 = *std::min_element(m.x.begin(), m.x.end()),
         x1 = *std::max_element(m.x.begin(), m.x.end());
  double y0 = *std::min_element(m.y.begin(), m.y.end()),
         y1 = *std::max_element(m.y.begin(), m.y.end());
  // The centroids' search (the nodes take their element's fields by the index it finds).
  const ScatteredGrid centroids(opt.input, m.x, m.y, m.bed);
  // The typical spacing of the centroids: the extent's area per element (along the line for
  // centroids on one line).
  const double typical = centroids.spacing();
  if (opt.box) {
    const auto& b = *opt.box;
    if (!(b[0] < b[1] && b[2] < b[3])) fail(ExitCode::bad_case, "--box: give x0 < x1 and y0 < y1");
    if (b[1] < x0 || b[0] > x1 || b[3] < y0 || b[2] > y1)
      fail(ExitCode::bad_case, fmt::format("--box [{}, {}] x [{}, {}] lies outside the data "
                                           "([{}, {}] x [{}, {}])",
                                           b[0], b[1], b[2], b[3], x0, x1, y0, y1));
    x0 = b[0], x1 = b[1], y0 = b[2], y1 = b[3];
  }
  const double h = opt.spacing > 0 ? opt.spacing : typical;
  const double nx = std::floor((x1 - x0) / h) + 1, ny = std::floor((y1 - y0) / h) + 1;
  if (nx * ny > double(opt.max_points))
    fail(ExitCode::bad_case,
         fmt::format("a grid of {:.0f} x {:.0f} nodes is more than the limit of "
                     "{} (a coarser --spacing, a smaller --box or a larger "
                     "--max-points)",
                     nx, ny, opt.max_points));
  MapGrid g;
  g.geographic = m.geographic;
  g.x0 = x0;
  g.y0 = y0;
  g.dx = g.dy = h;
  g.nx = int(nx);
  g.ny = int(ny);
  // Outside the mesh: farther from the nearest centroid than twice that element's reach to its
  // vertices. (A node inside a large element may lie nearer the centroid of a smaller neighbour;
  // the graded sizes of a mesh keep that neighbour's reach above half its own.)
  auto reach = [&](std::size_t k) { return m.radius.empty() ? 3 * typical : 2 * m.radius[k]; };
  // The nearest centroid within the largest reach (the search of the scattered grids: the tree
  // search for a node far from the mesh stops at that reach).
  double reach_max = 0;
  for (std::size_t k = 0; k < m.x.size(); ++k) reach_max = std::max(reach_max, reach(k));
  std::vector<double> fh(std::size_t(g.nx) * g.ny, kNaN), fd = fh, fi = fh, fa = fh, fb = fh;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const ScatteredGrid::Hit hit = centroids.nearest_point(g.x0 + i * h, g.y0 + j * h, reach_max);
      if (hit.index < 0) continue; // no centroid within reach: outside the mesh
      const std::size_t k = std::size_t(hit.index);
      if (hit.distance > reach(k)) continue;
      const std::size_t q = std::size_t(j) * g.nx + i;
      fb[q] = m.bed[k];
      if (std::isfinite(m.max_eta[k])) {
        fh[q] = m.max_eta[k] - m.level;
        fd[q] = m.max_depth[k];
        if (m.bed[k] > m.level) fi[q] = m.max_depth[k];
      }
      fa[q] = m.arrival[k];
    }
  const char* len = "m"; // heights and depths, on the plane and the sphere
  g.fields = {{"max_height", "highest water surface above the still level", len, fh},
              {"max_depth", "deepest water", len, fd},
              {"inundation_depth", "deepest water on land (bed above the still level)", len, fi},
              {"arrival_time", "first time the surface rose above the arrival threshold", "s", fa},
              {"bed", "bed elevation (element mean)", len, fb}};
  g.title = "tsunami maxima of " + opt.input;
  return g;
}

namespace {

// Appends a view of `f`'s quadrangles between grid nodes (every `stride`-th) whose four corners
// have a value, x scaled by sx, in Gmsh's list format.
void write_field_view(const MapGrid& g, const MapField& f, int stride, double sx,
                      const std::string& name, const std::string& path) {
  std::string out = "View \"" + name + "\" {\n";
  auto at = [&](int i, int j) { return f.values[std::size_t(j) * g.nx + i]; };
  for (int j = 0; j + stride < g.ny; j += stride)
    for (int i = 0; i + stride < g.nx; i += stride) {
      const double v[4] = {at(i, j), at(i + stride, j), at(i + stride, j + stride),
                           at(i, j + stride)};
      if (!(std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]) &&
            std::isfinite(v[3])))
        continue;
      const double xa = (g.x0 + i * g.dx) * sx, xb = (g.x0 + (i + stride) * g.dx) * sx;
      const double ya = g.y0 + j * g.dy, yb = g.y0 + (j + stride) * g.dy;
      out += fmt::format("SQ({:.9g},{:.9g},0,{:.9g},{:.9g},0,{:.9g},{:.9g},0,{:.9g},{:.9g},0)"
                         "{{{:.7g},{:.7g},{:.7g},{:.7g}}};\n",
                         xa, ya, xb, ya, xb, yb, xa, yb, v[0], v[1], v[2], v[3]);
    }
  write_text_file(path, out + "};\n");
}

// The zero contour of the bed (the coastline) as line segments, by marching squares on the
// same nodes.
void write_coast_view(const MapGrid& g, const MapField& bed, int stride, double sx,
                      const std::string& path) {
  std::string out = "View \"coastline\" {\n";
  // Drawn a little above the field, which would hide it where both lie in one plane.
  const double lift = 1e-3 * std::max((g.nx - 1) * g.dx * sx, (g.ny - 1) * g.dy);
  auto at = [&](int i, int j) { return bed.values[std::size_t(j) * g.nx + i]; };
  for (int j = 0; j + stride < g.ny; j += stride)
    for (int i = 0; i + stride < g.nx; i += stride) {
      const int ci[4] = {i, i + stride, i + stride, i}, cj[4] = {j, j, j + stride, j + stride};
      double px[4], py[4];
      int n = 0;
      for (int e = 0; e < 4; ++e) {
        const int a = e, b = (e + 1) % 4;
        const double va = at(ci[a], cj[a]), vb = at(ci[b], cj[b]);
        if (!std::isfinite(va) || !std::isfinite(vb) || (va > 0) == (vb > 0)) continue;
        const double t = va / (va - vb);
        px[n] = (g.x0 + (ci[a] + t * (ci[b] - ci[a])) * g.dx) * sx;
        py[n] = g.y0 + (cj[a] + t * (cj[b] - cj[a])) * g.dy;
        ++n;
      }
      for (int k = 0; k + 1 < n; k += 2)
        out += fmt::format("SL({:.9g},{:.9g},{:.3g},{:.9g},{:.9g},{:.3g}){{0,0}};\n", px[k], py[k],
                           lift, px[k + 1], py[k + 1], lift);
    }
  write_text_file(path, out + "};\n");
}

} // namespace

std::array<double, 2> draw_map(const MapGrid& g, const std::string& field, const std::string& png,
                               int width, std::optional<std::array<double, 2>> range) {
  const MapField* f = g.field(field);
  if (!f) {
    std::string names;
    for (const MapField& m : g.fields) names += (names.empty() ? "" : ", ") + m.name;
    fail(ExitCode::bad_case, "the map has no field '" + field + "' (fields: " + names + ")");
  }
  if (g.nx < 2 || g.ny < 2) fail(ExitCode::bad_case, "the map has fewer than 2 x 2 nodes");
  const MapField* bed = g.field("bed");
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : f->values)
    if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (range) lo = (*range)[0], hi = (*range)[1];
  if (!(lo < hi)) hi = lo + 1;
  const double x1 = g.x0 + (g.nx - 1) * g.dx, y1 = g.y0 + (g.ny - 1) * g.dy;
  // Degrees of longitude are shorter by cos(latitude): drawn at the ground's shape (x times
  // sx), the axes numbered in degrees.
  const double sx =
      g.geographic ? std::cos((g.y0 + 0.5 * (g.ny - 1) * g.dy) * std::numbers::pi / 180) : 1.0;
  const double aspect = (y1 - g.y0) / ((x1 - g.x0) * sx);
  // The colour bar takes about 140 pixels below the map.
  const int W = width, H = std::clamp(int(std::lround(W * aspect)) + 140, 300, 4 * W);
  // At most about a node per pixel: more quadrangles would draw nothing more.
  const int stride = std::max(1, int(std::ceil(std::max(double(g.nx) / W, double(g.ny) / H))));
  const GmshPicture pic(png, W, H, false);
  std::string title = gmsh_script_text(f->name + (f->units.empty() ? "" : " (" + f->units + ")"));
  write_field_view(g, *f, stride, sx, title, pic.file("field.pos").string());
  std::string geo = "Merge \"field.pos\";\n";
  if (bed) {
    write_coast_view(g, *bed, stride, sx, pic.file("coast.pos").string());
    geo += "Merge \"coast.pos\";\n";
  }
  geo += fmt::format("General.AxesAutoPosition = 0;\nGeneral.AxesMinX = {:.9g};\n"
                     "General.AxesMaxX = {:.9g};\nGeneral.AxesMinY = {:.9g};\n"
                     "General.AxesMaxY = {:.9g};\nGeneral.AxesForceValue = 1;\n"
                     "General.AxesValueMinX = {:.9g};\n"
                     "General.AxesValueMaxX = {:.9g};\nGeneral.AxesValueMinY = {:.9g};\n"
                     "General.AxesValueMaxY = {:.9g};\n",
                     g.x0 * sx, x1 * sx, g.y0, y1, g.x0, x1, g.y0, y1);
  geo += g.geographic ? GmshPicture::axes("longitude (deg)", "latitude (deg)", 6)
                      : GmshPicture::axes("x (m)", "y (m)", 6);
  geo += "View[0].IntervalsType = 2;\nView[0].RangeType = 2;\nView[0].SaturateValues = 1;\n";
  geo += fmt::format("View[0].CustomMin = {:.17g};\nView[0].CustomMax = {:.17g};\n", lo, hi);
  geo += "View[0].ShowScale = 1;\nView[0].Light = 0;\nView[0].ShowTime = 0;\n";
  if (bed)
    geo += "View[1].ShowScale = 0;\nView[1].ColorTable = {Black};\nView[1].LineWidth = 1.5;\n";
  pic.render(geo);
  return {lo, hi};
}

} // namespace tridg
