#include "tsunami/gauge_settings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "io/error.hpp"

namespace tridg {

namespace {

std::array<double, 2> read_point(const Config& t, const std::string& key) {
  const auto v = t.get_doubles(key);
  if (v.size() != 2 || !std::isfinite(v[0]) || !std::isfinite(v[1]))
    t.error(key, "needs two finite numbers [x, y]");
  return {v[0], v[1]};
}

bool same_rule(const ReachRule& r, const GaugeSettings::Runup& u) {
  return r.min_depth == u.min_depth && r.stage == u.stage;
}

// The distinct (min_depth, measure) pairs in the order of the points.
std::vector<ReachRule> distinct_rules(const GaugeSettings& s) {
  std::vector<ReachRule> rules;
  for (const GaugeSettings::Runup& u : s.runups)
    if (std::none_of(rules.begin(), rules.end(),
                     [&](const ReachRule& r) { return same_rule(r, u); }))
      rules.push_back({u.min_depth, u.stage});
  return rules;
}

} // namespace

GaugeSettings read_gauge_settings(const Config& g, const Config& root) {
  GaugeSettings s;
  s.interval = g.get_double_in("interval", 0, 1e300);
  s.hdf5 = g.get_bool("hdf5", true);
  if (g.has("arrival")) {
    const Config a = g.table("arrival");
    s.arrival_threshold = a.get_double_in("threshold", Config::Interval::open(0, 1e300), 0.01);
    s.arrival_level = a.get_double("level", 0.0);
  }
  if (g.has("points")) {
    const Config pts = g.table("points");
    for (const std::string& name : pts.keys()) {
      const auto xy = read_point(pts, name);
      s.points.push_back({name, xy[0], xy[1]});
    }
  }
  s.geo = read_geographic(root);
  if (g.has("runup")) {
    auto read_runup = [&s](const Config& r, const std::string& name) {
      GaugeSettings::Runup u;
      u.name = name;
      const auto xy = read_point(r, "point");
      u.x = xy[0];
      u.y = xy[1];
      u.radius = r.get_double_in("radius", 0, 1e300);
      u.min_depth = r.get_double_in("min_depth", 0, 1e300, 1e-3);
      if (r.has("observed")) u.observed = r.get_double_in("observed", 0, 1e4);
      u.stage = r.get_choice("measure", {"ground", "surface"}, "ground") == "surface";
      s.runups.push_back(u);
    };
    const Config r = g.table("runup");
    s.runup_named = !r.has("point");
    if (!s.runup_named) {
      read_runup(r, "runup");
    } else {
      for (const std::string& name : r.keys()) read_runup(r.table(name), name);
      if (s.runups.empty()) r.error("point", "give point = [x, y] or [gauges.runup.NAME] tables");
    }
  }
  if (g.has("survey")) {
    s.survey = read_survey_settings(g.table("survey"), root);
    s.survey_first = s.runups.size();
    const SurveySettings& sv = *s.survey;
    for (int shifted = 0; shifted < (sv.offsets.empty() ? 1 : 2); ++shifted)
      for (const SurveyPoint& p : sv.points) {
        GaugeSettings::Runup u;
        u.name = p.name;
        u.x = p.x;
        u.y = p.y;
        if (shifted)
          if (const auto o = sv.offsets.find(p.team); o != sv.offsets.end()) {
            u.x += o->second[0];
            u.y += o->second[1];
          }
        u.radius = sv.radius;
        u.min_depth = sv.min_depth;
        u.observed = p.observed;
        u.stage = true;
        s.runups.push_back(u);
      }
  }
  // The run-up points share few tracking rules (kernels/water_maxima.hpp): refused past the
  // kernels' fixed number, which no case has come near.
  if (distinct_rules(s).size() > std::size_t(kMaxReachRules))
    g.error("runup",
            "the run-up points have more than " + std::to_string(kMaxReachRules) +
                " distinct (min_depth, measure) pairs; give them fewer distinct min_depth values");
  if (g.has("measured")) {
    const Config m = g.table("measured");
    s.time_column = m.get_string("time");
    s.scale = m.get_double("scale", 1.0);
    s.from = m.get_double("from", 0.0);
    s.until = m.get_double("until", std::numeric_limits<double>::infinity());
    for (const std::string& key : m.keys()) {
      if (key == "file" || key == "time" || key == "scale" || key == "from" || key == "until")
        continue;
      const bool known = std::any_of(s.points.begin(), s.points.end(),
                                     [&](const GaugeSettings::Point& p) { return p.name == key; });
      if (!known) m.error(key, "names no gauge of [gauges.points]");
      s.columns.emplace_back(key, m.get_string(key));
    }
    // The records are read now, so that a missing file or column ends the run before its
    // first step rather than after its last.
    s.measured = read_columns(root.case_relative(m.get_string("file")), 2);
    s.measured->column(s.time_column);
    for (const auto& gc : s.columns) s.measured->column(gc.second);
  }
  return s;
}

MaximaRule gauge_maxima_rule(const GaugeSettings& s) {
  MaximaRule r;
  r.arrival_level = s.arrival_level;
  r.arrival_threshold = s.arrival_threshold;
  const std::vector<ReachRule> rules = distinct_rules(s);
  if (rules.size() > std::size_t(kMaxReachRules))
    fail(ExitCode::internal, "more run-up rules than the maxima track");
  r.n_reach = int(rules.size());
  std::copy(rules.begin(), rules.end(), r.reach);
  return r;
}

int reach_rule_of(const MaximaRule& rule, const GaugeSettings::Runup& u) {
  for (int i = 0; i < rule.n_reach; ++i)
    if (same_rule(rule.reach[i], u)) return i;
  fail(ExitCode::internal, "run-up point '" + u.name + "' has no tracking rule");
}

} // namespace tridg
