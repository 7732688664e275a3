#pragma once
// The implicit schemes as a backend of the run loop (backends/backend.hpp): BDF2 with variable
// steps, ESDIRK3 with its embedded error estimate, and steady pseudo-transient continuation, all
// by Newton-Krylov on the host, the linear solves optionally on a GPU. Included only by the
// generated translation units that instantiate it for one physics.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "backends/element_columns.hpp"
#include "backends/host_maxima.hpp"
#include "backends/implicit/esdirk.hpp"
#include "backends/implicit/implicit_backend.hpp"
#include "backends/implicit/newton.hpp"
#include "backends/order_dispatch.hpp"
#include "backends/step_control.hpp"

namespace tridg {

template <int P, class Phys> class ImplicitBackend final : public Backend<HostBoundary<Phys>> {
  static constexpr int M = Phys::M;
  using Op = DgOperator<P, Phys>;

public:
  ImplicitBackend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
                  const BackendConfig<HostBoundary<Phys>>& cfg, int gpu)
      : prm_(cfg.implicit), op_(phys, tables, mesh, cfg),
        newton_(op_, prm_, device_system(phys, tables, mesh, cfg, gpu)), cfg_(cfg) {
    u_.assign(op_.size(), 0.0);
  }

  std::string name() const override {
    if (const DeviceSystem<HostBoundary<Phys>>* d = newton_.device())
      return fmt::format("{} (implicit {}, linear solves on {}; residual on {} OpenMP threads)",
                         d->backend_name(), implicit_scheme_name(prm_.scheme), d->device_name(),
                         omp_get_max_threads());
    return fmt::format("cpu (implicit {}, OpenMP, {} threads)", implicit_scheme_name(prm_.scheme),
                       omp_get_max_threads());
  }
  void set_state(const std::vector<double>& c) override {
    u_ = c;
    // A new state has no history (set_scheme_state brings a restart's back).
    has_prev_ = false;
    dt_next_ = 0;
    r0_ = -1;
    cfl_scale_ = 1;
  }
  void get_state(std::vector<double>& c) override { c = u_; }
  void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                    std::vector<char>& owned) override {
    gather_columns(u_.data(), std::size_t(op_.n_elems()), std::size_t(Op::B), elems, c);
    owned.assign(elems.size(), 1);
  }
  void start_maxima(const MaximaRule& rule) override {
    maxima_.start<Phys>(rule, op_.n_elems(), op_.n_elems());
    sample_maxima();
  }
  void sample_maxima() override {
    maxima_.track<P>(op_.phys(), op_.view(), StateView<double>{u_.data(), op_.n_elems()}, t_);
  }
  void get_maxima(ElementMaxima& m) override { maxima_.get(m); }
  void set_time(double t, std::int64_t steps) override {
    t_ = t;
    steps_ = steps;
  }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    op_.set_boundary(i, bc);
    newton_.set_boundary(i, bc);
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    op_.set_aux(aux, edge_aux);
  }
  void limit() override {}
  std::size_t memory_bytes() const override {
    constexpr std::size_t B = Op::B;
    const std::size_t host = op_.memory_bytes() + u_.size() * sizeof(double) * 12 + maxima_.bytes();
    if (const DeviceSystem<HostBoundary<Phys>>* d = newton_.device())
      return host + d->memory_bytes();
    return host + std::size_t(op_.n_elems()) * 5 * B * B * sizeof(double);
  }

  StepStatus advance(std::int64_t max_steps, double t_target) override {
    StepStatus st;
    for (std::int64_t i = 0; i < max_steps && st.failure.empty(); ++i) {
      const std::int64_t before = steps_;
      bool converged = false;
      if (is_steady(prm_.scheme)) {
        converged = prm_.scheme == ImplicitScheme::steady ? steady_iteration(st) : rk_iteration(st);
      } else {
        if (t_ >= t_target) break;
        time_step(t_target, st);
      }
      if (steps_ != before) sample_maxima(); // an accepted step
      if (converged) {
        st.finished = true;
        break;
      }
    }
    st.t = t_;
    st.dt = dt_last_;
    st.steps = steps_;
    return st;
  }

  std::string progress_note() const override {
    const NewtonCounters& c = newton_.counters();
    if (prm_.scheme == ImplicitScheme::steady_rk) return fmt::format("residual {:.3e}", residual_);
    if (prm_.scheme == ImplicitScheme::steady)
      return fmt::format("residual {:.3e}  CFL {:.3g}  GMRES {}", residual_, cfl_, c.gmres);
    return fmt::format("Newton {}  GMRES {}  rejected {}", c.newton, c.gmres, rejected_);
  }
  std::vector<std::pair<std::string, double>> solver_stats() const override {
    const NewtonCounters& c = newton_.counters();
    std::vector<std::pair<std::string, double>> s;
    if (prm_.scheme == ImplicitScheme::steady_rk)
      return {{"residual_initial", r0_}, {"residual", residual_}};
    if (prm_.scheme == ImplicitScheme::steady) {
      s = {{"residual_initial", r0_}, {"residual", residual_}, {"cfl", cfl_}};
    } else {
      s = {{"newton_iterations", double(c.newton)},
           {"last_newton_update", c.last_update},
           {"jacobian_builds", double(c.jacobians)}};
    }
    s.push_back({"gmres_iterations", double(c.gmres)});
    s.push_back({"jacobian_seconds", c.build_seconds});
    s.push_back({"gmres_seconds", c.solve_seconds});
    s.push_back({"gmres_unconverged", double(c.linear_unconverged)});
    s.push_back({"last_gmres_residual", c.last_linear_residual});
    s.push_back({"rejected_steps", double(rejected_)});
    return s;
  }

  SchemeState scheme_state() const override {
    SchemeState sc;
    sc.scheme = implicit_scheme_name(prm_.scheme);
    if (has_prev_) {
      sc.arrays.emplace_back("previous", prev_);
      sc.arrays.push_back({"dt_previous", {dt_prev_}});
    }
    if (dt_next_ > 0) sc.arrays.push_back({"dt_next", {dt_next_}});
    if (r0_ >= 0) {
      sc.arrays.push_back({"residual_initial", {r0_}});
      sc.arrays.push_back({"cfl_scale", {cfl_scale_}});
    }
    return sc;
  }
  std::string set_scheme_state(const SchemeState& sc) override {
    if (sc.scheme != implicit_scheme_name(prm_.scheme)) return {};
    auto scalar = [&](const char* name, double& into, bool positive) -> std::string {
      const std::vector<double>* v = sc.find(name);
      if (!v) return {};
      if (v->size() != 1 || (*v)[0] < 0 || (positive && !((*v)[0] > 0)))
        return fmt::format("scheme/{} must be one {} number", name,
                           positive ? "positive" : "non-negative");
      into = (*v)[0];
      return {};
    };
    if (const std::vector<double>* prev = sc.find("previous")) {
      if (prev->size() != u_.size())
        return fmt::format("scheme/previous has {} values, the state {}", prev->size(), u_.size());
      if (!sc.find("dt_previous")) return "scheme/previous comes without scheme/dt_previous";
      prev_ = *prev;
      has_prev_ = true;
    }
    for (std::string why :
         {scalar("dt_previous", dt_prev_, true), scalar("dt_next", dt_next_, true),
          scalar("residual_initial", r0_, false), scalar("cfl_scale", cfl_scale_, true)})
      if (!why.empty()) return why;
    return {};
  }

