#pragma once
// Local time stepping on the host: the scheme of backends/lts/lts_scheme.md over the generic
// edge, element and limiter kernels, level by level. Included only by the generated translation
// units that instantiate the CPU backend (backends/cpu/cpu_backend_impl.hpp).
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "backends/convert.hpp"
#include "backends/host_view.hpp"
#include "backends/lts/lts_plan.hpp"
#include "backends/lts/lts_weights.hpp"
#include "backends/step_control.hpp"
#include "kernels/dg_element.hpp"
#include "kernels/dg_limiter.hpp"
#include "kernels/dg_lts.hpp"

namespace tridg {

template <int P, class Phys> class CpuLtsBackend final : public Backend<HostBoundary<Phys>> {
  using Real = double;
  static constexpr int M = Phys::M;
  using O = Order<P>;
  static constexpr int W = M * O::NP; // coefficients per element

public:
  CpuLtsBackend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                const BackendConfig<HostBoundary<Phys>>& cfg)
      : T_(to_dg_tables<P, Real>(tables)), phys_(phys), mesh_(mesh), cfg_(cfg),
        b_(stage_weights(cfg.stages)) {
    view_ = host_view(mesh_);
    const std::size_t n = std::size_t(W) * mesh_.n_elems;
    S_.assign(n, 0);
    W_.assign(n, 0);
    R_.assign(n, 0);
    F_.assign(std::size_t(M) * O::NF * mesh_.n_edges, 0);
    cfg_.bc_tables.resize(cfg_.boundaries.size());
    bind_tables();
    lm_.mesh = &mesh_;
    for (const auto& bc : cfg_.boundaries) lm_.boundary_groups.emplace_back(bc.first, bc.count);
    limiting_ = cfg_.limiter.barth_jespersen || cfg_.limiter.positivity;
    in_stage_ = limiting_ && !cfg_.limiter.barth_jespersen && limits_own_coefficients<Phys> &&
                cfg_.limit_in_stage;
    inv_length_.resize(mesh_.n_elems);
    for (int k = 0; k < mesh_.n_elems; ++k) inv_length_[k] = lts_inv_length<P>(phys_, view_, k);
  }

  std::string name() const override {
    return "cpu (OpenMP, " + std::to_string(omp_get_max_threads()) +
           " threads, local time stepping)";
  }
  void set_state(const std::vector<double>& c) override { S_ = c; }
  void get_state(std::vector<double>& c) override { c = S_; }
  // Plans anew from the state: a run restarted from an output then continues bit for bit as the
  // run that wrote it (the driver calls this after every output).
  void set_time(double t, std::int64_t steps) override {
    t_ = t;
    steps_ = steps;
    since_plan_ = kReplanEvery;
  }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    cfg_.boundaries.at(i) = bc;
    bind_tables();
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    if (aux.size() != mesh_.aux.size() || edge_aux.size() != mesh_.edge_aux.size())
      fail(ExitCode::internal, "set_aux: the physics' data changed size");
    std::copy(aux.begin(), aux.end(), mesh_.aux.begin());
    std::copy(edge_aux.begin(), edge_aux.end(), mesh_.edge_aux.begin());
  }
  void limit() override {
    if (!limiting_) return;
#pragma omp parallel for schedule(static)
    for (int k = 0; k < mesh_.n_elems; ++k)
      limit_element<P>(T_, phys_, view_, view(S_), cfg_.limiter, k);
  }
  StepStatus advance(std::int64_t max_steps, double t_target) override {
    StepStatus st;
    std::int64_t done = 0;
    // The longest stretch between two stops so far: what the macro steps are planned to fill.
    if (t_target > t_ && std::isfinite(t_target)) span_ = std::max(span_, t_target - t_);
    while (done < max_steps && t_ < t_target) {
      if (!rates()) {
        st.blew_up = true;
        break;
      }
      if (since_plan_ >= kReplanEvery ||
          !lts_plan_holds(plan_, cfg_.lts, cfg_.cfl_factor, rate_, inv_length_)) {
        const auto c0 = std::chrono::steady_clock::now();
        plan_ = make_lts_plan(lm_, cfg_.lts, cfg_.cfl_factor, rate_, inv_length_, span_);
        plan_seconds_ +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
        since_plan_ = 0;
        ++plans_;
      }
      ++since_plan_;
      const LtsMacroStep ms = lts_macro_step(plan_, t_, t_target);
      h_ = ms.h;
      save_ = S_;
      if (!macro_step()) {
        S_.swap(save_);
        st.blew_up = true;
        break;
      }
      t_ = ms.last ? t_target : t_ + std::ldexp(h_, plan_.levels);
      ++steps_;
      ++done;
      substeps_ += std::int64_t(1) << plan_.levels;
      work_ += plan_.work_ratio() * double(std::int64_t(1) << plan_.levels);
    }
    st.t = t_;
    st.steps = steps_;
    st.dt = plan_.empty() ? 0 : std::ldexp(plan_.h_stable, plan_.levels);
    return st;
  }
  std::size_t memory_bytes() const override {
    return (S_.size() + W_.size() + R_.size() + save_.size() + F_.size() + reg_.size()) *
           sizeof(Real);
  }
  std::string progress_note() const override {
    return "levels " + lts_histogram_text(plan_);
  }
  std::vector<std::pair<std::string, double>> solver_stats() const override {
    std::vector<std::pair<std::string, double>> s = {
        {"lts_macro_steps", double(steps_)},
        {"lts_plans", double(plans_)},
        {"lts_finest_steps", double(substeps_)},
        {"lts_work_over_global", substeps_ > 0 ? work_ / double(substeps_) : 1.0},
        {"lts_plan_seconds", plan_seconds_}};
    const auto h = plan_.histogram();
    for (std::size_t l = 0; l < h.size(); ++l)
      s.emplace_back("lts_level" + std::to_string(l) + "_elements", double(h[l]));
    return s;
  }

