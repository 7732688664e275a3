#pragma once
// OpenMP backend for one order and physics. Included only by the translation units that
// instantiate it (kernels/cpu_backend_*.cpp), so each order compiles in parallel.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "kernels/convert.hpp"
#include "kernels/cpu_backend.hpp"
#include "kernels/dg_element.hpp"
#include "kernels/step_control.hpp"

namespace tridg {

template <int P, class Phys> class CpuBackend final : public Backend<Phys::M> {
  using Real = double;
  static constexpr int M = Phys::M;
  using O = Order<P>;

public:
  CpuBackend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
             const BackendConfig<M>& cfg)
      : T_(to_dg_tables<P, Real>(tables)), phys_(phys), mesh_(mesh), cfg_(cfg) {
    view_.n_elems = mesh_.n_elems;
    view_.n_edges = mesh_.n_edges;
    view_.n_bedges = mesh_.n_bedges;
    view_.geom = mesh_.geom.data();
    view_.elem_face = mesh_.elem_face.data();
    view_.edge_elem = mesh_.edge_elem.data();
    view_.edge_side = mesh_.edge_side.data();
    view_.edge_geom = mesh_.edge_geom.data();
    view_.bnd_xy = mesh_.bnd_xy.data();
    view_.elem_node = mesh_.elem_node.data();
    view_.node_elem_start = mesh_.node_elem_start.data();
    view_.node_elem = mesh_.node_elem.data();
    view_.n_aux = mesh_.n_aux;
    view_.n_edge_aux = mesh_.n_edge_aux;
    view_.aux = mesh_.aux.empty() ? nullptr : mesh_.aux.data();
    view_.edge_aux = mesh_.edge_aux.empty() ? nullptr : mesh_.edge_aux.data();
    const std::size_t n = std::size_t(M) * O::NP * mesh_.n_elems;
    cur_.assign(n, 0);
    nxt_.assign(n, 0);
    acc_.assign(n, 0);
    flux_.assign(std::size_t(M) * O::NF * mesh_.n_edges, 0);
    cfg_.bc_tables.resize(cfg_.boundaries.size());
    bind_tables();
    make_visit_order();
  }

  std::string name() const override {
    return "cpu (OpenMP, " + std::to_string(omp_get_max_threads()) + " threads)";
  }
  void set_state(const std::vector<double>& c) override { cur_ = c; }
  void get_state(std::vector<double>& c) override { c = cur_; }
  void set_boundary(int i, const BoundaryParams<double, M>& bc) override {
    cfg_.boundaries.at(i) = bc;
    bind_tables();
  }
  void set_time(double t, std::int64_t steps) override {
    t_ = t;
    steps_ = steps;
    rate_ = compute_rate(view(cur_));
  }
  void limit() override { limiter(view(cur_)); }
  std::size_t memory_bytes() const override {
    return (cur_.size() + nxt_.size() + acc_.size() + flux_.size()) * sizeof(Real) +
           (mesh_.geom.size() + mesh_.edge_geom.size() + mesh_.bnd_xy.size()) * sizeof(double) +
           (mesh_.elem_face.size() + mesh_.edge_elem.size() + mesh_.elem_node.size() +
            mesh_.node_elem_start.size() + mesh_.node_elem.size()) *
               sizeof(int) +
           mesh_.edge_side.size();
  }

  StepStatus advance(std::int64_t max_steps, double t_target) override {
    StepStatus st;
    for (std::int64_t n = 0; n < max_steps; ++n) {
      const double dt = next_dt(rate_, cfg_.cfl_factor, cfg_.fixed_dt, t_, t_target);
      if (dt <= 0) break;
      const bool ok = step(dt);
      if (!ok) {
        st.blew_up = true;
        break;
      }
      t_ = advance_time(t_, dt, t_target);
      ++steps_;
    }
    st.t = t_;
    st.steps = steps_;
    st.dt = next_dt(rate_, cfg_.cfl_factor, cfg_.fixed_dt, t_, t_target);
    return st;
  }

private:
  void bind_tables() {
    for (std::size_t i = 0; i < cfg_.boundaries.size(); ++i)
      cfg_.boundaries[i].table = cfg_.bc_tables[i].empty() ? nullptr : cfg_.bc_tables[i].data();
  }
  StateView<Real> view(std::vector<Real>& v) { return {v.data(), mesh_.n_elems}; }

