#include "tsunami/maps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numbers>
#include <vector>

#include "io/error.hpp"
#include "io/grid_scattered.hpp"
#include "io/h5_util.hpp"
#include "io/png_writer.hpp"

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
  // The nearest centroid within the largest reach (the search of the scattered grids: a node far
  // from the mesh visits only the buckets that reach covers).
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

std::array<double, 2> draw_map(const MapGrid& g, const std::string& field, const std::string& png,
                               int width, std::optional<std::array<double, 2>> range) {
  const MapField* f = g.field(field);
  if (!f) {
    std::string names;
    for (const MapField& m : g.fields) names += (names.empty() ? "" : ", ") + m.name;
    fail(ExitCode::bad_case, "the map has no field '" + field + "' (fields: " + names + ")");
  }
  const MapField* bed = g.field("bed");
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : f->values)
    if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (range) lo = (*range)[0], hi = (*range)[1];
  if (!(lo < hi)) hi = lo + 1;
  // Degrees of longitude are shorter by cos(latitude): the picture keeps the ground's shape.
  const double aspect =
      (g.ny - 1) * g.dy /
      ((g.nx - 1) * g.dx *
       (g.geographic ? std::cos((g.y0 + 0.5 * (g.ny - 1) * g.dy) * std::numbers::pi / 180) : 1.0));
  const int bar = 40, W = width, H = std::clamp(int(std::lround((W - bar) * aspect)), 16, 8000);
  std::vector<std::uint8_t> rgb(std::size_t(W) * H * 3, 255);
  auto colour = [](double t, std::uint8_t* p) {
    // blue - cyan - yellow - red
    t = std::clamp(t, 0.0, 1.0);
    const double r = std::clamp(2 * t - 0.5, 0.0, 1.0),
                 gg = std::clamp(1.5 - std::abs(4 * t - 2), 0.0, 1.0);
    const double b = std::clamp(1.5 - 2 * t, 0.0, 1.0);
    p[0] = std::uint8_t(255 * r), p[1] = std::uint8_t(255 * gg), p[2] = std::uint8_t(255 * b);
  };
  auto sample = [&](const MapField& m, int px, int py) {
    const int i =
        std::clamp(int(std::lround(double(px) / (W - bar - 1) * (g.nx - 1))), 0, g.nx - 1);
    const int j =
        std::clamp(int(std::lround(double(H - 1 - py) / (H - 1) * (g.ny - 1))), 0, g.ny - 1);
    return m.values[std::size_t(j) * g.nx + i];
  };
  for (int py = 0; py < H; ++py)
    for (int px = 0; px < W - bar; ++px) {
      std::uint8_t* p = &rgb[(std::size_t(py) * W + px) * 3];
      const double v = sample(*f, px, py);
      if (std::isfinite(v)) {
        colour((v - lo) / (hi - lo), p);
      } else {
        p[0] = p[1] = p[2] = 210;
      }
      // The coastline: the bed changes sign towards the next pixel right or down.
      if (bed && px + 1 < W - bar && py + 1 < H) {
        const double b0 = sample(*bed, px, py), b1 = sample(*bed, px + 1, py),
                     b2 = sample(*bed, px, py + 1);
        if ((b0 > 0) != (b1 > 0) || (b0 > 0) != (b2 > 0)) p[0] = p[1] = p[2] = 0;
      }
    }
  for (int py = 0; py < H; ++py)
    for (int px = W - bar + 10; px < W - 10; ++px)
      colour(double(H - 1 - py) / (H - 1), &rgb[(std::size_t(py) * W + px) * 3]);
  write_png(png, W, H, rgb);
  return {lo, hi};
}

} // namespace tridg
