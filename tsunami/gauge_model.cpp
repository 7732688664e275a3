#include "tsunami/gauge_model.hpp"

#include "core/basis.hpp"
#include "core/cell_mean.hpp"

namespace tridg {

SwPointValue SwGaugeModel::point(const OwnedState& c, int k, double r, double s) const {
  return sw_point_value(ph_, *bed_, c, k, r, s);
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

} // namespace tridg
