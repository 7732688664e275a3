#pragma once
#include <vector>

namespace tridg {

// Basis values at the quadrature, edge, vertex and view points, row-major, in double precision
// (backends/convert.hpp turns them into the kernels' DGTables).
struct BasisTables {
  int order = 0, n_modes = 0, n_vol = 0, n_face = 0;
  std::vector<double> vphi, vdr, vds, vw; // [NQ][NP] (vdr, vds weighted), [NQ]
  std::vector<double> fphi;               // [3][NF][NP]
  std::vector<double> ft, fw;             // [NF]
  std::vector<double> vtx;                // [3][NP] at the vertices (0,0), (1,0), (0,1)
  std::vector<double> vview;              // [NV][NP] at the view lattice (core/dg_tables.hpp)
};

// Basis values and weighted gradients at the volume points (rule of degree 2p) and at the
// (p+1)-point Gauss rule on each side, as the kernels consume them.
BasisTables make_basis_tables(int p);

// The reference coordinates (r, s) of point t in [0,1] along local side `side` (the side's own
// counter-clockwise direction).
void side_point(int side, double t, double& r, double& s);

} // namespace tridg
