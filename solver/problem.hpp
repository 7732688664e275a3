#pragma once
// What a physics' case set-up hands to the run driver: initial and exact solutions, boundary
// conditions bound to the mesh's groups, and the names of the variables.
#include <functional>
#include <string>
#include <vector>

#include "kernels/backend.hpp"
#include "solver/projection.hpp"

namespace tridg {

// State-valued function of position and time.
using SpaceTimeFunction = std::function<void(double x, double y, double t, double* u)>;

template <int M> struct Problem {
  std::vector<std::string> var_names; // conserved variables
  PointFunction initial;              // conserved state at t = 0
  SpaceTimeFunction exact;            // empty when no exact solution is known
  std::vector<BoundaryParams<double, M>> boundaries;
  std::vector<std::vector<double>> bc_tables;
};

} // namespace tridg
