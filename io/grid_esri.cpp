#include "io/grid_esri.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>

#include "io/grid_text.hpp"

namespace tridg {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool header_key(const std::string& key) {
  static const char* const keys[] = {"ncols",     "nrows",       "xllcorner", "xllcenter",
                                     "yllcorner", "yllcenter",   "cellsize",  "dx",
                                     "dy",        "nodata_value"};
  return std::find(std::begin(keys), std::end(keys), key) != std::end(keys);
}

} // namespace

bool looks_like_esri(const std::string& head) {
  const auto t = grid_tokens(head.substr(0, head.find('\n')));
  return !t.empty() && header_key(lower(t[0]));
}

Grid read_esri_grid(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) grid_text_error(path, 0, "cannot open the file");
  std::map<std::string, double> h;
  std::string text;
  std::size_t line = 0;
  std::vector<std::string> tok;
  // The header ends at the first line that starts with a number.
  while (next_grid_line(in, text, line, path)) {
    tok = grid_tokens(text);
    if (tok.empty()) continue;
    double a;
    if (grid_number(tok[0], a)) break;
    const std::string key = lower(tok[0]);
    if (!header_key(key)) grid_text_error(path, line, "unknown header entry '" + tok[0] + "'");
    if (tok.size() != 2 || !grid_number(tok[1], a) || !std::isfinite(a))
      grid_text_error(path, line, "expected '" + tok[0] + " NUMBER', got '" + text + "'");
    if (!h.emplace(key, a).second) grid_text_error(path, line, tok[0] + " appears twice");
    tok.clear();
  }
  auto need = [&](const char* key) {
    if (!h.count(key)) grid_text_error(path, 0, std::string("the header lacks ") + key);
    return h[key];
  };
  auto count = [&](const char* key) {
    const double n = need(key);
    if (n < 2 || n != std::floor(n) || n > double(max_grid_values))
      grid_text_error(path, 0,
                      std::string(key) + " must be a whole number of at least 2, got " +
                          std::to_string(n));
    return std::uint64_t(n);
  };
  const std::uint64_t nx = count("ncols"), ny = count("nrows");
  check_grid_size(nx, ny, path);
  if (h.count("xllcorner") == h.count("xllcenter") || h.count("yllcorner") == h.count("yllcenter"))
    grid_text_error(path, 0,
                    "the header needs one of xllcorner or xllcenter and one of yllcorner or "
                    "yllcenter");
  double dx, dy;
  if (h.count("cellsize")) {
    if (h.count("dx") || h.count("dy"))
      grid_text_error(path, 0, "give cellsize or dx and dy, not both");
    dx = dy = h["cellsize"];
  } else {
    if (!h.count("dx") || !h.count("dy"))
      grid_text_error(path, 0, "the header lacks cellsize (or dx and dy)");
    dx = h["dx"];
    dy = h["dy"];
  }
  if (!(dx > 0) || !(dy > 0)) grid_text_error(path, 0, "the cell size must be positive");
  const bool corner = h.count("xllcorner"), ycorner = h.count("yllcorner");
  const double x0 = corner ? h["xllcorner"] + 0.5 * dx : h["xllcenter"];
  const double y0 = ycorner ? h["yllcorner"] + 0.5 * dy : h["yllcenter"];
  const bool has_nodata = h.count("nodata_value");
  const double nodata = has_nodata ? h["nodata_value"] : 0.0;

  Grid g;
  g.source = path;
  g.xs.resize(nx);
  g.ys.resize(ny);
  for (std::uint64_t i = 0; i < nx; ++i) g.xs[i] = x0 + double(i) * dx;
  for (std::uint64_t j = 0; j < ny; ++j) g.ys[j] = y0 + double(j) * dy;
  // Grown as values arrive rather than sized from the header, so that a short file claiming a
  // large grid costs only what it holds.
  const std::uint64_t total = nx * ny;
  g.v.reserve(std::min<std::uint64_t>(total, std::uint64_t(1) << 20));
  while (true) {
    for (const std::string& t : tok) {
      double a;
      if (!grid_number(t, a)) grid_text_error(path, line, "'" + t + "' is not a number");
      if (!std::isfinite(a)) grid_text_error(path, line, "'" + t + "' is not a finite number");
      if (g.v.size() == total)
        grid_text_error(path, line, "more values than ncols x nrows = " + std::to_string(total));
      g.v.push_back(has_nodata && a == nodata ? std::nan("") : a);
    }
    if (!next_grid_line(in, text, line, path)) break;
    tok = grid_tokens(text);
  }
  if (g.v.size() != total)
    grid_text_error(path, 0,
                    "the file ends after " + std::to_string(g.v.size()) +
                        " of ncols x nrows = " + std::to_string(total) + " values");
  // Rows come from north to south; the grid's rows ascend.
  for (std::uint64_t j = 0; j < ny / 2; ++j)
    std::swap_ranges(g.v.begin() + std::ptrdiff_t(j * nx),
                     g.v.begin() + std::ptrdiff_t((j + 1) * nx),
                     g.v.begin() + std::ptrdiff_t((ny - 1 - j) * nx));
  make_ascending(g, path);
  return g;
}

} // namespace tridg
