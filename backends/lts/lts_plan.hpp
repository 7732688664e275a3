#pragma once
// Local time stepping: which elements take which step. Each element gets a level k whose step
// is 2^(L-k) times the finest step h, the largest power of two its own stable step allows; the
// levels of elements sharing a vertex differ by at most one, so that a coarse step is never
// next to a much finer one. The plan also lists, per level, what its stages visit: its
// elements, the elements of other levels its edges and limiter read (its ghosts), its boundary
// and interior edges, and for each edge between two levels the slot of the register where the
// two sides' time-integrated fluxes meet (backends/lts/lts_scheme.md has the scheme).
#include <cstdint>
#include <string>
#include <vector>

#include "backends/backend.hpp"
#include "backends/lts/lts_params.hpp"

namespace tridg {

// An interior edge a level's stages evaluate, and what that level does with the flux into the
// edge's register: nothing (both sides on the level), subtract it (the level is the coarse
// side, whose flux the fine side's replaces), or add it (the level is the fine side).
struct LtsEdge {
  int edge = 0;
  int slot = -1; // register slot, -1 for an edge within the level
  int sign = 0;  // -1 coarse side, +1 fine side, 0 within the level
};

struct LtsLevel {
  std::vector<int> elems, ghosts;
  std::vector<std::vector<int>> boundary_edges; // per boundary group of the backend's config
  std::vector<LtsEdge> edges;
  // Elements of this level that are the coarse side of a register edge: their new state gets
  // the register's correction at the end of their step.
  std::vector<int> corrected;
};

struct LtsPlan {
  int levels = 0;                 // L: the finest level; level k steps 2^(L-k) h
  double h_stable = 0;            // the finest step the rates allowed when the plan was made
  std::vector<std::int8_t> level; // per element
  std::vector<LtsLevel> by_level; // L + 1 entries
  int n_slots = 0;                // register slots (edges between levels)
  std::vector<int> slot_of_edge;  // per edge, -1 where both sides share a level
  bool empty() const { return by_level.empty(); }
  // Elements per level, for the log and summary.json.
  std::vector<std::int64_t> histogram() const;
  // The element evaluations one macro step costs, over those of global steps of h.
  double work_ratio() const;
};

// The mesh a plan is made for, its boundary groups ([first, first + count) each), and each
// element's neighbours: the elements that share a vertex or an edge with it (an edge alone
// where a periodic boundary joins two elements), ascending, in
// neighbours[neighbour_start[k], neighbour_start[k + 1]).
struct LtsMesh {
  const MeshArrays* mesh = nullptr;
  std::vector<std::pair<int, int>> boundary_groups;
  std::vector<int> neighbour_start, neighbours;
};

// The mesh with its neighbour lists (made once: each plan visits them three times).
LtsMesh make_lts_mesh(const MeshArrays& mesh, std::vector<std::pair<int, int>> boundary_groups);

// The plan from the current state: `rate[e]`, element e's CFL rate (wave speed over inscribed
// radius, 1/s), and `inv_length[e]`, 1 / its inscribed radius in metres (for the minimum speed).
// `span`: the time the macro steps are to fill between two stops of the run (outputs, samples),
// or infinity.
LtsPlan make_lts_plan(const LtsMesh& m, const LtsParams& p, double cfl_factor,
                      const std::vector<double>& rate, const std::vector<double>& inv_length,
                      double span);

// Whether each element's step in the plan is still within its stability limit for these rates
// (the headroom the plan was made with is what the rates may grow by).
bool lts_plan_holds(const LtsPlan& plan, const LtsParams& p, double cfl_factor,
                    const std::vector<double>& rate, const std::vector<double>& inv_length);

// The finest step of the next macro step from t: the largest that fits a whole number of macro
// steps into what is left to t_target, at most the plan's. `last`: this one ends on t_target.
struct LtsMacroStep {
  double h = 0;
  bool last = false;
};
LtsMacroStep lts_macro_step(const LtsPlan& plan, double t, double t_target);

// The level's histogram as text for the log ("L0 1234, L1 567, ...").
std::string lts_histogram_text(const LtsPlan& plan);

} // namespace tridg
