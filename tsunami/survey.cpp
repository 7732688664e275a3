#include "tsunami/survey.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/error.hpp"
#include "io/input_file.hpp"

namespace tridg {

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  fail(ExitCode::bad_case, where + ": " + what);
}

// One CSV record: fields separated by commas, a field in double quotes may hold commas ("" is
// a quote).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> f(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        f.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        f.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      f.emplace_back();
    } else if (c != '\r') {
      f.back() += c;
    }
  }
  return f;
}

std::size_t column(const std::vector<std::string>& header, const std::vector<std::string>& names,
                   const std::string& path) {
  for (const std::string& n : names)
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == n) return i;
  bad(path, fmt::format("the header names no column {}", fmt::join(names, " or ")));
}

double number(const std::string& s, const std::string& where, const char* what) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0' || !std::isfinite(v))
    bad(where, fmt::format("{} '{}' is not a finite number", what, s));
  return v;
}

} // namespace

std::vector<SurveyPoint> read_survey(const std::string& path) {
  require_regular_file(path);
  std::ifstream in(path);
  if (!in) bad(path, "cannot open the file");
  std::string line;
  if (!std::getline(in, line)) bad(path, "the file is empty");
  const std::vector<std::string> header = csv_fields(line);
  const std::size_t team = column(header, {"team"}, path), name = column(header, {"name"}, path);
  const std::size_t x = column(header, {"lon_deg", "lon", "x"}, path);
  const std::size_t y = column(header, {"lat_deg", "lat", "y"}, path);
  const std::size_t h = column(header, {"height_m", "observed"}, path);
  const std::size_t need = std::max({team, name, x, y, h}) + 1;
  std::vector<SurveyPoint> pts;
  constexpr std::size_t max_points = 1000000; // a survey of a million points is not one
  for (std::size_t ln = 2; std::getline(in, line); ++ln) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = fmt::format("{}:{}", path, ln);
    const std::vector<std::string> f = csv_fields(line);
    if (f.size() < need) bad(where, fmt::format("{} fields, the header needs {}", f.size(), need));
    SurveyPoint p;
    p.team = f[team];
    p.name = f[name];
    if (p.team.empty() || p.name.empty()) bad(where, "a point needs a team and a name");
    p.x = number(f[x], where, "the longitude (x)");
    p.y = number(f[y], where, "the latitude (y)");
    p.observed = number(f[h], where, "the height");
    if (!(p.observed > 0 && p.observed < 1e4))
      bad(where, fmt::format("the height {} is not in (0, 10000) m", p.observed));
    pts.push_back(std::move(p));
    if (pts.size() > max_points) bad(path, "more than a million survey points");
  }
  if (pts.empty()) bad(path, "no survey point");
  return pts;
}

SurveySettings read_survey_settings(const Config& t, const Config& root) {
  SurveySettings s;
  s.file = root.case_relative(t.get_string("file"));
  s.radius = t.get_double_in("radius", Config::Interval::open(0, 1e7));
  s.min_depth = t.get_double_in("min_depth", 0, 1e3, 0.01);
  s.points = read_survey(s.file);
  if (t.has("offsets")) {
    const Config o = t.table("offsets");
    for (const std::string& team : o.keys()) {
      const std::vector<double> d = o.get_doubles(team);
      if (d.size() != 2 || !std::isfinite(d[0]) || !std::isfinite(d[1]) || std::abs(d[0]) > 1 ||
          std::abs(d[1]) > 1)
        o.error(team, "needs two finite numbers [dx, dy], each at most 1 (degree) in size");
      bool known = false;
      for (const SurveyPoint& p : s.points) known = known || p.team == team;
      if (!known) o.error(team, "names no team of " + s.file);
      s.offsets[team] = {d[0], d[1]};
    }
  }
  return s;
}

std::map<std::string, AidaFit> survey_fits(const std::vector<SurveyPoint>& points,
                                           const std::vector<double>& computed) {
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> by;
  for (std::size_t i = 0; i < points.size(); ++i)
    for (const std::string& g : {std::string("all"), points[i].team}) {
      by[g].first.push_back(points[i].observed);
      by[g].second.push_back(computed[i]);
    }
  std::map<std::string, AidaFit> fits;
  for (const auto& [g, oc] : by) fits[g] = aida_fit(oc.first, oc.second);
  return fits;
}

} // namespace tridg
