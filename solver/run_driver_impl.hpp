#pragma once
// Template body of run_problem, instantiated once per physics and flux by the translation units
// solver/CMakeLists.txt generates from solver/instance.cpp.in.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>

#include "core/dg_basis_tables.hpp"
#include "io/json.hpp"
#include "io/solution_h5.hpp"
#include "solver/backend_factory.hpp"
#include "solver/index_range.hpp"
#include "solver/mesh_arrays.hpp"
#include "solver/output_fields.hpp"
#include "solver/output_writer.hpp"
#include "solver/progress.hpp"
#include "solver/run_driver.hpp"
#include "solver/run_guards.hpp"
#include "solver/setup_timer.hpp"
#include "solver/signals.hpp"
#include "solver/time_schemes.hpp"

namespace tridg {

// Runs a write of the state that a failing run leaves behind; an error of that write becomes an
// io_error that states both facts on its one line.
template <class F> std::string write_or_report(F&& write, const std::string& context) {
  try {
    return write();
  } catch (const UserError& e) {
    fail(ExitCode::io_error, context + e.what());
  }
}

template <class Phys>
RunResult run_problem(const Config& cfg, const RunSettings& s, const RunOptions& opt,
                      const Mesh& mesh, const Phys& phys, const Problem<HostBoundary<Phys>>& pb,
                      const DerivedFields& fields) {
  constexpr int M = Phys::M;
  using clock = std::chrono::steady_clock;
  const auto wall0 = clock::now();
  const int p = s.order;
  const BasisTables tables = make_basis_tables(p);
  SetupTimer timer;
  MeshArrays arrays = make_mesh_arrays(mesh);
  timer.done("mesh arrays");
  if (pb.mesh_data) pb.mesh_data(arrays);
  timer.done("physics' mesh data");
  check_index_range(arrays, s.mesh_path);

  const BackendConfig<HostBoundary<Phys>> bc = make_backend_config(s, pb);
  const int gpu = pick_gpu(s.device, opt.gpu);
  // The implicit schemes run on the host unless a GPU backend is asked for by name (their
  // linear solves there): "auto" means the CPU for them.
  const std::string device = s.implicit.scheme != ImplicitScheme::none && s.device == "auto"
                                 ? "cpu"
                                 : resolve_device(s.device, gpu);
  // A part of a partitioned mesh (io/mesh.hpp): each rank holds only its part, sets it up, writes
  // its rows of every output and reduces what is summed over the mesh.
  const bool parts = mesh.part.has_value();
  const std::vector<std::int32_t> owner = rank_partition(mesh, s.mesh_path);
  auto backend = make_backend(phys, tables, arrays, bc, device, gpu, owner,
                              parts ? &mesh.part->elem_gid : nullptr);
  // The backend holds its own copy: the host's is dropped, and filled again only for the moment
  // an event hands the backend new bed data (a physics' rows can be most of the mesh's memory).
  const auto hand_over_aux = [&] {
    backend->set_aux(arrays.aux, arrays.edge_aux);
    arrays = MeshArrays{};
  };
  arrays = MeshArrays{};
  timer.done("backend");
  if (par::size() > 1 && device != "cpu") {
    const DeviceAwareMpi mpi = backend_device_aware_mpi(device);
    spdlog::info("halo exchange through {}",
                 mpi.yes() ? "GPU memory (" + mpi.name + ")"
                           : "pinned host memory (" + mpi.name + ": " + mpi.text + ")");
  }
  // Rank 0 alone gathers the whole state at output times and writes it (on parts every rank
  // writes its rows through rank 0); observers read each rank's own elements in place.
  const bool root = par::root();
  std::unique_ptr<OutputWriter> out_root;
  par::on_root([&] {
    out_root =
        std::make_unique<OutputWriter>(s, mesh, cfg.to_toml(), pb.var_names, s.physics, p, fields);
  });
  if (parts && !root)
    out_root = std::make_unique<OutputWriter>(s, mesh, cfg.to_toml(), pb.var_names, s.physics, p,
                                              fields, /*holds_folder=*/false);
  OutputWriter* const out = out_root.get();
  if (root || parts) warn_about_slivers(mesh);
  timer.done("output writer");
  // What is summed over the mesh: on one process as before, over the parts' own elements.
  auto conserved = [&](const std::vector<double>& st) {
    std::vector<double> v;
    if (parts || root) v = integrals(mesh, p, M, st, pb.area);
    if (parts)
      for (double& x : v) x = par::sum_all(x);
    return v;
  };
  // The state and the scheme's history that goes with it, before anything is written.
  auto fetch_state = [&](std::vector<double>& into) {
    backend->gather_state(into);
    if (out) out->set_scheme_state(backend->scheme_state());
  };
  const Admissibility adm = [&phys](const double* mean, std::string& why) {
    if (phys.admissible(mean)) return true;
    for (int i = 0; i < Phys::n_positive; ++i) {
      const double q = phys.positive_quantity(i, mean);
      if (!(q > 0)) {
        why = std::string(Phys::positive_name(i)) + " " + fmt::format("{:.6g}", q) +
              " is not positive";
        return false;
      }
    }
    why = "state is not admissible (not finite, or beyond the largest number)";
    return false;
  };
  std::vector<double> state;
  double t = 0;
  std::int64_t step = 0;
  if (!opt.restart.empty()) {
    Snapshot snap = read_snapshot_h5(opt.restart, mesh);
    if (snap.physics != s.physics || snap.order != p || snap.var_names != pb.var_names)
      fail(ExitCode::mismatch, opt.restart + ": checkpoint of a " + snap.physics +
                                   " run at p = " + std::to_string(snap.order) + ", this case is " +
                                   s.physics + " at p = " + std::to_string(p));
    state = std::move(snap.coeffs);
    par::together([&] {
      check_start_state(mesh, p, pb.var_names, state, adm, ExitCode::mismatch, opt.restart);
    });
    t = snap.time;
    step = snap.step;
    // Not limited again: the state continues bit for bit.
    backend->set_state(state);
    if (!snap.scheme.empty() && snap.scheme.scheme != s.scheme)
      spdlog::warn("{} was written by time.scheme = \"{}\"; its history is not used by \"{}\"",
                   opt.restart, snap.scheme.scheme, s.scheme);
    if (const std::string why = backend->set_scheme_state(snap.scheme); !why.empty())
      fail(ExitCode::mismatch, opt.restart + ": " + why);
    if (!pb.event_times.empty() && t > pb.event_times.front()) { // the bed as it is by then
      pb.data_at(t, arrays);
      hand_over_aux();
    }
    if (out) out->resume(snap);
    if (root)
      spdlog::info("restarting from {} at t = {} (step {}); next output solution_{:04}",
                   opt.restart, t, step, out->next_index());
  } else {
    state = pb.initial_coeffs ? pb.initial_coeffs() : project(mesh, p, M, pb.initial);
    par::together([&] {
      check_start_state(mesh, p, pb.var_names, state, adm, ExitCode::bad_case,
                        "initial state of " + cfg.source());
    });
    timer.done("initial state");
    backend->set_state(state);
    backend->limit();
  }
  backend->gather_state(state);
  // Without the positivity fix nothing makes the points inside an element admissible: the run
  // must start from a state that is, or its last good state could not be good.
  if (!s.limiter.positivity) {
    const std::string remedy =
        s.implicit.scheme == ImplicitScheme::none
            ? "without a limiter, use the positivity fix: limiter.positivity = true"
            : "the implicit schemes have no positivity fix: start from a state admissible at "
              "every point (a finer mesh, smoother initial data, deeper water)";
    auto check = [&] {
      check_start_points(mesh, tables, pb.var_names, state, adm,
                         opt.restart.empty() ? ExitCode::bad_case : ExitCode::mismatch,
                         opt.restart.empty() ? "initial state of " + cfg.source() : opt.restart,
                         remedy);
    };
    if (parts)
      par::together(check);
    else
      par::on_root(check);
  }
  backend->set_time(t, step);
  RunResult res; // on several ranks, rank 0's alone holds the integrals, errors and final state
  res.conserved_initial = conserved(state);
  timer.done("start state checked and summed");
  const std::int64_t n_elems = mesh.n_elems_global();
  spdlog::info("{} elements, p = {}, {} DOF per variable, {} on {}", n_elems, p,
               n_elems * tables.n_modes, s.scheme, backend->name());

  const bool by_steps = s.steps > 0;
  const double t_end = by_steps ? std::numeric_limits<double>::infinity() : s.t_end;
  if (!opt.restart.empty() && (by_steps ? step >= s.steps : t >= t_end))
    spdlog::warn("{} is already at the end of this case (t = {}, step {})", opt.restart, t, step);
  // From here a first SIGINT/SIGTERM stops the loop cleanly with a checkpoint.
  const InterruptGuard interrupt_guard;
  if (opt.restart.empty() && out) out->write(state, t, step, /*final=*/false);
  timer.done("first output");
  Progress progress(s, opt.quiet || !root, n_elems * tables.n_modes,
                    std::max<std::size_t>(1, bc.stages.size()), t, step, t_end,
                    by_steps ? s.steps : 0);
  std::int64_t chunk = 1;
  double next_out = output_next_time(s, t);
  // Physics-specific sampling at its own times (shallow-water gauges): only the elements the
  // observer reads come back from the backend, and the maxima it needs are tracked there after
  // every step, read at the end.
  RunObserver* const obs = pb.observer.get();
  const std::optional<MaximaRule> maxima_rule = obs ? obs->maxima_rule() : std::nullopt;
  if (maxima_rule) backend->start_maxima(*maxima_rule);
  std::vector<double> sampled;
  std::vector<char> sampled_owned;
  std::vector<std::int32_t> sampled_column; // whole-mesh element -> column of `sampled`, or -1
  auto observe = [&](bool last) {
    const std::vector<std::int32_t>& elems = obs->sampled_elements();
    backend->get_elements(elems, sampled, sampled_owned);
    if (sampled_column.empty()) sampled_column.assign(std::size_t(mesh.n_elems()), -1);
    for (std::size_t i = 0; i < elems.size(); ++i) // the same elements and owners every time
      if (sampled_owned[i]) sampled_column[std::size_t(elems[i])] = std::int32_t(i);
    const OwnedState view{sampled.data(), elems.size(), sampled_column.data()};
    if (!last) return obs->observe(view, t, step);
    ElementMaxima maxima;
    if (maxima_rule) backend->get_maxima(maxima);
    obs->finish(view, maxima, t, step);
  };
  if (obs) observe(false);
  double next_obs = obs ? obs->next_time(t) : std::numeric_limits<double>::infinity();
  StepGuard guard{t_end, s.max_steps};
  auto next_event_after = [&pb](double time) {
    for (const double te : pb.event_times)
      if (te > time) return te;
    return std::numeric_limits<double>::infinity();
  };
  double next_event = next_event_after(t);
  while (true) {
    const double target = std::min({t_end, next_out, next_obs, next_event});
    std::int64_t max_steps = chunk;
    if (by_steps) max_steps = std::min<std::int64_t>(chunk, s.steps - step);
    const std::int64_t step_before = step;
    const auto c0 = clock::now();
    const StepStatus st = backend->advance(max_steps, target);
    // The slowest rank's time: every rank must pick the same next chunk.
    const double secs = par::max_all(std::chrono::duration<double>(clock::now() - c0).count());
    // Grow the chunk until one takes about a tenth of a second: few host round trips, yet
    // timely progress lines and a quick response to Ctrl-C.
    if (st.steps - step == chunk && secs < 0.1) chunk = std::min<std::int64_t>(chunk * 2, 1 << 20);
    t = st.t;
    step = st.steps;
    // Ends the run with exit 6 after saving the state the backend holds (the last good one).
    auto save_and_fail = [&](const std::string& unsaved, const std::string& message) {
      progress.finish();
      fetch_state(state);
      const std::string saved = write_or_report(
          [&] { return out ? out->write_last_good(state, t, step) : std::string(); }, unsaved);
      fail(ExitCode::diverged, message + saved);
    };
    if (!st.failure.empty())
      save_and_fail(st.failure + ", and the last good state could not be saved: ",
                    st.failure + " (step " + std::to_string(step) + "); last good state saved to ");
    if (st.blew_up) {
      std::string quantities;
      for (int i = 0; i < Phys::n_positive; ++i)
        quantities += std::string(i ? " or " : "") + Phys::positive_name(i);
      save_and_fail("the solution became non-physical at t = " + std::to_string(t) + " (step " +
                        std::to_string(step) + "), but the last good state could not be saved: ",
                    "the solution became non-physical (NaN, or non-positive " + quantities +
                        ") in the step after t = " + std::to_string(t) + " (step " +
                        std::to_string(step) + "); last good state saved to ");
    }
    progress.update(t, step, st.dt, backend->progress_note());
    if (st.finished) break; // a steady solve reached its tolerance
    if (is_steady(s.implicit.scheme) && step >= s.steps)
      save_and_fail("the steady solve did not converge, and its last state could not be saved: ",
                    "the steady solve did not reach implicit.steady_tol in " +
                        std::to_string(step) + " iterations (" + backend->progress_note() +
                        "; raise time.steps); last state saved to ");
    guard.check(t, step, st.dt);
    if (t >= next_event) {
      if (pb.state_event) {
        backend->get_state(state);
        pb.state_event(t, state);
        backend->set_state(state);
      }
      pb.data_at(t, arrays);
      hand_over_aux();
      backend->set_time(t, step);                // the step of the new data
      if (maxima_rule) backend->sample_maxima(); // the water over the moved bed, or lifted
      if (root) spdlog::info("t = {}: {}", t, pb.event_label);
      next_event = next_event_after(t);
    }
    if (obs && t >= next_obs) {
      observe(false);
      next_obs = obs->next_time(t);
    }
    const bool done = by_steps ? step >= s.steps : t >= t_end;
    if (done) break;
    if (t >= next_out) {
      fetch_state(state);
      if (out) out->write(state, t, step, false);
      next_out = output_next_time(s, t);
      // Recompute dt from the state, as a restart from this output does: a run continued from
      // any output then matches the uninterrupted run bit for bit.
      backend->set_time(t, step);
    }
    // A signal reaches the ranks at different moments: all stop at the first loop that any saw it.
    if (const int sig = int(par::max_all(InterruptGuard::pending()))) {
      progress.finish();
      fetch_state(state);
      const std::string saved = write_or_report(
          [&] { return out ? out->write_checkpoint(state, t, step) : std::string(); },
          std::string("interrupted by ") + signal_name(sig) + " at t = " + std::to_string(t) +
              " (step " + std::to_string(step) + "), but the checkpoint could not be written: ");
      fail(ExitCode::interrupted, std::string("interrupted by ") + signal_name(sig) +
                                      " at t = " + std::to_string(t) + " (step " +
                                      std::to_string(step) + "); checkpoint saved to " + saved +
                                      " (continue with --restart " + saved + ")");
    }
    // advance() stops only at its target; no step short of it means the step size vanished.
    if (!by_steps && st.steps == step_before && t < target) {
      spdlog::warn("the time step became zero at t = {}; stopping", t);
      break;
    }
  }
  progress.finish();
  fetch_state(state);
  if (out) out->write(state, t, step, /*final=*/true);
  if (obs) observe(true);
  res.steps = step;
  res.final_time = t;
  res.wall_seconds = std::chrono::duration<double>(clock::now() - wall0).count();
  res.solver = backend->solver_stats();
  res.conserved_final = conserved(state);
  if (pb.exact && (root || parts)) {
    res.l2_error = l2_error_squares(mesh, p, M, state,
                                    [&](double x, double y, double* u) { pb.exact(x, y, t, u); });
    for (double& e : res.l2_error) e = std::sqrt(parts ? par::sum_all(e) : e);
  }
  if (root) {
    out->summary(res, n_elems, backend->name(), progress.run_seconds());
    progress.report(res, pb.var_names, out->written().size() + 1, s.output_dir);
  }
  res.final_state = std::move(state);
  return res;
}

} // namespace tridg
