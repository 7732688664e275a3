#pragma once
// The fields a physics adds to the conserved variables in every output (velocity, pressure,
// Mach number, water surface...), and fixed per-element data it wants stored (bathymetry).
// Each physics builds its own (physics/<name>/output.hpp) and hands them to the run driver.
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tridg {

struct DerivedFields {
  std::vector<std::string> names;
  // Writes names.size() values for the conserved state u at point (x, y) of element k. Called
  // from several threads at once; must cope with non-physical states (last_good.h5) without
  // trapping (return 0 or NaN).
  std::function<void(int k, double x, double y, const double* u, double* out)> eval;
  // Fixed per-element values, written as solution/<name> and shown as a field.
  std::vector<std::pair<std::string, std::vector<double>>> cell_data;
};

} // namespace tridg
