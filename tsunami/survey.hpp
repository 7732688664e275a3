#pragma once
// Surveyed tsunami heights (run-up and flow heights measured after an event, by one or more
// teams) against a run's: [gauges.survey] in the case file. Each point's computed height is the
// highest water surface over wet ground within `radius` of it during the run; the agreement is
// Aida's K and kappa over all points and per team. A team's positions may be shifted by one
// documented constant (`offsets`): then both results are reported.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "io/config.hpp"
#include "tsunami/aida.hpp"

namespace tridg {

struct SurveyPoint {
  std::string team, name;
  double x = 0, y = 0; // longitude, latitude (or x, y on a plane)
  double observed = 0; // the surveyed height above the still level [m]
};

struct SurveySettings {
  std::string file;
  double radius = 0;    // search radius [m on a geographic mesh, else mesh units]
  double min_depth = 0; // wet ground: water at least this deep [m]
  std::map<std::string, std::array<double, 2>> offsets; // team -> [dx, dy] added to positions
  std::vector<SurveyPoint> points;
};

// Reads [gauges.survey]: file (CSV with a header naming at least team, name, the position as
// lon_deg and lat_deg (or lon and lat, or x and y) and the height as height_m (or observed)),
// radius, min_depth (default 0.01 m) and offsets = { team = [dx, dy] }. Relative file names are
// relative to the case file. Throws UserError(bad_case) naming the file and line.
SurveySettings read_survey_settings(const Config& t, const Config& root);

// The survey's rows. Throws UserError(bad_case) naming the file and line.
std::vector<SurveyPoint> read_survey(const std::string& path);

// Aida's fit of computed against observed over all points ("all") and per team.
std::map<std::string, AidaFit> survey_fits(const std::vector<SurveyPoint>& points,
                                           const std::vector<double>& computed);

} // namespace tridg
