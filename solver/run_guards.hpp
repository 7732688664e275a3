#pragma once
// Checks of a run's inputs before its first step and of its progress while it runs, so that
// non-physical or absurd input ends with a clear message instead of a run that never ends.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/dg_basis_tables.hpp"
#include "io/error.hpp"
#include "io/mesh.hpp"

namespace tridg {

// Largest magnitude a coefficient of a starting state may have.
inline constexpr double kMaxStateMagnitude = 1e100;

// The physics' test of a state (a cell average or a point value): true when admissible, else
// false with the reason in `why`, e.g. "pressure -3 is not positive" (built from the physics' own
// admissible() and positive quantities: run_driver_impl.hpp).
using Admissibility = std::function<bool(const double* mean, std::string& why)>;

// Checks a state C[var][mode][elem] before the first step: every coefficient finite and at most
// kMaxStateMagnitude, every cell average admissible, over this process's own elements
// (io/mesh.hpp: all, or a part's own). A failure is UserError(code) whose message
// starts with `source` and names the element, its centroid and the value.
void check_start_state(const Mesh& mesh, int order, const std::vector<std::string>& vars,
                       const std::vector<double>& c, const Admissibility& adm, ExitCode code,
                       const std::string& source);

// The same for the values at every element's view points and edge Gauss points (tables from
// core/dg_basis_tables.hpp), for runs without a positivity fix; the message ends with `remedy`.
void check_start_points(const Mesh& mesh, const BasisTables& tables,
                        const std::vector<std::string>& vars, const std::vector<double>& c,
                        const Admissibility& adm, ExitCode code, const std::string& source,
                        const std::string& remedy);

// The element with the smallest inscribed radius among this process's own (its whole-mesh
// number); warns when it is far below the median (collective on a part: io/mesh.hpp).
struct SliverReport {
  int element = -1;
  double radius = 0, median = 0, x = 0, y = 0;
};
SliverReport smallest_element(const Mesh& mesh);
void warn_about_slivers(const Mesh& mesh);

// After each chunk of steps: ends the run when its time step collapsed (below 1e-12 of time.end
// and 1e-3 of its first value: diverged) or when the steps still needed exceed time.max_steps
// (bad_case). `dt` is the step the stability limit allows from the state reached (StepStatus::dt),
// not the step clipped to the next sample time.
struct StepGuard {
  double t_end = 0;           // infinity for a run by steps
  std::int64_t max_steps = 0; // time.max_steps
  double first_dt = 0;        // the first step size seen
  bool reported = false;
  void check(double t, std::int64_t step, double dt);
};

} // namespace tridg
