#pragma once
// Run-up at named points from the per-element maxima the backend tracked after every step
// (kernels/water_maxima.hpp): a point's run-up is the highest reach of the elements within its
// radius (the highest over time and elements alike, as the two maxima commute), reported with
// the time it was first reached and the centre of the element that reached it. Of equal
// reaches the earliest wins, then the lowest whole-mesh element, so the answer does not depend
// on the ranks or threads, and is the one a scan of every step's elements in order finds.
#include <array>
#include <limits>
#include <vector>

#include "backends/element_maxima.hpp"
#include "io/mesh.hpp"
#include "tsunami/gauge_settings.hpp"

namespace tridg {

struct RunupResult {
  double value = -std::numeric_limits<double>::infinity(); // -inf: no water reached the point
  double t = 0;
  std::array<double, 2> at{0, 0};
};

class RunupPoints {
public:
  // The elements of `mesh` within each run-up point's radius, and each point's rule in `rule`
  // (gauge_maxima_rule of the same settings).
  RunupPoints(const GaugeSettings& s, const Mesh& mesh, const MaximaRule& rule);
  std::size_t size() const { return elems_.size(); }
  // Each point's run-up over the elements this process owns in `mx`, combined over the ranks:
  // the result on rank 0 (the others get theirs alone). Collective.
  std::vector<RunupResult> find(const ElementMaxima& mx) const;

private:
  const Mesh& mesh_;
  std::vector<std::vector<int>> elems_;
  std::vector<int> rule_of_;
};

} // namespace tridg
