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
    m_ = element_maxima_start(rule, std::size_t(n));
    n_owned_ = n_owned;
    on_ = true;
  }
  bool on() const { return on_; }

  // Takes state U at time t into the maxima (nothing while off).
  template <int P, class Phys>
  void track(const Phys& phys, const MeshView<double>& m, const StateView<double>& U, double t) {
    if constexpr (Phys::has_water_cell) {
      if (!on_) return;
      const MaximaView v = view();
      const MaximaRule r = m_.rule;
#pragma omp parallel for schedule(static)
      for (int k = 0; k < n_owned_; ++k) track_element_water<P>(phys, m, U, r, v, k, t);
    }
  }

  // The arrays, every column of the n elements (index: the caller's).
  void get(ElementMaxima& out) const {
    if (!on_) fail(ExitCode::internal, "maxima read back before they were started");
    out = m_;
  }
  std::size_t bytes() const {
    return (m_.level.size() + m_.depth.size() + m_.arrival.size() + m_.reach.size() +
            m_.reach_time.size()) *
           sizeof(double);
  }

private:
  MaximaView view() {
    return {int(m_.n),         m_.level.data(), m_.depth.data(),
            m_.arrival.data(), m_.reach.data(), m_.reach_time.data()};
  }
  ElementMaxima m_; // index stays null: every column is the element of its number
  int n_owned_ = 0;
  bool on_ = false;
};

} // namespace tridg
