#pragma once
#include "backends/backend.hpp"

namespace tridg {

// Basis values and weighted gradients at the volume points (rule of degree 2p) and at the
// (p+1)-point Gauss rule on each side, as the kernels consume them.
BasisTables make_basis_tables(int p);

// The reference coordinates (r, s) of point t in [0,1] along local side `side` (the side's own
// counter-clockwise direction).
void side_point(int side, double t, double& r, double& s);

} // namespace tridg