  // One step; false (state untouched) when the new state is not admissible.
  bool step(double dt) {
    const auto U0 = view(cur_), OUT = view(nxt_), ACC = view(acc_);
    double rate = 0;
    for (std::size_t i = 0; i < cfg_.stages.size(); ++i) {
      const StageDef& s = cfg_.stages[i];
      const auto IN = i == 0 ? U0 : OUT;
      edges(IN, t_ + s.c * dt);
      const bool last = i + 1 == cfg_.stages.size();
      rate = elements(IN, U0, ACC, OUT, s.k, dt, last);
      limiter(OUT);
    }
    if (!std::isfinite(rate)) return false;
    rate_ = rate;
    std::swap(cur_, nxt_);
    return true;
  }

  void edges(const StateView<Real>& U, double t) {
    Real* F = flux_.data();
    for (const auto& bc : cfg_.boundaries) {
#pragma omp parallel for schedule(static)
      for (int i = bc.first; i < bc.first + bc.count; ++i)
        boundary_edge<P>(T_, phys_, view_, U, F, bc, t, edge_at(i));
    }
#pragma omp parallel for schedule(static)
    for (int i = mesh_.n_bedges; i < mesh_.n_edges; ++i)
      interior_edge<P>(T_, phys_, view_, U, F, edge_at(i));
  }

  double elements(const StateView<Real>& U, const StateView<Real>& U0, const StateView<Real>& ACC,
                  const StateView<Real>& OUT, const StageCoeffs<double>& c, double dt, bool rate) {
    double r = 0;
    const Real* F = flux_.data();
#pragma omp parallel for schedule(static) reduction(max : r)
    for (int i = 0; i < mesh_.n_elems; ++i) {
      const double rk =
          element_stage<P>(T_, phys_, view_, U, U0, ACC, OUT, F, c, dt, rate, elem_at(i));
      r = std::max(r, rk); // inadmissible cells report +inf
    }
    return r;
  }

  double compute_rate(const StateView<Real>& U) {
    double r = 0;
    constexpr double sqrt2 = 1.4142135623730951;
#pragma omp parallel for schedule(static) reduction(max : r)
    for (int k = 0; k < mesh_.n_elems; ++k) {
      Real mean[M];
      for (int v = 0; v < M; ++v) mean[v] = sqrt2 * U.c[(v * O::NP) * U.n + k];
      const double rk = phys_.admissible(mean) ? phys_.max_speed(mean) * inv_inradius(view_, k)
                                               : std::numeric_limits<double>::infinity();
      r = std::max(r, rk);
    }
    return r;
  }

  void limiter(const StateView<Real>& U) {
    if (!cfg_.limiter.barth_jespersen && !cfg_.limiter.positivity) return;
#pragma omp parallel for schedule(static)
    for (int i = 0; i < mesh_.n_elems; ++i)
      limit_element<P>(T_, phys_, view_, U, cfg_.limiter, elem_at(i));
  }

  // The visit order: the identity, or with cfg_.visit_seed a random permutation of the elements
  // and of the edges within each boundary group and within the interior edges.
  void make_visit_order() {
    if (cfg_.visit_seed == 0) return;
    std::mt19937_64 rng(cfg_.visit_seed);
    elem_perm_.resize(mesh_.n_elems);
    std::iota(elem_perm_.begin(), elem_perm_.end(), 0);
    std::shuffle(elem_perm_.begin(), elem_perm_.end(), rng);
    edge_perm_.resize(mesh_.n_edges);
    std::iota(edge_perm_.begin(), edge_perm_.end(), 0);
    for (const auto& bc : cfg_.boundaries)
      std::shuffle(edge_perm_.begin() + bc.first, edge_perm_.begin() + bc.first + bc.count, rng);
    std::shuffle(edge_perm_.begin() + mesh_.n_bedges, edge_perm_.end(), rng);
  }
  int elem_at(int i) const {
    return elem_perm_.empty() ? i : elem_perm_[i];
  }
  int edge_at(int i) const {
    return edge_perm_.empty() ? i : edge_perm_[i];
  }

  std::vector<int> elem_perm_, edge_perm_;
  DGTables<P, Real> T_;
  Phys phys_;
  MeshArrays mesh_;
  BackendConfig<M> cfg_;
  MeshView<Real> view_;
  std::vector<Real> cur_, nxt_, acc_, flux_;
  double t_ = 0, rate_ = 0;
  std::int64_t steps_ = 0;
};

template <class Phys, int P>
std::unique_ptr<Backend<Phys::M>> make_cpu_backend_p(const Phys& phys, const BasisTables& t,
                                                     const MeshArrays& m,
                                                     const BackendConfig<Phys::M>& c) {
  return std::make_unique<CpuBackend<P, Phys>>(phys, t, m, c);
}

} // namespace tridg
