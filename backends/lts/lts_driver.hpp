#pragma once
// The macro-step loop of local time stepping, written once for the backends that run it
// (backends/cpu/cpu_lts_backend.hpp, backends/cuda/cuda_lts_backend.cuh): the plan and when to
// make it anew, the order of the levels' steps within a macro step, time, and the counters. A
// backend `B` (deriving from LtsDriver<B, Bc>) provides:
//   LtsCheck check()                       each element's CFL rate of the state, kept for rates():
//                                          whether every mean is admissible, and whether every
//                                          element's step in plan() is still within its limit
//                                          (lts_step_holds; false while there is no plan)
//   void rates(std::vector<double>& rate)  the rates of the last check(), on the host
//   void take_plan()                       after a new plan_ (the GPU uploads its lists)
//   void save_state(), restore_state()     the state at the start of a macro step
//   void level_step(int k, int64 j)        level k's step from finest step j (lts_scheme.md)
//   void finish_level(int k)               the end of level k's step
//   bool macro_ok()                        no inadmissible state in the macro step (after it)
//   void launch_maxima(double t)           the per-element maxima of the water
//                                          (kernels/water_maxima.hpp) from the state at t, the
//                                          end of an accepted macro step; nothing unless
//                                          start_maxima asked for them
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "backends/backend.hpp"
#include "backends/lts/lts_plan.hpp"

