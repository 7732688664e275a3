#include "io/grid_xyz.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "io/error.hpp"
#include "io/grid_text.hpp"

namespace tridg {

namespace {

// Sorted distinct values, merging those closer than `tol` (text round-off of one grid line).
std::vector<double> distinct(std::vector<double> v, double tol) {
  std::sort(v.begin(), v.end());
  std::vector<double> out;
  for (double a : v)
    if (out.empty() || a - out.back() > tol) out.push_back(a);
  return out;
}

std::size_t index_of(const std::vector<double>& g, double a) {
  const auto it = std::lower_bound(g.begin(), g.end(), a);
  if (it == g.end()) return g.size() - 1;
  const std::size_t i = std::size_t(it - g.begin());
  return i > 0 && a - g[i - 1] < *it - a ? i - 1 : i;
}

const char* const column_names[3] = {"x", "y", "value"};

} // namespace

XyzPoints read_xyz_points(const std::string& path, const XyzColumns& columns) {
  for (int c : columns)
    if (c < 1 || c > 1000)
      grid_text_error(path, 0, "columns must lie between 1 and 1000, got " + std::to_string(c));
  const int need = *std::max_element(columns.begin(), columns.end());
  std::ifstream in(path, std::ios::binary);
  if (!in) grid_text_error(path, 0, "cannot open the file");
  XyzPoints p;
  std::string text;
  std::size_t line = 0;
  while (next_grid_line(in, text, line, path)) {
    const std::vector<std::string> tok = grid_tokens(text);
    if (tok.empty() || tok[0][0] == '#') continue;
    double first;
    if (p.x.empty() && !grid_number(tok[0], first)) continue; // a header line
    if (int(tok.size()) < need)
      grid_text_error(path, line,
                      "expected at least " + std::to_string(need) + " numbers, got '" + text + "'");
    double v[3];
    for (const std::string& t : tok) {
      double a;
      if (!grid_number(t, a))
        grid_text_error(path, line, "'" + t + "' is not a number in '" + text + "'");
    }
    for (int k = 0; k < 3; ++k) {
      grid_number(tok[std::size_t(columns[std::size_t(k)] - 1)], v[k]);
      if (!std::isfinite(v[k]))
        grid_text_error(path, line,
                        std::string("the ") + column_names[k] + " (column " +
                            std::to_string(columns[std::size_t(k)]) + ") is not a finite number");
    }
    if (p.x.size() >= max_grid_values)
      grid_text_error(path, line,
                      "more than " + std::to_string(max_grid_values) + " points: too many");
    p.x.push_back(v[0]);
    p.y.push_back(v[1]);
    p.v.push_back(v[2]);
    p.line.push_back(line);
  }
  if (p.x.empty()) grid_text_error(path, 0, "no data lines ('x y z')");
  return p;
}

Grid xyz_points_to_grid(const XyzPoints& p, const std::string& path) {
  const auto [xmin, xmax] = std::minmax_element(p.x.begin(), p.x.end());
  const auto [ymin, ymax] = std::minmax_element(p.y.begin(), p.y.end());
  const double tol = 1e-9 * std::max({1.0, *xmax - *xmin, *ymax - *ymin});
  Grid g;
  g.source = path;
  g.xs = distinct(p.x, tol);
  g.ys = distinct(p.y, tol);
  const std::size_t nx = g.xs.size(), ny = g.ys.size();
  if (nx < 2 || ny < 2 || nx * ny != p.x.size())
    grid_text_error(path, 0,
                    std::to_string(p.x.size()) + " points do not form a complete grid (" +
                        std::to_string(nx) + " distinct x by " + std::to_string(ny) +
                        " distinct y); scattered points need format = \"scattered\"");
  g.v.assign(nx * ny, std::nan(""));
  std::vector<bool> seen(nx * ny, false);
  for (std::size_t k = 0; k < p.x.size(); ++k) {
    const std::size_t c = index_of(g.ys, p.y[k]) * nx + index_of(g.xs, p.x[k]);
    if (seen[c])
      grid_text_error(path, p.line[k],
                      "the point (" + std::to_string(p.x[k]) + ", " + std::to_string(p.y[k]) +
                          ") appears twice");
    seen[c] = true;
    g.v[c] = p.v[k];
  }
  return g;
}

} // namespace tridg
