#pragma once
// The one step driver every backend runs: the stage loop, the time-step reduction, blow-up
// detection and the time bookkeeping are written here once, over a small seam of launches a
// backend provides. A change to an explicit step (a halo exchange, a stage) is made here; the
// implicit schemes take whole steps in ImplicitBackend::advance
// (backends/implicit/implicit_backend_impl.hpp) and do not pass through this driver.
//
// The seam (members of the backend class `B`, which derives from StepDriver<B, Bc>):
//   launch_edges(stage, first, c, part)  numerical fluxes of the part's edges at the stage input
//   launch_elements(stage, first, last, part) element update into the stage output; the last
//                                       stage also leaves each element's CFL rate for
//                                       launch_control
//   launch_limiter(current)             limiter on the stage output (or the current state);
//                                       with limits_in_stage() the element launches limit
//                                       their stage outputs themselves and this pass is not run
//                                       between stages
//   launch_rate()                       CFL rates of the current state's elements
//   launch_control(init)                finish_step (or, with init, only the next dt) on the
//                                       control block, from the largest rate of the last
//                                       launches over all parts
//   launch_maxima()                     the per-element maxima of the water
//                                       (kernels/water_maxima.hpp) from the state the step
//                                       reached, at its time; nothing unless start_maxima
//                                       asked for them
//   halo_begin(current), halo_end(current) the exchange of the ghosts' coefficients of the
//                                       current state or of the stage input (partitioned
//                                       meshes only, backends/halo.hpp)
//   run_steps(n)                        n steps; each one is record_step (the CUDA backend
//                                       replays a captured graph of it)
//   read_control(StepControl&), write_control(const StepControl&)
// Every launch is a no-op once the control block's dt is 0 (target reached or blow-up), so a
// backend may run more steps than needed without harm.
#include <cmath>
#include <cstdint>
#include <vector>

#include "backends/backend.hpp"
#include "backends/step_control.hpp"

namespace tridg {

// Stages of one step in the order the driver launches them. On a part of a partitioned mesh,
// the exchange of ghosts is overlapped with the work that does not need them: the edges and
// elements away from the ghosts run while the data travel. Each edge and element does the same
// arithmetic in either order, and a part limits the ghosts next to it as their owner does
// (backends/halo.hpp), so the parts together give the bits of the whole mesh with one exchange
// per stage.
template <class B> void record_step(B& b, const std::vector<StageDef>& stages, bool limiting) {
  for (std::size_t s = 0; s < stages.size(); ++s) {
    const bool first = s == 0, last = s + 1 == stages.size();
    const double c = stages[s].c;
    if (!b.partitioned()) {
      b.launch_edges(int(s), first, c, Part::all);
      b.launch_elements(int(s), first, last, Part::all);
    } else {
      b.halo_begin(first);
      b.launch_edges(int(s), first, c, Part::local);
      b.launch_elements(int(s), first, last, Part::local);
      b.halo_end(first);
      b.launch_edges(int(s), first, c, Part::halo);
      b.launch_elements(int(s), first, last, Part::halo);
    }
    if (limiting) b.launch_limiter(false);
  }
  b.launch_control(false);
  // A step that did not move (target reached, blow-up) leaves the state as it was, and taking
  // the same state twice changes no maximum.
  b.launch_maxima();
}

template <class B, class Bc> class StepDriver : public Backend<Bc> {
public:
  void set_time(double t, std::int64_t steps) override {
    StepControl c = control();
    c.t = t;
    c.steps = steps;
    c.blew_up = 0;
    c.dt = 0;
    self().write_control(c);
    self().launch_rate();
    self().launch_control(true);
    ctl_ = control();
  }
  void limit() override {
    if (!limiting()) return;
    if (self().partitioned()) {
      self().halo_begin(true);
      self().halo_end(true);
    }
    self().launch_limiter(true);
  }
  StepStatus advance(std::int64_t max_steps, double t_target) override {
    StepControl c = control();
    if (c.t_target != t_target) {
      // dt depends on the target: recompute it for the new one.
      c.t_target = t_target;
      c.dt = next_dt(c.rate, c.cfl_factor, c.fixed_dt, c.t, t_target);
      self().write_control(c);
    }
    // Launch about as many steps as reaching the target needs; extra ones are no-ops.
    std::int64_t n = max_steps;
    if (c.dt > 0 && std::isfinite(t_target)) {
      const double need = std::ceil((t_target - c.t) / c.dt) + 1;
      if (need < double(n)) n = std::int64_t(need);
    }
    if (c.dt <= 0) n = 0;
    if (n > 0) self().run_steps(n);
    ctl_ = control();
    StepStatus st;
    st.t = ctl_.t;
    st.dt = stable_dt(ctl_.rate, ctl_.cfl_factor, ctl_.fixed_dt);
    st.steps = ctl_.steps;
    st.blew_up = ctl_.blew_up != 0;
    return st;
  }

protected:
  // Called by the backend's constructor once its buffers exist. `own_limiter`: the physics'
  // limiter without slopes reads only the element's own coefficients (limits_own_coefficients).
  void init_control(const BackendConfig<Bc>& cfg, bool own_limiter) {
    cfg_stages_ = cfg.stages;
    limiting_ = cfg.limiter.barth_jespersen || cfg.limiter.positivity;
    // Zhang-Shu alone needs no neighbour: the element stage runs it on the coefficients it has
    // just computed, which saves a pass over the state per stage (bench/NOTES.md).
    in_stage_ = limiting_ && !cfg.limiter.barth_jespersen && own_limiter && cfg.limit_in_stage;
    StepControl c{};
    c.cfl_factor = cfg.cfl_factor;
    c.fixed_dt = cfg.fixed_dt;
    c.t_target = INFINITY;
    self().write_control(c);
    ctl_ = c;
  }
  void step_once() { record_step(self(), cfg_stages_, limiting_ && !in_stage_); }
  bool limiting() const { return limiting_; }
  bool limits_in_stage() const { return in_stage_; }
  const std::vector<StageDef>& stages() const { return cfg_stages_; }

private:
  B& self() { return static_cast<B&>(*this); }
  StepControl control() {
    StepControl c{};
    self().read_control(c);
    return c;
  }
  std::vector<StageDef> cfg_stages_;
  bool limiting_ = false, in_stage_ = false;
  StepControl ctl_{};
};

} // namespace tridg
