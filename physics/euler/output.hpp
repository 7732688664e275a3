#pragma once
// The fields an Euler run adds to every output: velocity u, v, pressure p and Mach number.
#include "solver/output_fields.hpp"

namespace tridg {

DerivedFields euler_output_fields(double gamma);

} // namespace tridg
