#pragma once
// Gauges of a shallow-water run, from the case's [gauges] table (tsunami/gauge_settings.hpp):
// the water level at named points every `interval` (gauges.csv, gauges.h5), the highest level
// and depth each element reached and when the wave first arrived there (max_inundation.h5), the
// run-up near named points and survey points (tsunami/runup.hpp), and the comparison with
// measured records (gauges_summary.json and the log).
//
// The gauges' points are sampled at exact times through the run driver's observer hook, which
// reads back only the few elements that hold them. The maxima, arrival times and run-up are not
// taken from those samples: the backend tracks them per element after every step (every macro
// step of local time stepping; kernels/water_maxima.hpp), so a crest that passes between two
// samples still counts, and they come back once, at the end. They are not part of checkpoints:
// a restarted run's maxima cover the run from its restart on.
#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/element_maxima.hpp"
#include "io/atomic_file.hpp"
#include "io/mesh.hpp"
#include "solver/problem.hpp"
#include "tsunami/gauge_model.hpp"
#include "tsunami/gauge_settings.hpp"
#include "tsunami/runup.hpp"

namespace tridg {

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
  const std::vector<std::int32_t>& sampled_elements() const override { return sampled_; }
  std::optional<MaximaRule> maxima_rule() const override { return rule_; }
  void observe(const OwnedState& state, double t, std::int64_t step) override;
  void finish(const OwnedState& state, const ElementMaxima& maxima, double t,
              std::int64_t step) override;

  const std::vector<double>& times() const { return t_; }
  const std::vector<double>& levels(std::size_t gauge) const { return eta_[gauge]; }
  // After finish: the run-up of the first (or only) run-up point, or of the one named; -inf
  // when no water reached it (or no such point).
  double runup() const {
    return runup_.empty() ? -std::numeric_limits<double>::infinity() : runup_[0].value;
  }
  double runup(const std::string& name) const;
  // On rank 0 (the only one with the series and run-ups of several ranks after finish):
  const std::vector<GaugeComparison>& comparisons() const { return cmp_; }

private:
  void sample_gauges(const OwnedState& c);
  void write_maxima(const ElementMaxima& mx); // max_inundation.h5; collective
  void compare();
  // runup_survey*.csv, the log and `summary`.
  void report_survey(nlohmann::ordered_json& summary) const;
  GaugeSettings s_;
  const Mesh& mesh_;
  std::shared_ptr<const GaugeModel> model_;
  std::string dir_;
  std::vector<int> elem_;
  std::vector<std::int32_t> sampled_; // the gauges' elements this process found
  std::vector<std::array<double, 2>> ref_;
  MaximaRule rule_;
  RunupPoints runup_points_;
  std::vector<RunupResult> runup_;
  std::vector<double> t_;
  std::vector<std::vector<double>> eta_, h_, u_, v_;
  std::vector<GaugeComparison> cmp_;
  std::FILE* csv_ = nullptr;
  std::unique_ptr<TempFile> csv_tmp_; // gauges.csv is renamed into place by finish()
  bool finished_ = false;
};

} // namespace tridg
