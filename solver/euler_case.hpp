#pragma once
#include "io/config.hpp"
#include "io/mesh.hpp"
#include "kernels/euler_physics.hpp"
#include "solver/problem.hpp"

namespace tridg {

// Reads [physics], [initial] and [boundary.*] of an Euler case.
EulerPhysics<double> read_euler_physics(const Config& cfg);
Problem<4> make_euler_problem(const Config& cfg, const Mesh& mesh, int order,
                              const EulerPhysics<double>& phys);

} // namespace tridg
