#pragma once
// Template body of run_problem, instantiated once per physics (solver/run_*.cpp).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>

#include "io/json.hpp"
#include "io/solution_h5.hpp"
#include "solver/backend_factory.hpp"
#include "solver/dg_basis_tables.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/output_writer.hpp"
#include "solver/progress.hpp"
#include "solver/run_driver.hpp"
#include "solver/time_schemes.hpp"

namespace tridg {

template <class Phys>
RunResult run_problem(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                      const Mesh& mesh, const Phys& phys, const Problem<Phys::M>& pb) {
  constexpr int M = Phys::M;
  using clock = std::chrono::steady_clock;
  const auto wall0 = clock::now();
  const int p = s.order;
  const BasisTables tables = make_basis_tables(p);
  const MeshArrays arrays = make_mesh_arrays(mesh);

  BackendConfig<M> bc;
  bc.order = p;
  bc.stages = make_scheme(s.scheme);
  bc.limiter = s.limiter;
  // The stable step of DG with RK shrinks like 1/(2p+1) (Cockburn and Shu).
  bc.cfl_factor = s.cfl * scheme_step_factor(s.scheme) / (2 * p + 1);
  bc.fixed_dt = s.dt;
  bc.boundaries = pb.boundaries;
  bc.bc_tables = pb.bc_tables;
  bc.single_precision = s.single_precision;
  const std::string device = resolve_device(s.device, opt.gpu);
  auto backend = make_backend(phys, tables, arrays, bc, device, opt.gpu);

  OutputWriter out(s, mesh, cfg.to_toml(), pb.var_names, s.physics, p);
  std::vector<double> state;
  double t = 0;
  std::int64_t step = 0;
  if (!opt.restart.empty()) {
    Snapshot snap = read_snapshot_h5(opt.restart, mesh);
    if (snap.physics != s.physics || snap.order != p || int(snap.var_names.size()) != M)
      fail(ExitCode::mismatch, opt.restart + ": checkpoint of a " + snap.physics +
                                   " run at p = " + std::to_string(snap.order) + ", this case is " +
                                   s.physics + " at p = " + std::to_string(p));
    state = std::move(snap.coeffs);
    t = snap.time;
    step = snap.step;
    backend->set_state(state);
    spdlog::info("restarting from {} at t = {} (step {})", opt.restart, t, step);
  } else {
    backend->set_state(project(mesh, p, M, pb.initial));
    backend->limit();
  }
  backend->get_state(state);
  backend->set_time(t, step);
  RunResult res;
  res.conserved_initial = integrals(mesh, p, M, state);
  spdlog::info("{} elements, p = {}, {} DOF per variable, {} on {}", mesh.n_elems(), p,
               std::int64_t(mesh.n_elems()) * tables.n_modes, s.scheme, backend->name());

  const bool by_steps = s.steps > 0;
  const double t_end = by_steps ? std::numeric_limits<double>::infinity() : s.t_end;
  if (opt.restart.empty()) out.write(state, t, step, /*final=*/false);
  Progress progress(s, opt.quiet, std::int64_t(mesh.n_elems()) * tables.n_modes, bc.stages.size(),
                    t, step, t_end, by_steps ? s.steps : 0);
  std::int64_t chunk = 1;
  double next_out = out.next_time(t);
  while (true) {
    const double target = std::min(t_end, next_out);
    std::int64_t max_steps = chunk;
    if (by_steps) max_steps = std::min<std::int64_t>(chunk, s.steps - step);
    const auto c0 = clock::now();
    const StepStatus st = backend->advance(max_steps, target);
    const double secs = std::chrono::duration<double>(clock::now() - c0).count();
    // Grow the chunk until one takes about a tenth of a second: few host round trips, yet
    // timely progress lines.
    if (st.steps - step == chunk && secs < 0.1) chunk = std::min<std::int64_t>(chunk * 2, 1 << 20);
    t = st.t;
    step = st.steps;
    if (st.blew_up) {
      backend->get_state(state);
      const std::string saved = out.write_last_good(state, t, step);
      fail(ExitCode::diverged, "the solution became non-physical (NaN, or negative " +
                                   std::string(M == 4 ? "density or pressure" : "depth") +
                                   ") in the step after t = " + std::to_string(t) + " (step " +
                                   std::to_string(step) + "); last good state saved to " + saved);
    }
    progress.update(t, step, st.dt);
    const bool done = by_steps ? step >= s.steps : t >= t_end;
    if (done) break;
    if (t >= next_out) {
      backend->get_state(state);
      out.write(state, t, step, false);
      next_out = out.next_time(t);
    }
    if (!by_steps && st.dt <= 0) break;
  }
  progress.finish();
  backend->get_state(state);
  out.write(state, t, step, /*final=*/true);
  res.steps = step;
  res.final_time = t;
  res.wall_seconds = std::chrono::duration<double>(clock::now() - wall0).count();
  res.conserved_final = integrals(mesh, p, M, state);
  if (pb.exact)
    res.l2_error =
        l2_errors(mesh, p, M, state, [&](double x, double y, double* u) { pb.exact(x, y, t, u); });
  out.summary(res, mesh.n_elems(), backend->name(), progress.run_seconds());
  res.final_state = std::move(state);
  return res;
}

} // namespace tridg