private:
  // The GPU's linear systems for `gpu` >= 0, none for the host.
  static std::unique_ptr<DeviceSystem<HostBoundary<Phys>>>
  device_system([[maybe_unused]] const Phys& phys, [[maybe_unused]] const BasisTables& tables,
                [[maybe_unused]] const MeshArrays& mesh,
                [[maybe_unused]] const BackendConfig<HostBoundary<Phys>>& cfg, int gpu) {
    if (gpu < 0) return nullptr;
#ifdef TRIDG_IMPLICIT_DEVICE
    return make_device_system(phys, tables, mesh, cfg, gpu);
#else
    fail(ExitCode::no_device, "this build has no GPU backend for the implicit schemes");
#endif
  }

  // The CFL step of the current state (or the fixed one), not past t_target.
  double cfl_dt(double t_target) {
    op_.rates(u_, rate_);
    const double r = *std::max_element(rate_.begin(), rate_.end());
    return next_dt(r, cfg_.cfl_factor, cfg_.fixed_dt, t_, t_target);
  }

  // Each element's CFL rate for a step in pseudo-time. A dry cell has no wave speed (rate 0): it
  // takes the slowest wet element's rate, so that its step is finite and its shift in the steady
  // Jacobian is not zero (a dry cell at rest would otherwise give 0 * infinity, or a singular
  // block).
  void pseudo_time_rates() {
    op_.rates(u_, rate_);
    double slowest = std::numeric_limits<double>::infinity();
    for (const double r : rate_)
      if (r > 0) slowest = std::min(slowest, r);
    if (!std::isfinite(slowest)) slowest = 1;
    for (double& r : rate_)
      if (!(r > 0)) r = slowest;
  }

  // L_ and its RMS at the current state, the first one kept as the reference; a residual that
  // is not finite sets st.failure.
  enum class Residual { above, reached, failed };
  Residual steady_residual(StepStatus& st) {
    op_.residual(u_, t_, L_);
    residual_ = rms(L_);
    if (r0_ < 0) r0_ = residual_;
    if (!std::isfinite(residual_)) {
      st.failure = "the steady residual is not finite";
      return Residual::failed;
    }
    return residual_ <= prm_.steady_tol ? Residual::reached : Residual::above;
  }

  // One pseudo-time iteration; true when the residual is already below the tolerance.
  bool steady_iteration(StepStatus& st) {
    if (steady_residual(st) != Residual::above) return st.failure.empty();
    // Switched evolution relaxation: the pseudo-step grows as the residual falls.
    cfl_ = std::min(prm_.cfl_max,
                    prm_.cfl_start * cfl_scale_ * std::pow(r0_ / residual_, prm_.cfl_growth));
    pseudo_time_rates();
    const double base = 1.0 / (2 * P + 1); // the explicit step's 1/(2p+1) at CFL 1
    for (int attempt = 0; attempt < 12; ++attempt) {
      const int n = op_.n_elems();
      shift_.resize(n);
      for (int k = 0; k < n; ++k) shift_[k] = rate_[k] / (cfl_ * base);
      const GmresResult g = newton_.linear_solve(u_, t_, shift_, L_, L_, du_);
      trial_ = u_;
      axpy(1.0, du_, trial_);
      // A solve that did not even halve its residual (GMRES at implicit.gmres_max on a system
      // too stiff for the preconditioner) would leave the state where it is, step after step.
      if (g.residual <= 0.5 && std::isfinite(rms(du_)) && op_.admissible(trial_)) {
        u_.swap(trial_);
        ++steps_;
        return false;
      }
      // A step into negative pressure, or one the linear solve could not make: retry shorter and
      // grow more slowly from here on.
      cfl_scale_ *= 0.1;
      cfl_ = std::max(cfl_ * 0.1, 1e-3);
      ++rejected_;
    }
    st.failure = fmt::format("the steady solve cannot make progress at residual {:.3e}: every "
                             "pseudo-time step leaves a non-physical state or a linear system "
                             "GMRES cannot reduce",
                             residual_);
    return false;
  }

  // One SSP-RK2 step in pseudo-time, each element at its own CFL step (cfl_factor / its rate);
  // true when the residual is already below the tolerance.
  bool rk_iteration(StepStatus& st) {
    if (steady_residual(st) != Residual::above) return st.failure.empty();
    pseudo_time_rates();
    const std::size_t n = std::size_t(op_.n_elems()), size = u_.size();
    shift_.resize(n); // here each element's pseudo-time step
    for (std::size_t k = 0; k < n; ++k) shift_[k] = cfg_.cfl_factor / rate_[k];
    trial_.resize(size);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < size; ++i) trial_[i] = u_[i] + shift_[i % n] * L_[i];
    op_.residual(trial_, t_, du_);
    base_.resize(size);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < size; ++i)
      base_[i] = 0.5 * u_[i] + 0.5 * (trial_[i] + shift_[i % n] * du_[i]);
    // A non-physical result ends the run with the state before it, the last good one.
    if (!op_.admissible(base_)) {
      st.blew_up = true;
      return false;
    }
    u_.swap(base_);
    ++steps_;
    return false;
  }

  void time_step(double t_target, StepStatus& st) {
    double dt = dt_next_ > 0 ? std::min(dt_next_, t_target - t_) : cfl_dt(t_target);
    if (dt_next_ > 0 && dt >= (t_target - t_) * (1 - 1e-6)) dt = t_target - t_;
    if (!(dt > 0)) {
      st.failure = "the time step is not positive";
      return;
    }
    std::string why;
    for (int attempt = 0;; ++attempt) {
      double dt_new = 0;
      newton_.begin_step(); // a new dt, a new shift: no Jacobian carries over
      const bool ok =
          prm_.scheme == ImplicitScheme::bdf2 ? bdf2_step(dt, why) : esdirk_step(dt, why, dt_new);
      if (ok) {
        t_ = advance_time(t_, dt, t_target);
        ++steps_;
        dt_last_ = dt;
        dt_next_ = prm_.scheme == ImplicitScheme::esdirk3 && prm_.error_tol > 0 ? dt_new : 0;
        return;
      }
      // Only steps the scheme chooses itself are retried; a case's own dt is the user's.
      if (!(prm_.scheme == ImplicitScheme::esdirk3 && prm_.error_tol > 0) || attempt >= 10) break;
      ++rejected_;
      dt = dt_new > 0 ? dt_new : 0.25 * dt;
    }
    st.failure =
        fmt::format("the implicit step from t = {:.9g} with dt = {:.3e} failed: {}", t_, dt, why);
  }

  // Variable-step BDF2 (BDF1 for the first step after a new state): U - a1 u^n + a2 u^{n-1} =
  // beta dt L(U).
  bool bdf2_step(double dt, std::string& why) {
    const double w = has_prev_ ? dt / dt_prev_ : 0.0;
    const double a1 = (1 + w) * (1 + w) / (1 + 2 * w), a2 = w * w / (1 + 2 * w);
    const double beta = (1 + w) / (1 + 2 * w);
    base_.resize(u_.size());
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < u_.size(); ++i)
      base_[i] = a1 * u_[i] - (has_prev_ ? a2 * prev_[i] : 0.0);
    trial_ = u_;
    if (!newton_.solve(trial_, base_, 1.0 / (beta * dt), t_ + dt, why)) return false;
    if (!op_.admissible(trial_)) {
      why = "the new state is not physical";
      return false;
    }
    prev_.swap(u_);
    u_.swap(trial_);
    has_prev_ = true;
    dt_prev_ = dt;
    return true;
  }

  // One ESDIRK3 step; dt_new is the step the error estimate suggests next (error_tol > 0).
  bool esdirk_step(double dt, std::string& why, double& dt_new) {
    using S = Esdirk3;
    K_.resize(S::stages);
    op_.residual(u_, t_, K_[0]);
    trial_ = u_;
    for (int i = 1; i < S::stages; ++i) {
      base_ = u_;
      for (int j = 0; j < i; ++j) axpy(dt * S::a[i][j], K_[j], base_);
      if (!newton_.solve(trial_, base_, 1.0 / (S::gamma * dt), t_ + S::c[i] * dt, why))
        return false;
      // K_i from the stage equation, not another residual: exact at the solve's tolerance.
      K_[i].resize(u_.size());
      const double s = 1.0 / (S::gamma * dt);
#pragma omp parallel for schedule(static)
      for (std::size_t l = 0; l < u_.size(); ++l) K_[i][l] = s * (trial_[l] - base_[l]);
    }
    if (!op_.admissible(trial_)) {
      why = "the new state is not physical";
      dt_new = 0.25 * dt;
      return false;
    }
    if (prm_.error_tol > 0) {
      // The embedded solution differs by dt sum (b_j - b_hat_j) K_j.
      err_.assign(u_.size(), 0.0);
      for (int j = 0; j < S::stages; ++j) axpy(dt * (S::a[3][j] - S::b_hat[j]), K_[j], err_);
      const double e = rms(err_) / std::max(rms(trial_), 1e-300);
      const double f = e > 0 ? 0.9 * std::pow(prm_.error_tol / e, 1.0 / 3.0) : 5.0;
      dt_new = dt * std::clamp(f, 0.2, 5.0);
      if (e > prm_.error_tol) {
        why = fmt::format("error estimate {:.3e} above implicit.error_tol", e);
        return false;
      }
    }
    u_.swap(trial_);
    return true;
  }

  ImplicitParams prm_;
  Op op_;
  NewtonKrylov<P, Phys> newton_;
  BackendConfig<HostBoundary<Phys>> cfg_;
  Vec u_, prev_, trial_, base_, L_, du_, err_;
  std::vector<Vec> K_;
  std::vector<double> rate_, shift_;
  double t_ = 0, dt_prev_ = 0, dt_last_ = 0, dt_next_ = 0;
  std::int64_t steps_ = 0;
  bool has_prev_ = false;
  double r0_ = -1, residual_ = 0, cfl_ = 0, cfl_scale_ = 1;
  long rejected_ = 0;
  HostMaxima maxima_;
};

template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_implicit_backend(const Phys& phys, const BasisTables& t, const MeshArrays& m,
                      const BackendConfig<HostBoundary<Phys>>& c, int gpu) {
  if (c.limiter.barth_jespersen || c.limiter.positivity)
    fail(ExitCode::bad_case,
         "the implicit schemes run without the limiter (its derivative is not defined): set "
         "limiter.type = \"none\" and limiter.positivity = false");
  return dispatch_order(c.order, [&](auto P) -> std::unique_ptr<Backend<HostBoundary<Phys>>> {
    return std::make_unique<ImplicitBackend<decltype(P)::value, Phys>>(phys, t, m, c, gpu);
  });
}

} // namespace tridg
