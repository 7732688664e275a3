#pragma once
// Columns of numbers from a text file: whitespace- or comma-separated, header lines before the
// data (the last one names the columns when it has one name per column). Used for boundary water
// levels (t, eta) and measured gauge records.
#include <string>
#include <vector>

namespace tridg {

struct Columns {
  std::string source;
  std::vector<std::string> names;        // from the header; "" where there is none
  std::vector<std::vector<double>> data; // data[column][row]
  std::size_t rows() const { return data.empty() ? 0 : data[0].size(); }
  // Index of the column called `name`; throws UserError(bad_case) listing the names if absent.
  std::size_t column(const std::string& name) const;
};

// Reads every column; all data lines must have the same number (>= min_columns) of values.
// Throws UserError(bad_case) naming the file and line.
Columns read_columns(const std::string& path, std::size_t min_columns = 1);

// Linear interpolation of the samples (t, v) at `time` (t increasing), the end values outside
// [t.front(), t.back()].
double interpolate_linear(const std::vector<double>& t, const std::vector<double>& v, double time);

// A time series (t, value) from the first two columns: times strictly increasing.
struct TimeSeries {
  std::vector<double> t, v;
  double operator()(double time) const { return interpolate_linear(t, v, time); }
};
TimeSeries read_time_series(const std::string& path);

} // namespace tridg
