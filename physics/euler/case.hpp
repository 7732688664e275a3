#pragma once
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "physics/euler/euler.hpp"
#include "solver/problem.hpp"

namespace tridg {

// Reads [physics], [initial] and [boundary.*] of an Euler case.
IdealGas<double> read_euler_physics(const Config& cfg);
Problem<EulerBoundary<double>> make_euler_problem(const Config& cfg, const Mesh& mesh, int order,
                                                  const IdealGas<double>& phys);

} // namespace tridg
