#include "tsunami/gauge_model.hpp"

#include <algorithm>

#include "core/basis.hpp"
#include "core/cell_mean.hpp"

namespace tridg {

namespace {

double coefficient_mean(const OwnedState& c, int np, int v, int k) {
  return cell_mean(c(std::size_t(v) * std::size_t(np), k));
}

} // namespace

SwPointValue SwGaugeModel::point(const OwnedState& c, int k, double r, double s) const {
  return sw_point_value(ph_, *bed_, c, k, r, s);
}

GaugeCell SwGaugeModel::cell(const OwnedState& c, int k) const {
  const int np = modes();
  GaugeCell g;
  const double h = coefficient_mean(c, np, 0, k);
  const SwCell<double> cell =
      bed_->cell(ph_, k, h, coefficient_mean(c, np, 1, k), coefficient_mean(c, np, 2, k));
  g.wet = h > ph_.dry_depth;
  g.depth = h;
  g.level = cell.level;
  // A wet cell is under water up to its highest point; a shore cell up to its level.
  g.ground = cell.kind == sw_wet ? bed_->max_at_points(k) : cell.level;
  return g;
}

double LswGaugeModel::bed_mean(int k) const {
  return -cell_mean(depth_->modes()[std::size_t(k)]); // mode 0 of H comes first, [np][E]
}

SwPointValue LswGaugeModel::point(const OwnedState& c, int k, double r, double s) const {
  const int np = modes();
  const auto phi = dubiner(depth_->order(), r, s);
  double eta = 0, hu = 0, hv = 0;
  for (int j = 0; j < np; ++j) {
    eta += c(std::size_t(j), k) * phi[j].phi;
    hu += c(std::size_t(np + j), k) * phi[j].phi;
    hv += c(std::size_t(2 * np + j), k) * phi[j].phi;
  }
  SwPointValue out;
  const double H = depth_->at(k, r, s);
  out.b = -H;
  out.eta = eta;
  // The linear model's velocity is the discharge over the still depth.
  out.h = H + eta;
  out.u = hu / H;
  out.v = hv / H;
  out.wet = true;
  return out;
}

GaugeCell LswGaugeModel::cell(const OwnedState& c, int k) const {
  GaugeCell g;
  g.wet = true;
  g.level = coefficient_mean(c, modes(), 0, k);
  g.ground = bed_mean(k);
  g.depth = g.level - g.ground;
  return g;
}

} // namespace tridg