namespace tridg {

struct LtsCheck {
  bool admissible = true, holds = false;
};

template <class B, class Bc> class LtsDriver : public Backend<Bc> {
public:
  // Plans anew from the state, and forgets the stretches between stops seen so far: a run
  // restarted from an output then continues bit for bit as the run that wrote it (the driver
  // calls this after every output).
  void set_time(double t, std::int64_t steps) override {
    t_ = t;
    steps_ = steps;
    since_plan_ = kReplanEvery;
    span_ = 0;
  }
  StepStatus advance(std::int64_t max_steps, double t_target) override {
    StepStatus st;
    std::int64_t done = 0;
    // The longest stretch between two stops since set_time: what the macro steps are planned to
    // fill.
    if (t_target > t_ && std::isfinite(t_target)) span_ = std::max(span_, t_target - t_);
    while (done < max_steps && t_ < t_target) {
      auto c0 = clock::now();
      const LtsCheck check = self().check();
      check_seconds_ += seconds_since(c0);
      if (!check.admissible) {
        st.blew_up = true;
        break;
      }
      if (since_plan_ >= kReplanEvery || !check.holds) {
        c0 = clock::now();
        self().rates(rate_);
        plan_ = make_lts_plan(lm_, params_, cfl_factor_, rate_, inv_length_, span_);
        self().take_plan();
        plan_seconds_ += seconds_since(c0);
        since_plan_ = 0;
        ++plans_;
      }
      ++since_plan_;
      const LtsMacroStep ms = lts_macro_step(plan_, t_, t_target);
      h_ = ms.h;
      c0 = clock::now();
      self().save_state();
      macro_step();
      launch_seconds_ += seconds_since(c0);
      c0 = clock::now();
      const bool ok = self().macro_ok();
      wait_seconds_ += seconds_since(c0);
      if (!ok) {
        self().restore_state();
        st.blew_up = true;
        break;
      }
      t_ = ms.last ? t_target : t_ + std::ldexp(h_, plan_.levels);
      ++steps_;
      // Every macro step: within one, the levels' elements stand at different times.
      self().launch_maxima(t_);
      ++done;
      substeps_ += std::int64_t(1) << plan_.levels;
      work_ += plan_.work_ratio() * double(std::int64_t(1) << plan_.levels);
    }
    st.t = t_;
    st.steps = steps_;
    st.dt = plan_.empty() ? 0 : std::ldexp(plan_.h_stable, plan_.levels);
    return st;
  }
  std::string progress_note() const override { return "levels " + lts_histogram_text(plan_); }
  std::vector<std::pair<std::string, double>> solver_stats() const override {
    std::vector<std::pair<std::string, double>> s = {
        {"lts_macro_steps", double(steps_)},
        {"lts_plans", double(plans_)},
        {"lts_finest_steps", double(substeps_)},
        {"lts_work_over_global", substeps_ > 0 ? work_ / double(substeps_) : 1.0},
        {"lts_plan_seconds", plan_seconds_},
        // The host's time in the rate checks, in issuing the macro steps and in waiting for
        // them (a backend that runs them as it issues them waits for nothing).
        {"lts_check_seconds", check_seconds_},
        {"lts_launch_seconds", launch_seconds_},
        {"lts_wait_seconds", wait_seconds_}};
    const auto n = plan_.histogram();
    for (std::size_t l = 0; l < n.size(); ++l)
      s.emplace_back("lts_level" + std::to_string(l) + "_elements", double(n[l]));
    return s;
  }

protected:
  // Called by the backend's constructor: the mesh (kept alive by the backend), its boundary
  // groups, the settings and each element's 1 / inscribed radius in metres.
  void init_lts(const MeshArrays& mesh, const std::vector<std::pair<int, int>>& groups,
                const LtsParams& p, double cfl_factor, std::vector<double> inv_length) {
    lm_ = make_lts_mesh(mesh, groups);
    params_ = p;
    cfl_factor_ = cfl_factor;
    inv_length_ = std::move(inv_length);
  }
  double step_of(int level) const { return std::ldexp(h_, plan_.levels - level); }
  // Start of the step of `level` that contains finest step j.
  double start_of(int level, std::int64_t j) const {
    const std::int64_t per = std::int64_t(1) << (plan_.levels - level);
    return t_ + double(j / per * per) * h_;
  }
  // For each level coarser than k, how far into its step the time ts is (its ghosts' weight).
  LtsFractions ghost_fractions(int k, std::int64_t j, double ts) const {
    LtsFractions th{};
    for (int l = 0; l < k; ++l) th.v[l] = (ts - start_of(l, j)) / step_of(l);
    return th;
  }
  const LtsPlan& plan() const { return plan_; }
  const LtsParams& lts_params() const { return params_; }
  double cfl_factor() const { return cfl_factor_; }
  const std::vector<double>& inv_lengths() const { return inv_length_; }
  double time() const { return t_; }

private:
  static constexpr int kReplanEvery = 64; // macro steps between plans when the rates allow
  using clock = std::chrono::steady_clock;
  static double seconds_since(clock::time_point t0) {
    return std::chrono::duration<double>(clock::now() - t0).count();
  }
  B& self() { return static_cast<B&>(*this); }
  // Each level takes its steps in turn, coarse first (the finer ones interpolate the coarser
  // ones' predicted states); at the end of a level's step, after the finer levels' steps that
  // end there, its elements take the registers' correction.
  void macro_step() {
    const int L = plan_.levels;
    for (std::int64_t j = 0; j < (std::int64_t(1) << L); ++j) {
      for (int k = 0; k <= L; ++k)
        if (j % (std::int64_t(1) << (L - k)) == 0) self().level_step(k, j);
      for (int k = L; k >= 0; --k)
        if ((j + 1) % (std::int64_t(1) << (L - k)) == 0) self().finish_level(k);
    }
  }

  LtsMesh lm_;
  LtsParams params_;
  LtsPlan plan_;
  double cfl_factor_ = 0;
  std::vector<double> rate_, inv_length_;
  int since_plan_ = 0;
  double t_ = 0, h_ = 0, span_ = 0, work_ = 0;
  double plan_seconds_ = 0, check_seconds_ = 0, launch_seconds_ = 0, wait_seconds_ = 0;
  std::int64_t steps_ = 0, substeps_ = 0, plans_ = 0;
};

} // namespace tridg