private:
  StateView<Real> view(std::vector<Real>& v) {
    return {v.data(), mesh_.n_elems};
  }
  void bind_tables() {
    for (std::size_t i = 0; i < cfg_.boundaries.size(); ++i)
      cfg_.boundaries[i].table = cfg_.bc_tables[i].empty() ? nullptr : cfg_.bc_tables[i].data();
  }
  // The CFL rates of the current state; false where a mean is not admissible.
  bool rates() {
    rate_.resize(mesh_.n_elems);
    const StateView<Real> U = view(S_);
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(max : bad)
    for (int k = 0; k < mesh_.n_elems; ++k) {
      Real mean[M];
      for (int v = 0; v < M; ++v) mean[v] = cell_mean(U.c[(v * O::NP) * U.n + k]);
      const double r = phys_.admissible(mean) ? cfl_rate<P>(phys_, view_, k, mean) : INFINITY;
      rate_[k] = r;
      bad = std::max(bad, int(!(r <= 1e300)));
    }
    return bad == 0;
  }

  // One macro step of 2^L finest steps: each level takes its steps in turn (coarse first, so
  // that the finer levels interpolate the coarser ones' predicted states), and at the end of a
  // step of a level, after the finer levels' steps that end there, its elements take the
  // register's correction.
  bool macro_step() {
    const int L = plan_.levels;
    reg_.assign(std::size_t(plan_.n_slots) * M * O::NF, 0);
    for (std::int64_t j = 0; j < (std::int64_t(1) << L); ++j) {
      for (int k = 0; k <= L; ++k)
        if (j % (std::int64_t(1) << (L - k)) == 0 && !level_step(k, j)) return false;
      for (int k = L; k >= 0; --k)
        if ((j + 1) % (std::int64_t(1) << (L - k)) == 0 && !finish_level(k)) return false;
    }
    return true;
  }

  double step_of(int level) const {
    return std::ldexp(h_, plan_.levels - level);
  }
  // Start of the step of `level` that contains finest step j.
  double start_of(int level, std::int64_t j) const {
    const std::int64_t per = std::int64_t(1) << (plan_.levels - level);
    return t_ + double(j / per * per) * h_;
  }

  // The stages of one step of level k from finest step j: its elements' predicted new state in
  // R_, their edges' fluxes added to or taken from the registers.
  bool level_step(int k, std::int64_t j) {
    const LtsLevel& lv = plan_.by_level[k];
    const double T0 = start_of(k, j), H = step_of(k);
    const StateView<Real> S = view(S_), Wv = view(W_);
    copy_rows(lv.elems, S_, W_);
    const std::size_t ns = cfg_.stages.size();
    for (std::size_t s = 0; s < ns; ++s) {
      const bool last = s + 1 == ns;
      const double ts = T0 + cfg_.stages[s].c * H;
      fill_ghosts(lv, k, j, ts);
      for (std::size_t g = 0; g < cfg_.boundaries.size(); ++g) {
        const auto& list = lv.boundary_edges[g];
        const auto& bc = cfg_.boundaries[g];
#pragma omp parallel for schedule(static)
        for (std::size_t i = 0; i < list.size(); ++i)
          boundary_edge<P>(T_, phys_, view_, Wv, F_.data(), bc, ts, list[i]);
      }
      const double w = b_[s] * H;
#pragma omp parallel for schedule(static)
      for (std::size_t i = 0; i < lv.edges.size(); ++i) {
        const LtsEdge& e = lv.edges[i];
        interior_edge<P>(T_, phys_, view_, Wv, F_.data(), e.edge);
        if (e.sign != 0)
          lts_register_add<P, M>(F_.data(), mesh_.n_edges, e.edge,
                                 &reg_[std::size_t(e.slot) * M * O::NF], e.sign * w);
      }
      const StageCoeffs<double>& c = cfg_.stages[s].k;
      const bool check_points = last && !cfg_.limiter.positivity;
      int bad = 0;
#pragma omp parallel for schedule(static) reduction(max : bad)
      for (std::size_t i = 0; i < lv.elems.size(); ++i) {
        const double r = element_stage<P>(T_, phys_, view_, Wv, S, Wv, Wv, F_.data(), c, H, true,
                                          check_points, in_stage_, cfg_.limiter, lv.elems[i]);
        bad = std::max(bad, int(!(r <= 1e300)));
      }
      if (bad) return false;
      if (limiting_ && !in_stage_) {
#pragma omp parallel for schedule(static)
        for (std::size_t i = 0; i < lv.elems.size(); ++i)
          limit_element<P>(T_, phys_, view_, Wv, cfg_.limiter, lv.elems[i]);
      }
    }
    copy_rows(lv.elems, W_, R_);
    return true;
  }

  // The end of a step of level k: the predicted state, corrected where a finer neighbour's
  // fluxes replace the provisional ones.
  bool finish_level(int k) {
    const LtsLevel& lv = plan_.by_level[k];
    copy_rows(lv.elems, R_, S_);
    const StateView<Real> S = view(S_);
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(max : bad)
    for (std::size_t i = 0; i < lv.corrected.size(); ++i) {
      const int e = lv.corrected[i];
      lts_correct<P, M>(T_, view_, S, reg_.data(), plan_.slot_of_edge.data(), plan_.level.data(),
                        e);
      Real mean[M];
      for (int v = 0; v < M; ++v) mean[v] = cell_mean(S.c[(v * O::NP) * S.n + e]);
      bad = std::max(bad, int(!phys_.admissible(mean)));
    }
    if (bad) return false;
    if (limiting_) {
#pragma omp parallel for schedule(static)
      for (std::size_t i = 0; i < lv.corrected.size(); ++i)
        limit_element<P>(T_, phys_, view_, S, cfg_.limiter, lv.corrected[i]);
    }
    return true;
  }

  // The other levels' elements that level k's edges and limiter read, at time ts: a finer one
  // at the start of its step (which is level k's), a coarser one between its state and its
  // predicted state.
  void fill_ghosts(const LtsLevel& lv, int k, std::int64_t j, double ts) {
    const StateView<Real> S = view(S_), R = view(R_), Wv = view(W_);
    const std::vector<double> th = ghost_fractions(k, j, ts);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < lv.ghosts.size(); ++i) {
      const int n = lv.ghosts[i], ln = plan_.level[n];
      lts_ghost<W>(S, R, Wv, n, ln > k, th[ln]);
    }
  }
  // For each coarser level than k, how far into its step the time ts is.
  std::vector<double> ghost_fractions(int k, std::int64_t j, double ts) const {
    std::vector<double> th(plan_.levels + 1, 0.0);
    for (int l = 0; l < k; ++l) th[l] = (ts - start_of(l, j)) / step_of(l);
    return th;
  }

  void copy_rows(const std::vector<int>& elems, const std::vector<Real>& from,
                 std::vector<Real>& to) {
    const std::size_t E = mesh_.n_elems;
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < elems.size(); ++i)
      for (int c = 0; c < W; ++c) to[c * E + elems[i]] = from[c * E + elems[i]];
  }

  DGTables<P, Real> T_;
  Phys phys_;
  MeshArrays mesh_;
  BackendConfig<HostBoundary<Phys>> cfg_;
  std::vector<double> b_; // each stage's weight in the step's result
  MeshView<Real> view_;
  LtsMesh lm_;
  LtsPlan plan_;
  bool limiting_ = false, in_stage_ = false;
  // S_: the state (each element's at the start of its step); W_: the stage values of the level
  // stepping, and its ghosts; R_: each element's predicted state at the end of its step.
  std::vector<Real> S_, W_, R_, save_, F_, reg_;
  std::vector<double> rate_, inv_length_;
  // Levels are planned anew when a rate outgrows its level's step, and every kReplanEvery macro
  // steps, so that elements whose rates fell move to coarser levels.
  static constexpr int kReplanEvery = 16;
  int since_plan_ = 0;
  double t_ = 0, h_ = 0, span_ = 0, work_ = 0, plan_seconds_ = 0;
  std::int64_t steps_ = 0, substeps_ = 0, plans_ = 0;
};

} // namespace tridg
