#pragma once
// The shallow-water cases of the implicit schemes' tests (tests/test_implicit_shallow_water.cpp on
// the CPU, tests/gpu/test_gpu_implicit.cpp against the GPU): thin water under strong Manning
// friction, n = 0.05, at p = 1 with BDF2.
#include <string>

#include "test_support.hpp"

namespace tridg::test {

// A doubly periodic square with a uniform sheet of water 2 mm deep moving at (1, 0.5) m/s.
inline std::string sheet_case(double dt, double end) {
  return "[physics]\ntype = \"shallow_water\"\ng = 9.81\nmanning = 0.05\n"
         "[mesh]\nfile = \"" +
         source_path("meshes/prepared/isentropic_vortex.h5") +
         "\"\n[discretization]\norder = 1\nflux = \"hll\"\n"
         "[time]\nscheme = \"bdf2\"\ndt = " +
         std::to_string(dt) + "\nend = " + std::to_string(end) +
         "\n[implicit]\nnewton_tol = 1e-12\ngmres_tol = 1e-10\n"
         "[initial]\ntype = \"depth\"\nh = 0.002\nu = 1.0\nv = 0.5\n";
}

// The lake of cases/lake_at_rest.toml with its surface 5 cm above the bump's top.
inline std::string lake_case(double u0) {
  return "[physics]\ntype = \"shallow_water\"\ng = 9.81\nmanning = 0.05\n"
         "[mesh]\nfile = \"" +
         source_path("meshes/prepared/lake.h5") +
         "\"\n[discretization]\norder = 1\nflux = \"hll\"\n"
         "[time]\nscheme = \"bdf2\"\ndt = 0.02\nsteps = 25\n"
         "[bathymetry]\nelevation = \"-0.2 + 0.4 * exp(-20 * ((x - 0.5)^2 + (y - 0.5)^2))\"\n"
         "[initial]\ntype = \"level\"\neta = 0.25\nu = \"" +
         std::to_string(u0) + "\"\n[boundary.wall]\ntype = \"wall\"\n";
}

// A square (meshes/fixtures/square_41.msh, whose lines include x = 0.5) with a pond 1 cm deep
// on its left half and a dry plateau 5 cm high on its right, a small hump of water on the pond,
// solved for its steady state by `scheme` (steady or steady_rk). Every cell is either wet or dry
// at rest from the start, as the implicit schemes need (no partly wet cell).
inline std::string pond_case(const std::string& scheme) {
  return "[physics]\ntype = \"shallow_water\"\ng = 9.81\nmanning = 0.05\n"
         "[mesh]\nfile = \"" +
         source_path("meshes/fixtures/square_41.msh") +
         "\"\n[discretization]\norder = 1\nflux = \"hll\"\n"
         "[time]\nscheme = \"" +
         scheme +
         "\"\nsteps = 200000\n[implicit]\nsteady_tol = 1e-8\n"
         "[bathymetry]\nelevation = \"x < 0.5 ? -0.01 : 0.05\"\n"
         "[initial]\ntype = \"level\"\n"
         "eta = \"0.0001 * exp(-100 * ((x - 0.25)^2 + (y - 0.5)^2))\"\n"
         "[boundary.bottom]\ntype = \"wall\"\n[boundary.top]\ntype = \"wall\"\n"
         "[boundary.left]\ntype = \"wall\"\n[boundary.right]\ntype = \"wall\"\n";
}

} // namespace tridg::test
