#pragma once
// The per-element maxima of a backend whose state is in host memory (the OpenMP backend, its
// local time stepping, the implicit schemes): the arrays of kernels/water_maxima.hpp and the
// loop that takes a state into them. Each element's update is its own, so the threads' split
// does not change a bit.
#include <cstddef>
#include <string>
#include <vector>

#include "backends/element_maxima.hpp"
#include "io/error.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/water_maxima.hpp"

namespace tridg {

class HostMaxima {
public:
  // Starts the arrays anew for elements [0, n_owned) of n (the others are ghosts, which their
  // owners track). Physics without water have nothing to track.
  template <class Phys> void start(const MaximaRule& rule, int n, int n_owned) {
    if constexpr (!Phys::has_water_cell)
      fail(ExitCode::internal, "maxima of the water asked of a physics without water");
    rule_ = rule;
    n_ = n;
    n_owned_ = n_owned;
    const std::size_t E = std::size_t(n), R = std::size_t(rule.n_reach);
    level_.assign(E, maxima_start_level());
    depth_.assign(E, 0.0);
    arrival_.assign(E, maxima_start_level());
    reach_.assign(R * E, maxima_start_reach());
    reach_time_.assign(R * E, 0.0);
    on_ = true;
  }
  bool on() const { return on_; }

  // Takes state U at time t into the maxima (nothing while off).
  template <int P, class Phys>
  void track(const Phys& phys, const MeshView<double>& m, const StateView<double>& U, double t) {
    if constexpr (Phys::has_water_cell) {
      if (!on_) return;
      const MaximaView v = view();
      const MaximaRule r = rule_;
#pragma omp parallel for schedule(static)
      for (int k = 0; k < n_owned_; ++k) track_element_water<P>(phys, m, U, r, v, k, t);
    }
  }

  // The arrays, every column of the n elements (index: the caller's).
  void get(ElementMaxima& out) const {
    if (!on_) fail(ExitCode::internal, "maxima read back before they were started");
    out.rule = rule_;
    out.n = std::size_t(n_);
    out.level = level_;
    out.depth = depth_;
    out.arrival = arrival_;
    out.reach = reach_;
    out.reach_time = reach_time_;
    out.index = nullptr;
  }
  std::size_t bytes() const {
    return (level_.size() + depth_.size() + arrival_.size() + reach_.size() + reach_time_.size()) *
           sizeof(double);
  }

private:
  MaximaView view() {
    return {n_, level_.data(), depth_.data(), arrival_.data(), reach_.data(), reach_time_.data()};
  }
  MaximaRule rule_{};
  int n_ = 0, n_owned_ = 0;
  bool on_ = false;
  std::vector<double> level_, depth_, arrival_, reach_, reach_time_;
};

} // namespace tridg
