#pragma once
// Host side of the still depth H = -b of linearised shallow water: its projection, the data the
// kernels read (physics/linear_shallow_water/depth_layout.hpp) and the check that H > 0.
#include <optional>
#include <vector>

#include "backends/backend.hpp"
#include "io/mesh.hpp"
#include "physics/linear_shallow_water/depth_layout.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "physics/shallow_water/geographic.hpp"

namespace tridg {

class LswDepth {
public:
  // Projects H = -b onto the degree-p basis (rule of degree 2p + 2) and evaluates what the
  // kernels need. A point with H <= 0 (of the bathymetry where it is sampled, or of the
  // projection at the kernels' points) is recorded in dry().
  // On a geographic mesh the metric rows are added (with the Coriolis parameter).
  LswDepth(const Mesh& mesh, int p, const Bathymetry& b, const Geographic& geo = {});

  struct DryPoint {
    double x, y, depth;
  };
  const std::optional<DryPoint>& dry() const { return dry_; }
  double max_depth() const { return h_max_; }
  double min_depth() const { return h_min_; }
  int order() const { return p_; }
  const LswAuxLayout& layout() const { return L_; }
  const std::vector<double>& modes() const { return modes_; } // [np][E]
  double at(int k, double r, double s) const;                 // H at a reference point
  void fill(MeshArrays& a) const;

private:
  int p_, E_;
  LswAuxLayout L_;
  Geographic geo_;
  std::vector<double> modes_, aux_, edge_aux_;
  double h_max_ = 0, h_min_ = 0;
  std::optional<DryPoint> dry_;
};

} // namespace tridg
