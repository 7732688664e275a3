#pragma once
// Gauges of a shallow-water run, from the case's [gauges] table: the water level at named points
// every `interval` (gauges.csv, gauges.h5), the highest level each element reached
// and when the wave first arrived there (max_inundation.h5), the run-up near named points, and the
// comparison with measured records (gauges_summary.json and the log). Sampling happens at exact
// times through the run driver's observer hook; maxima are over the samples.
#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "io/time_series.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "solver/problem.hpp"
#include "tsunami/gauge_model.hpp"
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
  // Arrival: the first sample at which an element's water level rises more than
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

// Per-gauge comparison with the measurements over the window.
struct GaugeComparison {
  std::string gauge;
  double rms = 0;
  double peak_measured = 0, t_peak_measured = 0, peak_computed = 0, t_peak_computed = 0;
};

class GaugeObserver final : public RunObserver {
public:
  GaugeObserver(GaugeSettings s, const Mesh& mesh, std::shared_ptr<const GaugeModel> model,
                std::string output_dir);
  ~GaugeObserver() override;
  double next_time(double t) const override;
  void observe(const OwnedState& state, double t, std::int64_t step) override;
  void finish(const OwnedState& state, double t, std::int64_t step) override;

  const std::vector<double>& times() const { return t_; }
  const std::vector<double>& levels(std::size_t gauge) const { return eta_[gauge]; }
  // The run-up of the first (or only) run-up point, or of the one named; -inf when no water
  // reached it (or no such point).
  double runup() const {
    return runup_.empty() ? -std::numeric_limits<double>::infinity() : runup_[0].value;
  }
  double runup(const std::string& name) const;
  // The maxima and arrival times of the elements this process owns (every element on one):
  const std::vector<double>& max_level() const { return max_eta_; } // per element (NaN: dry)
  const std::vector<double>& arrival() const { return arrival_; }   // per element (NaN: never)
  // On rank 0 (the only one with the series and run-ups of several ranks after finish):
  const std::vector<GaugeComparison>& comparisons() const { return cmp_; }

private:
  void sample_gauges(const OwnedState& c);
  void sample_runup(const OwnedState& c, double t); // after observe() has filled cells_
  void write_maxima(const OwnedState& c);           // max_inundation.h5; collective
  void compare();
  // runup_survey*.csv, the log and `summary`.
  void report_survey(nlohmann::ordered_json& summary) const;
  GaugeSettings s_;
  const Mesh& mesh_;
  std::shared_ptr<const GaugeModel> model_;
  std::string dir_;
  std::vector<int> elem_;
  std::vector<std::array<double, 2>> ref_;
  struct RunupState {
    std::vector<int> elems;
    double value = -std::numeric_limits<double>::infinity(), t = 0;
    std::array<double, 2> at{0, 0};
  };
  std::vector<RunupState> runup_;
  std::vector<double> t_;
  std::vector<std::vector<double>> eta_, h_, u_, v_;
  std::vector<double> max_eta_, max_h_, arrival_;
  std::vector<GaugeCell> cells_; // this sample's cells, of the elements this process owns
  std::vector<GaugeComparison> cmp_;
  std::FILE* csv_ = nullptr;
  std::unique_ptr<TempFile> csv_tmp_; // gauges.csv is renamed into place by finish()
  bool finished_ = false;
};

} // namespace tridg
