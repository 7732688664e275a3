#pragma once
// What gauges read of a run's state on the host, whichever shallow-water model it is: the water
// at a point and the bed. Shallow water reads its wet, shore and dry cells (SwGaugeModel);
// linear shallow water its surface over the still depth (LswGaugeModel), which is never dry, so
// it has no run-up. A cell's water for the maxima is the physics' water_cell hook, which the
// backends evaluate (kernels/water_maxima.hpp).
#include <memory>

#include "backends/backend.hpp"
#include "physics/linear_shallow_water/depth.hpp"
#include "physics/shallow_water/bed.hpp"
#include "physics/shallow_water/state.hpp"

namespace tridg {

class GaugeModel {
public:
  virtual ~GaugeModel() = default;
  virtual int modes() const = 0;      // coefficients per variable and element
  virtual bool has_runup() const = 0; // whether water reaches land (wetting and drying)
  virtual double bed_mean(int k) const = 0;
  virtual SwPointValue point(const OwnedState& c, int k, double r, double s) const = 0;
};

class SwGaugeModel final : public GaugeModel {
public:
  SwGaugeModel(std::shared_ptr<const SwBed> bed, const SwSettings<double>& ph)
      : bed_(std::move(bed)), ph_(ph) {}
  // The bed after an earthquake's later subfaults moved it (rupture times).
  void set_bed(std::shared_ptr<const SwBed> bed) { bed_ = std::move(bed); }
  int modes() const override { return bed_->layout().np; }
  bool has_runup() const override { return true; }
  double bed_mean(int k) const override { return bed_->mean(k); }
  SwPointValue point(const OwnedState& c, int k, double r, double s) const override;

private:
  std::shared_ptr<const SwBed> bed_;
  SwSettings<double> ph_;
};

class LswGaugeModel final : public GaugeModel {
public:
  explicit LswGaugeModel(std::shared_ptr<const LswDepth> depth) : depth_(std::move(depth)) {}
  int modes() const override { return depth_->layout().np; }
  bool has_runup() const override { return false; }
  double bed_mean(int k) const override;
  SwPointValue point(const OwnedState& c, int k, double r, double s) const override;

private:
  std::shared_ptr<const LswDepth> depth_;
};

} // namespace tridg
