#pragma once
// The [gauges] table of a case: the gauges, run-up points and survey, the arrival rule and the
// measured records; and what the backend is asked to track for them after every step
// (kernels/water_maxima.hpp).
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/config.hpp"
#include "io/time_series.hpp"
#include "kernels/water_maxima.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "tsunami/survey.hpp"

namespace tridg {

struct GaugeSettings {
  double interval = 0;
  struct Point {
    std::string name;
    double x = 0, y = 0;
  };
  std::vector<Point> points;
  bool hdf5 = true;
  // Arrival: the first time (after a step) at which an element's water level rises more than
  // `arrival_threshold` above `arrival_level` (the still water level).
  double arrival_threshold = 0.01, arrival_level = 0;
  // Run-up: the highest elevation reached by water of at least min_depth within `radius` of a
  // point (on a geographic mesh the radius is in metres, along great circles). `named`: given
  // as [gauges.runup.NAME] tables rather than one `runup = {...}`.
  // `stage`: the highest water surface over such water instead of the highest ground it
  // covered (survey points, which hold run-up and flow heights alike; `measure = "surface"`).
  struct Runup {
    std::string name;
    double x = 0, y = 0, radius = 0, min_depth = 1e-3;
    double observed = std::numeric_limits<double>::quiet_NaN(); // a surveyed run-up [m]
    bool stage = false;
  };
  std::vector<Runup> runups;
  bool runup_named = false;
  // [gauges.survey]: its points are runups[survey_first, + n), then, when the survey has
  // offsets, the same points shifted, runups[survey_first + n, + n).
  std::optional<SurveySettings> survey;
  std::size_t survey_first = 0;
  Geographic geo;
  // Measured records, read with the case: their columns (times in `time_column`) times
  // `scale`, compared over [from, until]; `columns` maps gauge names to column names.
  std::optional<Columns> measured;
  std::string time_column;
  double scale = 1, from = 0, until = std::numeric_limits<double>::infinity();
  std::vector<std::pair<std::string, std::string>> columns;
};

// Reads [gauges] (relative file names are relative to the case file). Throws UserError.
GaugeSettings read_gauge_settings(const Config& gauges, const Config& root);

// The per-element maxima the gauges need: the arrival rule, and one reach rule per distinct
// (min_depth, measure) among the run-up points, which share them; read_gauge_settings refuses
// more than kMaxReachRules.
MaximaRule gauge_maxima_rule(const GaugeSettings& s);
// The rule of run-up point u in `rule`.
int reach_rule_of(const MaximaRule& rule, const GaugeSettings::Runup& u);

} // namespace tridg
