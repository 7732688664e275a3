#pragma once
// The OpenMP backend: the generic kernels in parallel loops over edges and elements, driven by
// the shared step driver. Included only by the generated translation units that instantiate it
// for one physics (each compiles in parallel).
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "backends/convert.hpp"
#include "backends/cpu/cpu_backend.hpp"
#include "backends/cpu/cpu_lts_backend.hpp"
#include "backends/element_columns.hpp"
#include "backends/host_maxima.hpp"
#include "backends/host_view.hpp"
#include "backends/order_dispatch.hpp"
#include "backends/registry.hpp"
#include "backends/step_driver.hpp"
#include "kernels/dg_element.hpp"
#include "kernels/dg_limiter.hpp"

namespace tridg {

template <int P, class Phys>
class CpuBackend final : public StepDriver<CpuBackend<P, Phys>, HostBoundary<Phys>> {
  using Real = double;
  static constexpr int M = Phys::M;
  using O = Order<P>;
  static_assert(check_physics<Phys, Real>());
  friend class StepDriver<CpuBackend<P, Phys>, HostBoundary<Phys>>;
  template <class B> friend void record_step(B&, const std::vector<StageDef>&, bool);

public:
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    set_host_aux(mesh_, aux, edge_aux); // the view's pointers stay valid
  }
  CpuBackend(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
             const BackendConfig<HostBoundary<Phys>>& cfg)
      : T_(to_dg_tables<P, Real>(tables)), phys_(phys), mesh_(mesh), cfg_(cfg) {
    view_ = host_view(mesh_);
    const std::size_t n = std::size_t(M) * O::NP * mesh_.n_elems;
    state_[0].assign(n, 0);
    state_[1].assign(n, 0);
    acc_.assign(n, 0);
    flux_.assign(std::size_t(M) * O::NF * mesh_.n_edges, 0);
    cfg_.bc_tables.resize(cfg_.boundaries.size());
    bind_tables();
    make_visit_order();
    this->init_control(cfg_, limits_own_coefficients<Phys>);
  }

  std::string name() const override {
    return "cpu (OpenMP, " + std::to_string(omp_get_max_threads()) + " threads)";
  }
  void set_state(const std::vector<double>& c) override { state_[ctl_.parity] = c; }
  void get_state(std::vector<double>& c) override { c = state_[ctl_.parity]; }
  void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                    std::vector<char>& owned) override {
    gather_columns(state_[ctl_.parity].data(), std::size_t(mesh_.n_elems), std::size_t(M) * O::NP,
                   elems, c);
    owned.assign(elems.size(), 1);
  }
  void start_maxima(const MaximaRule& rule) override {
    maxima_.start<Phys>(rule, mesh_.n_elems, owned_range(halo(), mesh_.n_elems).last);
    sample_maxima();
  }
  void sample_maxima() override { launch_maxima(); }
  void get_maxima(ElementMaxima& m) override { maxima_.get(m); }
  void set_boundary(int i, const HostBoundary<Phys>& bc) override {
    cfg_.boundaries.at(i) = bc;
    bind_tables();
  }
  std::size_t memory_bytes() const override {
    return (state_[0].size() + state_[1].size() + acc_.size() + flux_.size()) * sizeof(Real) +
           (mesh_.geom.size() + mesh_.edge_geom.size() + mesh_.bnd_xy.size() + mesh_.aux.size() +
            mesh_.edge_aux.size()) *
               sizeof(double) +
           (mesh_.elem_face.size() + mesh_.edge_elem.size() + mesh_.elem_node.size() +
            mesh_.node_elem_start.size() + mesh_.node_elem.size()) *
               sizeof(int) +
           mesh_.edge_side.size() + maxima_.bytes();
  }

