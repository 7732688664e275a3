#pragma once
// The fields a physics adds to the conserved variables in every output (velocity, pressure,
// Mach number, water surface...), and fixed per-element data it wants stored (bathymetry).
//
// The run driver calls output_fields(phys, problem, mesh) unqualified, so a physics provides
// its own overload next to its physics type (found by argument-dependent lookup); physics
// without one get no derived fields from the generic template below. For shallow water:
//
//   DerivedFields output_fields(const ShallowWaterPhysics<double>& phys, const Problem<3>& pb,
//                               const Mesh& mesh) {
//     return shallow_water_output_fields(<element averages of b>, phys.dry_depth);
//   }
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "io/mesh.hpp"
#include "kernels/euler_physics.hpp"
#include "solver/problem.hpp"

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

// Velocity u, v, pressure p and Mach number of an ideal gas.
DerivedFields euler_output_fields(double gamma);

// Shallow water (h, hu, hv): velocity u, v (0 where h <= dry_depth) and the water surface
// eta = h + b, with b the element averages of the bed elevation, which are also written as
// solution/bathymetry and shown as the field "bathymetry".
DerivedFields shallow_water_output_fields(std::vector<double> bathymetry_average, double dry_depth);

inline DerivedFields output_fields(const EulerPhysics<double>& phys, const Problem<4>&,
                                   const Mesh&) {
  return euler_output_fields(phys.gamma);
}

// Physics without an overload of their own.
template <class Phys, int M>
DerivedFields output_fields(const Phys&, const Problem<M>&, const Mesh&) {
  return {};
}

} // namespace tridg
