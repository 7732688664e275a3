#pragma once
// A regular longitude-latitude (or x-y) grid of named fields: what `tridg maps` resamples a
// run's per-element maxima onto, and what it writes as CF-NetCDF and draws as a map.
#include <string>
#include <vector>

namespace tridg {

struct MapField {
  std::string name, long_name, units;
  std::vector<double> values; // [ny][nx], NaN where there is no value
};

struct MapGrid {
  bool geographic = true; // longitude/latitude in degrees, else x/y in metres
  double x0 = 0, y0 = 0, dx = 1, dy = 1;
  int nx = 0, ny = 0;
  std::vector<MapField> fields;
  std::string title, history;
  const MapField* field(const std::string& name) const;
};

// Writes CF-1.8 NetCDF (dimensions lat, lon or y, x; coordinate variables; each field a
// double variable with _FillValue NaN, units and long_name), to a temporary file renamed into
// place. UserError(io_error) on failure; UserError(bad_case) in a build without NetCDF.
void write_map_netcdf(const MapGrid& g, const std::string& path);

// Reads what write_map_netcdf wrote (for `tridg plot`). UserError(bad_case) names the file.
MapGrid read_map_netcdf(const std::string& path);

} // namespace tridg
