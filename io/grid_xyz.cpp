#include "io/xyz_grid.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>

#include "io/error.hpp"

namespace tridg {

namespace {

[[noreturn]] void bad(const std::string& path, std::size_t line, const std::string& what) {
  fail(ExitCode::bad_case, path + (line ? ":" + std::to_string(line) : "") + ": " + what);
}

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

// Index i with g[i] <= a < g[i + 1] (clamped) and the weight of g[i + 1].
std::size_t cell(const std::vector<double>& g, double& a, double& w) {
  if (g.size() == 1) {
    w = 0;
    return 0;
  }
  a = std::clamp(a, g.front(), g.back());
  std::size_t i = std::size_t(std::upper_bound(g.begin(), g.end(), a) - g.begin());
  i = std::min(std::max<std::size_t>(i, 1), g.size() - 1) - 1;
  w = (a - g[i]) / (g[i + 1] - g[i]);
  return i;
}

} // namespace

double XyzGrid::operator()(double x, double y) const {
  double wx, wy;
  const std::size_t i = cell(xs, x, wx), j = cell(ys, y, wy);
  const std::size_t i1 = std::min(i + 1, xs.size() - 1), j1 = std::min(j + 1, ys.size() - 1);
  return (1 - wx) * (1 - wy) * at(i, j) + wx * (1 - wy) * at(i1, j) + (1 - wx) * wy * at(i, j1) +
         wx * wy * at(i1, j1);
}

XyzGrid read_xyz_grid(const std::string& path) {
  std::ifstream in(path);
  if (!in) bad(path, 0, "cannot open the file");
  std::vector<double> x, y, z;
  std::vector<std::size_t> lines;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    const char* p = text.c_str();
    char* end = nullptr;
    double v[3];
    int n = 0;
    for (; n < 3; ++n) {
      while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r') ++p;
      if (!*p) break;
      errno = 0;
      v[n] = std::strtod(p, &end);
      if (end == p || errno == ERANGE || !std::isfinite(v[n])) break;
      p = end;
    }
    while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r') ++p;
    if (n == 0 && !*p) continue; // blank line
    if (n < 3 || *p) {
      if (x.empty() && n == 0) continue; // a header line
      bad(path, line, "expected three numbers 'x y z', got '" + text + "'");
    }
    x.push_back(v[0]);
    y.push_back(v[1]);
    z.push_back(v[2]);
    lines.push_back(line);
  }
  if (x.empty()) bad(path, 0, "no data lines ('x y z')");
  const auto [xmin, xmax] = std::minmax_element(x.begin(), x.end());
  const auto [ymin, ymax] = std::minmax_element(y.begin(), y.end());
  const double tol = 1e-9 * std::max({1.0, *xmax - *xmin, *ymax - *ymin});
  XyzGrid g;
  g.source = path;
  g.xs = distinct(x, tol);
  g.ys = distinct(y, tol);
  const std::size_t nx = g.xs.size(), ny = g.ys.size();
  if (nx * ny != x.size())
    bad(path, 0,
        std::to_string(x.size()) + " points do not form a complete grid (" + std::to_string(nx) +
            " distinct x by " + std::to_string(ny) + " distinct y)");
  g.z.assign(nx * ny, std::nan(""));
  for (std::size_t k = 0; k < x.size(); ++k) {
    const std::size_t c = index_of(g.ys, y[k]) * nx + index_of(g.xs, x[k]);
    if (!std::isnan(g.z[c]))
      bad(path, lines[k],
          "the point (" + std::to_string(x[k]) + ", " + std::to_string(y[k]) + ") appears twice");
    g.z[c] = z[k];
  }
  return g;
}

} // namespace tridg
