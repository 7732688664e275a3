#pragma once
// Where and when a run writes: snapshots at output times, the final state, the last good state
// on blow-up, and summary.json.
#include <string>
#include <vector>

#include "io/mesh.hpp"
#include "solver/run_driver.hpp"
#include "solver/run_settings.hpp"

namespace tridg {

class OutputWriter {
public:
  // Creates the output folder; an unwritable folder is an error before any work is done.
  OutputWriter(const RunSettings& s, const Mesh& mesh, std::string case_toml,
               std::vector<std::string> var_names, std::string physics, int order);
  // The next output time after t (infinity when only the final state is written).
  double next_time(double t) const;
  void write(const std::vector<double>& state, double t, std::int64_t step, bool final);
  std::string write_last_good(const std::vector<double>& state, double t, std::int64_t step);
  void summary(const RunResult& r, int elements, const std::string& backend, double loop_seconds);
  const std::vector<std::string>& written() const { return written_; }

private:
  std::string snapshot(const std::string& name, const std::vector<double>& state, double t,
                       std::int64_t step);
  const RunSettings& s_;
  const Mesh& mesh_;
  std::string case_toml_, physics_;
  std::vector<std::string> vars_;
  int order_;
  int index_ = 0;
  std::vector<std::string> written_;
};

} // namespace tridg
