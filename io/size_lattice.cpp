#include "io/size_lattice.hpp"

#include <algorithm>

namespace tridg {

double SizeLattice::at(double lon, double lat) const {
  const double fx = std::clamp((lon - lon0) / dlon, 0.0, double(nlon - 1));
  const double fy = std::clamp((lat - lat0) / dlat, 0.0, double(nlat - 1));
  const int i = std::min(int(fx), nlon - 2), j = std::min(int(fy), nlat - 2);
  const double a = fx - i, b = fy - j;
  auto v = [&](int ii, int jj) { return metres[std::size_t(jj) * nlon + ii]; };
  return (1 - a) * (1 - b) * v(i, j) + a * (1 - b) * v(i + 1, j) + (1 - a) * b * v(i, j + 1) +
         a * b * v(i + 1, j + 1);
}

} // namespace tridg
