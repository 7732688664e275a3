#pragma once
// A field given at the nodes of a regular longitude-latitude lattice (element sizes of a
// region mesh).
#include <vector>

namespace tridg {

// Element sizes [m] at the nodes of a regular longitude-latitude lattice (row-major, latitude
// slowest), bilinear in between.
struct SizeLattice {
  double lon0 = 0, lat0 = 0, dlon = 1, dlat = 1;
  int nlon = 0, nlat = 0;
  std::vector<double> metres;
  double at(double lon, double lat) const;
};

} // namespace tridg