private:
  // ---- the step driver's seam ----
  void read_control(StepControl& c) const { c = ctl_; }
  void write_control(const StepControl& c) { ctl_ = c; }
  void run_steps(std::int64_t n) {
    for (std::int64_t i = 0; i < n && ctl_.dt > 0; ++i) this->step_once();
  }
  StateView<Real> current() { return view(state_[ctl_.parity]); }
  StateView<Real> next() { return view(state_[1 - ctl_.parity]); }
  StateView<Real> stage_input(bool first) { return first ? current() : next(); }

  void launch_edges(int, bool first, double c, Part part) {
    if (ctl_.dt <= 0) return;
    const StateView<Real> U = stage_input(first);
    const Real t = ctl_.t + c * ctl_.dt;
    Real* F = flux_.data();
    if (has_boundary_edges(part))
      for (const auto& bc : cfg_.boundaries) {
#pragma omp parallel for schedule(static)
        for (int i = bc.first; i < bc.first + bc.count; ++i)
          boundary_edge<P>(T_, phys_, view_, U, F, bc, t, edge_at(i));
      }
    const Range r = interior_edge_range(halo(), mesh_.n_bedges, mesh_.n_edges, part);
#pragma omp parallel for schedule(static)
    for (int i = r.first; i < r.last; ++i) interior_edge<P>(T_, phys_, view_, U, F, edge_at(i));
  }

  void launch_elements(int stage, bool first, bool last, Part part) {
    if (ctl_.dt <= 0) return;
    const StateView<Real> U = stage_input(first), U0 = current(), OUT = next(), ACC = view(acc_);
    const StageCoeffs<double>& c = this->stages()[stage].k;
    const Real dt = ctl_.dt;
    const Real* F = flux_.data();
    const bool check_points = last && !cfg_.limiter.positivity;
    const bool limit = this->limits_in_stage();
    const Range e = update_range(halo(), mesh_.n_elems, part);
    double r = 0;
#pragma omp parallel for schedule(static) reduction(max : r)
    for (int i = e.first; i < e.last; ++i) {
      const double rk = element_stage<P>(T_, phys_, view_, U, U0, ACC, OUT, F, c, dt, last,
                                         check_points, limit, cfg_.limiter, elem_at(i));
      r = std::max(r, rk); // inadmissible cells report +inf
    }
    // NaN compares false in max: make it +inf so the control sees it.
    r = std::isnan(r) ? std::numeric_limits<double>::infinity() : r;
    // The halo part follows the local part of the same stage: the rate covers both.
    rate_ = part == Part::halo ? std::max(rate_, r) : r;
  }

  void launch_limiter(bool on_current) {
    if (!on_current && ctl_.dt <= 0) return;
    const StateView<Real> U = on_current ? current() : next();
    const Range e = limit_range(halo(), mesh_.n_elems);
#pragma omp parallel for schedule(static)
    for (int i = e.first; i < e.last; ++i)
      limit_element<P>(T_, phys_, view_, U, cfg_.limiter, elem_at(i));
  }

  void launch_rate() {
    const StateView<Real> U = current();
    const Range e = owned_range(halo(), mesh_.n_elems);
    double r = 0;
#pragma omp parallel for schedule(static) reduction(max : r)
    for (int k = e.first; k < e.last; ++k) r = std::max(r, element_rate<P>(phys_, view_, U, k));
    rate_ = std::isnan(r) ? std::numeric_limits<double>::infinity() : r;
  }

  void launch_control(bool init) {
    if (!init && ctl_.dt <= 0) return;
    finish_step(ctl_, halo() ? halo()->transport->max(rate_) : rate_, init);
  }

  void launch_maxima() {
    maxima_.track<P>(phys_, view_, current(), ctl_.t);
  }

  // ---- parts of a partitioned mesh ----
  const HaloLayout* halo() const {
    return cfg_.halo.get();
  }
  bool partitioned() const {
    return halo() != nullptr;
  }
  // Packs the rows of the elements the neighbours need and starts the exchange.
  void halo_begin(bool on_current) {
    const HaloLayout& h = *halo();
    const std::vector<Real>& s = on_current ? state_[ctl_.parity] : state_[1 - ctl_.parity];
    const std::size_t n = mesh_.n_elems;
    constexpr int W = M * O::NP;
    send_.resize(h.send_elems.size() * W);
    recv_.resize(h.recv_elems.size() * W);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < h.send_elems.size(); ++i)
      for (int c = 0; c < W; ++c) send_[i * W + c] = s[c * n + h.send_elems[i]];
    h.transport->begin(send_.data(), recv_.data(), W * sizeof(Real));
  }
  void halo_end(bool on_current) {
    const HaloLayout& h = *halo();
    h.transport->end();
    std::vector<Real>& s = on_current ? state_[ctl_.parity] : state_[1 - ctl_.parity];
    const std::size_t n = mesh_.n_elems;
    constexpr int W = M * O::NP;
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < h.recv_elems.size(); ++i)
      for (int c = 0; c < W; ++c) s[c * n + h.recv_elems[i]] = recv_[i * W + c];
  }

  void bind_tables() {
    bind_host_tables(cfg_);
  }
  StateView<Real> view(std::vector<Real>& v) {
    return {v.data(), mesh_.n_elems};
  }

  // The visit order: the identity, or with cfg_.visit_seed a random permutation of the elements
  // and of the edges within each boundary group and within the interior edges.
  void make_visit_order() {
    if (cfg_.visit_seed == 0) return;
    std::mt19937_64 rng(cfg_.visit_seed);
    elem_perm_.resize(mesh_.n_elems);
    std::iota(elem_perm_.begin(), elem_perm_.end(), 0);
    // Shuffled within pieces that every launch's range is a union of (updates: inner, others;
    // limiter: up to the first ghost layer).
    std::vector<Range> pieces = {{0, mesh_.n_elems}};
    if (const HaloLayout* h = halo())
      pieces = {{0, h->n_inner}, {h->n_inner, h->n_limit}, {h->n_limit, h->n_update}};
    for (const Range& e : pieces)
      std::shuffle(elem_perm_.begin() + e.first, elem_perm_.begin() + e.last, rng);
    edge_perm_.resize(mesh_.n_edges);
    std::iota(edge_perm_.begin(), edge_perm_.end(), 0);
    for (const auto& bc : cfg_.boundaries)
      std::shuffle(edge_perm_.begin() + bc.first, edge_perm_.begin() + bc.first + bc.count, rng);
    for (const Part part : {Part::local, Part::halo}) {
      const Range r = interior_edge_range(halo(), mesh_.n_bedges, mesh_.n_edges, part);
      std::shuffle(edge_perm_.begin() + r.first, edge_perm_.begin() + r.last, rng);
      if (!halo()) break;
    }
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
  BackendConfig<HostBoundary<Phys>> cfg_;
  MeshView<Real> view_;
  std::vector<Real> state_[2], acc_, flux_, send_, recv_;
  StepControl ctl_{};
  double rate_ = 0;
  HostMaxima maxima_;
};

// The factory of kernels/../cpu_backend.hpp for one physics: the order is dispatched here.
template <class Phys>
std::unique_ptr<Backend<HostBoundary<Phys>>>
make_cpu_backend(const Phys& phys, const BasisTables& t, const MeshArrays& m,
                 const BackendConfig<HostBoundary<Phys>>& c) {
  if (c.single_precision)
    fail(ExitCode::bad_case, "--precision single is not supported by the CPU backend (it runs "
                             "in double precision); use " +
                                 (gpu_device_choice().empty() ? "" : gpu_device_choice() + " or ") +
                                 "--precision double");
  return dispatch_order(c.order, [&](auto P) -> std::unique_ptr<Backend<HostBoundary<Phys>>> {
    if (c.lts.max_levels > 0)
      return std::make_unique<CpuLtsBackend<decltype(P)::value, Phys>>(phys, t, m, c);
    return std::make_unique<CpuBackend<decltype(P)::value, Phys>>(phys, t, m, c);
  });
}

} // namespace tridg
