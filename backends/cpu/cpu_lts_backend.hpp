#pragma once
// Local time stepping on the host: the scheme of backends/lts/lts_scheme.md over the generic
// edge, element and limiter kernels, level by level. Included only by the generated translation
// units that instantiate the CPU backend (backends/cpu/cpu_backend_impl.hpp).
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "backends/convert.hpp"
#include "backends/element_columns.hpp"
#include "backends/host_maxima.hpp"
#include "backends/host_view.hpp"
#include "backends/lts/lts_driver.hpp"
#include "backends/lts/lts_weights.hpp"
#include "backends/step_control.hpp"
#include "kernels/dg_element.hpp"
#include "kernels/dg_limiter.hpp"
#include "kernels/dg_lts.hpp"

namespace tridg {

template <int P, class Phys>
class CpuLtsBackend final : public LtsDriver<CpuLtsBackend<P, Phys>, HostBoundary<Phys>> {
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
    limiting_ = cfg_.limiter.barth_jespersen || cfg_.limiter.positivity;
    in_stage_ = limiting_ && !cfg_.limiter.barth_jespersen && limits_own_coefficients<Phys> &&
                cfg_.limit_in_stage;
    std::vector<double> inv(mesh_.n_elems);
    for (int k = 0; k < mesh_.n_elems; ++k) inv[k] = inv_length<P>(phys_, view_, k);
    std::vector<std::pair<int, int>> groups;
    for (const auto& bc : cfg_.boundaries) groups.emplace_back(bc.first, bc.count);
    this->init_lts(mesh_, groups, cfg_.lts, cfg_.cfl_factor, std::move(inv));
  }

  std::string name() const override {
    return "cpu (OpenMP, " + std::to_string(omp_get_max_threads()) +
           " threads, local time stepping)";
  }
  void set_state(const std::vector<double>& c) override { S_ = c; }
  void get_state(std::vector<double>& c) override { c = S_; }
  void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                    std::vector<char>& owned) override {
    gather_columns(S_.data(), std::size_t(mesh_.n_elems), std::size_t(W), elems, c);
    owned.assign(elems.size(), 1);
  }
  void start_maxima(const MaximaRule& rule) override {
    maxima_.start<Phys>(rule, mesh_.n_elems, mesh_.n_elems);
    sample_maxima();
  }
  void sample_maxima() override { launch_maxima(this->time()); }
  void get_maxima(ElementMaxima& m) override { maxima_.get(m); }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    cfg_.boundaries.at(i) = bc;
    bind_tables();
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    set_host_aux(mesh_, aux, edge_aux); // the view's pointers stay valid
  }
  void limit() override {
    if (!limiting_) return;
#pragma omp parallel for schedule(static)
    for (int k = 0; k < mesh_.n_elems; ++k)
      limit_element<P>(T_, phys_, view_, view(S_), cfg_.limiter, k);
  }
  std::size_t memory_bytes() const override {
    return (S_.size() + W_.size() + R_.size() + save_.size() + F_.size() + reg_.size()) *
               sizeof(Real) +
           maxima_.bytes();
  }

private:
  StateView<Real> view(std::vector<Real>& v) {
    return {v.data(), mesh_.n_elems};
  }
  void bind_tables() {
    bind_host_tables(cfg_);
  }
  // ---- LtsDriver's seam ----
  friend class LtsDriver<CpuLtsBackend<P, Phys>, HostBoundary<Phys>>;
  LtsCheck check() {
    rate_.resize(mesh_.n_elems);
    const StateView<Real> U = view(S_);
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(max : bad)
    for (int k = 0; k < mesh_.n_elems; ++k) {
      rate_[k] = element_rate<P>(phys_, view_, U, k);
      bad = std::max(bad, int(!(rate_[k] <= 1e300)));
    }
    if (bad) return {false, false};
    return {true, lts_plan_holds(this->plan(), this->lts_params(), this->cfl_factor(), rate_,
                                 this->inv_lengths())};
  }
  void rates(std::vector<double>& rate) {
    rate = rate_;
  }

  void take_plan() {
    reg_.assign(std::size_t(this->plan().n_slots) * M * O::NF, 0);
  }
  void save_state() {
    save_ = S_;
  }
  void restore_state() {
    S_.swap(save_);
  }
  bool macro_ok() {
    return !std::exchange(bad_, false);
  }
  void launch_maxima(double t) {
    maxima_.track<P>(phys_, view_, view(S_), t);
  }

  // The stages of one step of level k from finest step j: its elements' predicted new state in
  // R_, their edges' fluxes added to or taken from the registers.
  void level_step(int k, std::int64_t j) {
    if (bad_) return; // the macro step is discarded
    const LtsLevel& lv = this->plan().by_level[k];
    const double T0 = this->start_of(k, j), H = this->step_of(k);
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
      if (bad) {
        bad_ = true;
        return;
      }
      if (limiting_ && !in_stage_) {
#pragma omp parallel for schedule(static)
        for (std::size_t i = 0; i < lv.elems.size(); ++i)
          limit_element<P>(T_, phys_, view_, Wv, cfg_.limiter, lv.elems[i]);
      }
    }
    copy_rows(lv.elems, W_, R_);
  }

  // The end of a step of level k: the predicted state, corrected where a finer neighbour's
  // fluxes replace the provisional ones.
  void finish_level(int k) {
    if (bad_) return;
    const LtsLevel& lv = this->plan().by_level[k];
    copy_rows(lv.elems, R_, S_);
    const StateView<Real> S = view(S_);
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(max : bad)
    for (std::size_t i = 0; i < lv.corrected.size(); ++i) {
      const int e = lv.corrected[i];
      lts_correct<P, M>(T_, view_, S, reg_.data(), this->plan().slot_of_edge.data(),
                        this->plan().level.data(), e);
      Real mean[M];
      for (int v = 0; v < M; ++v) mean[v] = cell_mean(S.c[row_offset(v * O::NP, S.n, e)]);
      bad = std::max(bad, int(!phys_.admissible(mean)));
    }
    if (bad) {
      bad_ = true;
      return;
    }
    if (limiting_) {
#pragma omp parallel for schedule(static)
      for (std::size_t i = 0; i < lv.corrected.size(); ++i)
        limit_element<P>(T_, phys_, view_, S, cfg_.limiter, lv.corrected[i]);
    }
  }

  // The other levels' elements that level k's edges and limiter read, at time ts: a finer one
  // at the start of its step (which is level k's), a coarser one between its state and its
  // predicted state.
  void fill_ghosts(const LtsLevel& lv, int k, std::int64_t j, double ts) {
    const StateView<Real> S = view(S_), R = view(R_), Wv = view(W_);
    const LtsFractions th = this->ghost_fractions(k, j, ts);
    const std::int8_t* level = this->plan().level.data();
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < lv.ghosts.size(); ++i) {
      const int n = lv.ghosts[i];
      lts_ghost<W>(S, R, Wv, n, level[n] > k, th.v[level[n]]);
    }
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
  bool limiting_ = false, in_stage_ = false;
  // S_: the state (each element's at the start of its step); W_: the stage values of the level
  // stepping, and its ghosts; R_: each element's predicted state at the end of its step.
  std::vector<Real> S_, W_, R_, save_, F_, reg_;
  std::vector<double> rate_; // of the last check()
  bool bad_ = false;         // an inadmissible state in this macro step
  HostMaxima maxima_;
};

} // namespace tridg
