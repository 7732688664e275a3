#pragma once
// What a physics' case set-up hands to the run driver: initial and exact solutions, boundary
// conditions bound to the mesh's groups, and the names of the variables.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "core/owned_state.hpp"
#include "solver/projection.hpp"

namespace tridg {

// State-valued function of position and time.
using SpaceTimeFunction = std::function<void(double x, double y, double t, double* u)>;

// Samples a few elements of the state at its own times during a run and reads per-element
// maxima the backend tracked after every step (shallow water: gauges, maximum inundation).
// Every rank calls it with the elements it owns; an observer combines what the ranks found and
// rank 0 alone writes its files.
class RunObserver {
public:
  virtual ~RunObserver() = default;
  // The next time after t at which to observe (infinity: none); the run stops there exactly.
  virtual double next_time(double t) const = 0;
  // The whole-mesh elements whose coefficients observe() and finish() read: the state they get
  // holds those the process owns, and no others.
  virtual const std::vector<std::int32_t>& sampled_elements() const = 0;
  // What the backend is to track after every step for finish() (kernels/water_maxima.hpp);
  // none by default.
  virtual std::optional<MaximaRule> maxima_rule() const { return std::nullopt; }
  virtual void observe(const OwnedState& state, double t, std::int64_t step) = 0;
  // After the last step (also reached when the run ends at a time that was not a sample time),
  // with the maxima tracked since the run (or its restart) began; empty without maxima_rule().
  virtual void finish(const OwnedState& state, const ElementMaxima& maxima, double t,
                      std::int64_t step) = 0;
};

// Bc: the physics' boundary groups in double (backends/backend.hpp's HostBoundary).
template <class Bc> struct Problem {
  std::vector<std::string> var_names; // conserved variables
  PointFunction initial;              // conserved state at t = 0
  SpaceTimeFunction exact;            // empty when no exact solution is known
  std::vector<Bc> boundaries;
  std::vector<std::vector<double>> bc_tables;
  // Optional, physics-specific (all empty for Euler):
  std::function<void(MeshArrays&)> mesh_data;          // fills MeshArrays::aux / edge_aux
  std::function<std::vector<double>()> initial_coeffs; // replaces the projection of `initial`
  std::shared_ptr<RunObserver> observer;
  // The area element of the mesh's coordinates for the reported integrals (geographic meshes:
  // m^2 per square degree); empty: 1.
  std::function<double(double, double)> area;
  // Fixed data that change during the run (a bed that an earthquake's subfaults move at their
  // rupture times): at each of `event_times` (ascending, > 0) the driver stops exactly there,
  // lets `state_event` change the state (when set) and replaces the kernels' data by those of
  // `data_at(t)`, which also gives them at a restart's time.
  std::vector<double> event_times;
  std::function<void(double t, MeshArrays&)> data_at;
  std::function<void(double t, std::vector<double>& state)> state_event;
  std::string event_label = "the kernels' data changed"; // logged at each event
};

} // namespace tridg
