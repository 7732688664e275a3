#pragma once
// Host side of the shallow-water discretisation: the bed as the kernels see it (the aux and
// edge_aux rows of physics/shallow_water/bed_layout.hpp), the well-balanced initial state, and the
// evaluation of a state at a point with the kernels' wet/dry interpretation.
#include <functional>
#include <memory>
#include <vector>

#include "backends/backend.hpp"
#include "core/dg_basis_tables.hpp"
#include "core/owned_state.hpp"
#include "io/mesh.hpp"
#include "physics/shallow_water/bathymetry.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "physics/shallow_water/shallow_water.hpp"

namespace tridg {

// The weights of the positivity decomposition of order p: a cell mean equals
// theta * sum over edge points (s, q) of w_q h(s, q) + sum over volume points of lambda_q h(x_q)
// for every polynomial of degree p, with lambda_q >= 0. Zhang-Shu's argument then keeps the mean
// depth >= 0 for dt * (wave speed) * edge length / area <= theta.
struct SwSampleRule {
  double theta = 0;
  std::vector<double> lambda; // [nq]
};
SwSampleRule sw_sample_rule(const BasisTables& t);

// Largest time.cfl (the driver's dt = cfl / (2p + 1) * r / speed per SSP stage) for which the
// positivity condition holds on any triangle: theta_p (2p + 1).
double sw_positivity_cfl(int p);

struct Coriolis {
  double f0 = 0, beta = 0, y0 = 0; // f = f0 + beta (y - y0)
  bool on() const { return f0 != 0 || beta != 0; }
};

class SwBed {
public:
  // Projects the bed onto the degree-p basis (rule of degree 2p + 2) and precomputes the kernels'
  // data; g enters the bed-only terms of the lake at rest. On a geographic mesh the metric rows
  // are added and the Coriolis parameter is 2 Omega sin(lat) (`cor` is not used).
  SwBed(const Mesh& mesh, int p, const Bathymetry& b, double g, const Coriolis& cor = {},
        const Geographic& geo = {});

  int order() const { return p_; }
  const SwAuxLayout& layout() const { return L_; }
  // Computes the kernels' bed data (the aux and edge_aux rows) into the mesh arrays the backend
  // is built from; they are not kept here, where only the bed's modes stay.
  void fill(MeshArrays& a) const;

  double mean(int k) const;                   // cell mean of the bed
  double at(int k, double r, double s) const; // bed polynomial at a reference point
  double max_at_points(int k) const;          // highest bed value at the kernels' points
  const std::vector<double>& modes() const { return modes_; } // [np][E]

  // The kernels' wet/dry state of element k from its mean (h, hu, hv).
  SwCell<double> cell(const SwSettings<double>& ph, int k, double h, double hu, double hv) const;

private:
  // The sample values of an element sorted upwards, the prefix sums of their weights and of
  // weight times bed, and the depth above which the element is wet (the layout's rows).
  void sorted_samples(const std::vector<double>& bv, double* sorted, double* cum_w, double* cum_wb,
                      double& wet_depth) const;

  const Mesh& mesh_;
  int p_, E_;
  double g_;
  Coriolis cor_;
  Geographic geo_;
  BasisTables t_;
  SwAuxLayout L_;
  std::vector<double> sample_w_; // the positivity weights of the sample points
  std::vector<double> modes_;    // [np][E]
};

// The bed of the moment, which an earthquake's later subfaults replace at their rupture
// times; the outputs read it through this.
struct SwBedRef {
  std::shared_ptr<const SwBed> bed;
};

// An initial condition: the surface level eta(x, y) (depth max(0, eta - b)) or the depth h(x, y),
// and the velocity; every function thread-safe (expressions have a copy per thread).
struct SwInitial {
  bool level = true;
  std::function<double(double, double)> eta_or_h;
  // Added to the level (an earthquake's uplift). Empty: none.
  std::function<double(double, double)> level_offset;
  double level_at(double x, double y) const {
    return eta_or_h(x, y) + (level_offset ? level_offset(x, y) : 0.0);
  }
  std::function<double(double, double)> u, v;
};

// Coefficients C[var][mode][elem] of the initial state. With a level, cells that the surface
// covers at every point get h = P(eta) - b (so a flat surface is exactly at rest), the others the
// mean depth of their sample points at p = 0, which is the kernels' shore level of that surface.
// With a depth, the L2 projection.
std::vector<double> sw_initial_state(const Mesh& mesh, const SwBed& bed, const SwInitial& ini);

// The state at reference point (r, s) of element k as the kernels see it: for a shore cell a
// flat surface at its level; eta = b where the point is dry.
struct SwPointValue {
  double eta = 0, h = 0, u = 0, v = 0, b = 0;
  bool wet = false;
};
SwPointValue sw_point_value(const SwSettings<double>& ph, const SwBed& bed, const OwnedState& c,
                            int k, double r, double s);

// The first of this process's own elements (io/mesh.hpp) containing (x, y) and the reference
// coordinates there; -1 when none does.
int locate_point(const Mesh& mesh, double x, double y, double& r, double& s);

} // namespace tridg
