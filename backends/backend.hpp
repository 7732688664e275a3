#pragma once
// The interface between the host-driven time loop (solver/) and a backend that owns the state and
// runs the kernels (OpenMP on the host, or CUDA). Everything crossing it is in double precision
// and host memory; a backend converts to its own precision and memory once.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "backends/element_maxima.hpp"
#include "backends/halo.hpp"
#include "backends/implicit/implicit_params.hpp"
#include "backends/lts/lts_params.hpp"
#include "core/dg_basis_tables.hpp"
#include "core/scheme_state.hpp"
#include "kernels/boundary.hpp"
#include "kernels/dg_limiter.hpp"
#include "kernels/dg_views.hpp"

namespace tridg {

// Mesh arrays in the layout of MeshView, on the host.
struct MeshArrays {
  int n_elems = 0, n_edges = 0, n_bedges = 0;
  std::vector<double> geom, edge_geom, bnd_xy;
  std::vector<int> elem_face, edge_elem;
  std::vector<unsigned char> edge_side;
  // Vertices of each element and the elements around each vertex (vertex-based limiter).
  int n_nodes = 0;
  std::vector<int> elem_node, node_elem_start, node_elem;
  // Physics-specific fixed data (MeshView::aux, MeshView::edge_aux).
  int n_aux = 0, n_edge_aux = 0;
  std::vector<double> aux, edge_aux;
};

// A Runge-Kutta scheme as a list of stages. The first stage reads the step-start state u0, every
// stage writes the next state (in place after the first), and the step ends by swapping the two,
// so the last good state survives a blow-up. Boundary data are evaluated at t + c dt.
struct StageDef {
  StageCoeffs<double> k;
  double c = 0;
};

// The interfaces below are keyed by the type of a physics' boundary groups in double, `Bc` (its
// Boundary<double>, BoundaryParams<double, Cond>), not by the number of variables: two physics
// with as many variables have conditions of their own.
template <class Phys> using HostBoundary = typename Phys::template Boundary<double>;

template <class Bc> struct BackendConfig {
  int order = 1;
  std::vector<StageDef> stages;
  LimiterParams<double> limiter;
  double cfl_factor = 0.5; // dt = cfl_factor / max(wave speed / inscribed radius)
  double fixed_dt = 0;     // > 0: use this dt instead of the CFL condition
  std::vector<Bc> boundaries;
  // Per boundary: states per edge point, [M][NF][count] (per_point), or a physics' own data
  // (a water level's time series); empty for the others.
  std::vector<std::vector<double>> bc_tables;
  bool single_precision = false;
  // CPU backend, for testing: > 0 visits elements and edges in an order shuffled with this seed
  // (results must not change: no element or edge may read what another writes in the same pass).
  std::uint64_t visit_seed = 0;
  // For testing: false runs the positivity fix as a pass of its own after each stage even where
  // the element stage could run it (the bits must not change).
  bool limit_in_stage = true;
  // CUDA backend, for benchmarks: false launches the captured step's kernels one after the other
  // without programmatic dependent launch (backends/cuda/step_launch.cuh).
  bool overlap_launches = true;
  // CUDA backend on a part of a partitioned mesh; both on by default, off for benchmarks that
  // measure what each gives: the ghosts' stream at the highest priority (its small launches
  // are not queued behind the local work's blocks), and the next step's first launches (the
  // pack and the local edges, which need no dt) made before the host waits for the time-step
  // rate's reduction over the ranks.
  bool halo_priority = true;
  bool overlap_rate = true;
  // ... and the pack of the rows the neighbours need, with its copy to the host, on the ghosts'
  // stream, so that the local edges start without waiting for the copy.
  bool pack_aside = true;
  // One part of a partitioned mesh (parallel/): the local ranges and the exchange of ghosts.
  // Null for a whole mesh.
  std::shared_ptr<const HaloLayout> halo;
  // The implicit schemes' settings (scheme none: the explicit stages above).
  ImplicitParams implicit;
  // Local time stepping of the explicit stages (max_levels 0: one step for all elements).
  LtsParams lts;
};

struct StepStatus {
  double t = 0;
  // The step the stability limit (or time.dt) allows from the state reached, whatever target the
  // next step is clipped to: a chunk that ends on a sample time has no next step of its own.
  double dt = 0;
  std::int64_t steps = 0;
  bool blew_up = false;  // a non-finite or inadmissible cell average appeared
  bool finished = false; // the backend reached the end itself (a converged steady solve)
  std::string failure; // non-empty: the step failed (an implicit solve); the state is the last good
};

template <class Bc> class Backend {
public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  // Coefficients C[var][mode][elem] in double.
  virtual void set_state(const std::vector<double>& c) = 0;
  virtual void get_state(std::vector<double>& c) = 0;
  // The state for a writer: on one process get_state's; on several ranks the whole state on
  // rank 0 and nothing (an empty vector) on the others, so that no other rank holds it.
  virtual void gather_state(std::vector<double>& c) { get_state(c); }
  // The coefficients of those of `elems` (whole-mesh elements) that this process owns, as the
  // columns of `c` in the list's order, C[row][i]; owned[i] says whether elems[i] is this
  // process's (its column is zero where not). For readers of a few elements (gauges at every
  // sample), which then need neither the whole state nor a gather over the ranks.
  virtual void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                            std::vector<char>& owned) = 0;
  // Per-element maxima of the water (kernels/water_maxima.hpp, for gauges): from this call on
  // the backend takes the state into them after every step (every macro step of local time
  // stepping), starting with the current state at the current time; only physics with water
  // (Phys::has_water_cell) have them. On several ranks each tracks the elements it owns.
  virtual void start_maxima(const MaximaRule& rule) = 0;
  // Takes the current state into the maxima once more, at the current time: after the run
  // loop changed the state or the bed between steps (set_state, set_aux).
  virtual void sample_maxima() = 0;
  // The maxima of the elements this process owns (ElementMaxima::index).
  virtual void get_maxima(ElementMaxima& m) = 0;
  // Time and step counter; recomputes the next dt from the current state.
  virtual void set_time(double t, std::int64_t steps) = 0;
  // Boundary parameters that change during a run (a water level read from a time series).
  virtual void set_boundary(int index, const Bc& bc) = 0;
  // Replaces the physics' fixed data (MeshArrays::aux and edge_aux, of the sizes the backend was
  // made with): a bed that an earthquake moves during the run.
  virtual void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) = 0;
  // Applies the limiter and positivity fix to the current state (after projection or restart).
  virtual void limit() = 0;
  // Advances at most `max_steps` steps, never beyond t_target, which it hits exactly. Stops
  // early on blow-up, keeping the last good state in the step-start buffer.
  virtual StepStatus advance(std::int64_t max_steps, double t_target) = 0;
  // Device memory (or host memory for the CPU backend) the state and mesh arrays take, bytes.
  virtual std::size_t memory_bytes() const = 0;
  // Milliseconds per kernel kind over the last advance() (only when profiling is enabled).
  virtual std::vector<std::pair<std::string, double>> kernel_times() const { return {}; }
  virtual void enable_profiling(bool) {}
  // What the progress line adds (iterations and residuals of the implicit schemes).
  virtual std::string progress_note() const { return {}; }
  // Counters for summary.json's "solver" entry.
  virtual std::vector<std::pair<std::string, double>> solver_stats() const { return {}; }
  // The time scheme's history that goes with the state get_state() returns (core/scheme_state.hpp).
  virtual SchemeState scheme_state() const { return {}; }
  // Takes the history written with a restart's state (after set_state). Returns why it cannot
  // (arrays of the wrong size), or an empty string; a history of another scheme is ignored.
  virtual std::string set_scheme_state(const SchemeState&) { return {}; }
};

} // namespace tridg
