#pragma once
// A backend for one part of a partitioned mesh that looks, to the run loop, like a backend of
// the whole mesh: the state crosses the interface in the whole mesh's element order (every rank
// gets all of it back from get_state, rank 0 alone from gather_state), boundary groups in the
// whole mesh's edge ranges; observers read the elements they need that the rank owns
// (get_elements) and the maxima of its owned elements in place (get_maxima). Inside,
// the backend of the part runs the step driver with the halo exchange.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "backends/backend.hpp"
#include "parallel/comm.hpp"
#include "parallel/local_mesh.hpp"

namespace tridg {

template <class Bc> class PartitionedBackend final : public Backend<Bc> {
public:
  // `read_alone`: the "whole mesh" is the part as this rank read it (io/mesh.hpp's MeshPart), so
  // the state crosses in that part's order and no rank gathers anything.
  PartitionedBackend(std::unique_ptr<HaloTransport> transport,
                     std::shared_ptr<const HaloLayout> layout, LocalPart part,
                     std::unique_ptr<Backend<Bc>> inner, int n_elems, int n_edges,
                     bool read_alone = false)
      : transport_(std::move(transport)), layout_(std::move(layout)), part_(std::move(part)),
        inner_(std::move(inner)), n_elems_(n_elems), n_edges_(n_edges), read_alone_(read_alone),
        owned_column_(std::size_t(n_elems), -1) {
    for (int i = 0; i < layout_->n_owned; ++i) owned_column_[std::size_t(part_.elem_global[i])] = i;
  }

  std::string name() const override {
    return inner_->name() + " x " + std::to_string(par::size()) + " ranks";
  }
  void set_state(const std::vector<double>& c) override {
    const std::size_t nl = part_.elem_global.size(), E = n_elems_;
    const std::size_t rows = c.size() / E; // M * NP
    std::vector<double> local(rows * nl);
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t i = 0; i < nl; ++i) local[r * nl + i] = c[r * E + part_.elem_global[i]];
    inner_->set_state(local);
  }
  void get_state(std::vector<double>& c) override { collect(c, true); }
  void gather_state(std::vector<double>& c) override { collect(c, false); }
  void get_elements(const std::vector<std::int32_t>& elems, std::vector<double>& c,
                    std::vector<char>& owned) override {
    std::vector<std::int32_t> local; // the part's columns of the listed elements it owns
    owned.assign(elems.size(), 0);
    for (std::size_t i = 0; i < elems.size(); ++i)
      if (const std::int32_t col = owned_column_[std::size_t(elems[i])]; col >= 0) {
        local.push_back(col);
        owned[i] = 1;
      }
    std::vector<double> got;
    std::vector<char> ignored;
    inner_->get_elements(local, got, ignored);
    const std::size_t m = elems.size(), ml = local.size();
    const std::size_t rows = ml ? got.size() / ml : 0;
    c.assign(rows * m, 0.0);
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t i = 0, j = 0; i < m; ++i)
        if (owned[i]) c[r * m + i] = got[r * ml + j++];
  }
  void start_maxima(const MaximaRule& rule) override { inner_->start_maxima(rule); }
  void sample_maxima() override { inner_->sample_maxima(); }
  void get_maxima(ElementMaxima& m) override {
    inner_->get_maxima(m);
    m.index = owned_column_.data(); // the part's owned elements come first, at their columns
  }
  void set_time(double t, std::int64_t steps) override { inner_->set_time(t, steps); }
  void set_boundary(int index, const Bc& bc) override {
    Bc local = bc;
    local.first = part_.local_groups.at(index).first;
    local.count = part_.local_groups[index].last - part_.local_groups[index].first;
    inner_->set_boundary(index, local);
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) override {
    std::vector<double> a, ea;
    cut_part_aux(part_, aux, edge_aux, n_elems_, n_edges_, a, ea);
    inner_->set_aux(a, ea);
  }
  void limit() override { inner_->limit(); }
  StepStatus advance(std::int64_t max_steps, double t_target) override {
    return inner_->advance(max_steps, t_target);
  }
  std::size_t memory_bytes() const override { return inner_->memory_bytes(); }
  std::vector<std::pair<std::string, double>> kernel_times() const override {
    return inner_->kernel_times();
  }
  void enable_profiling(bool on) override { inner_->enable_profiling(on); }

private:
  // The owned elements' state in the whole order, on every rank (all) or on rank 0 alone; for a
  // part read alone, every element the rank holds, in its own order.
  void collect(std::vector<double>& c, bool all) {
    std::vector<double> local;
    inner_->get_state(local);
    const std::size_t nl = part_.elem_global.size(), no = layout_->n_owned;
    const int width = int(local.size() / nl);
    if (read_alone_) {
      const std::size_t E = std::size_t(n_elems_);
      c.assign(std::size_t(width) * E, 0.0);
      for (std::size_t r = 0; r < std::size_t(width); ++r)
        for (std::size_t i = 0; i < nl; ++i) c[r * E + part_.elem_global[i]] = local[r * nl + i];
      return;
    }
    // Owned elements' rows (all coefficients of one element together), to the whole order.
    std::vector<double> rows(no * width);
    for (std::size_t i = 0; i < no; ++i)
      for (int r = 0; r < width; ++r) rows[i * width + r] = local[r * nl + i];
    const std::vector<std::int32_t> index(part_.elem_global.begin(),
                                          part_.elem_global.begin() + no);
    const std::vector<double> got = all ? par::allgather_rows(rows, index, width, n_elems_)
                                        : par::gather_rows(rows, index, width, n_elems_);
    c.resize(got.size());
    if (got.empty()) return;
    for (std::size_t k = 0; k < std::size_t(n_elems_); ++k)
      for (int r = 0; r < width; ++r) c[r * std::size_t(n_elems_) + k] = got[k * width + r];
  }

  // Declared first, destroyed last: the inner backend uses both until it is gone.
  std::unique_ptr<HaloTransport> transport_;
  std::shared_ptr<const HaloLayout> layout_;
  LocalPart part_;
  std::unique_ptr<Backend<Bc>> inner_;
  int n_elems_, n_edges_;
  bool read_alone_;
  std::vector<std::int32_t> owned_column_; // whole-mesh element -> column of an owned one, or -1
};

// The part of this rank: cuts the mesh and the boundary data, sets up the exchange and creates
// the part's backend with `make` (a function of the part's mesh and configuration).
// `device_pointers`: the exchange takes the backend's device memory (DeviceAwareMpi).
// With `gid` (a part read alone: parallel/local_mesh.hpp), `whole` is that part.
// M: the physics' number of variables (the states of per-point tables).
template <int M, class Bc, class Make>
std::unique_ptr<Backend<Bc>>
make_partitioned_backend(const MeshArrays& whole, BackendConfig<Bc> cfg,
                         const std::vector<std::int32_t>& owner, bool limiter_reads_neighbours,
                         bool device_pointers, Make&& make,
                         const std::vector<std::int64_t>* gid = nullptr) {
  std::vector<Range> groups;
  int covered = 0;
  for (const auto& b : cfg.boundaries) {
    groups.push_back({b.first, b.first + b.count});
    covered += b.count;
  }
  if (covered != whole.n_bedges)
    fail(ExitCode::internal, "boundary groups do not cover the boundary edges");
  LocalPart part =
      make_local_part(whole, owner, par::rank(), limiter_reads_neighbours, groups, gid);
  auto transport =
      par::make_halo_transport(part.neighbours, part.rows_send, part.rows_recv, device_pointers);
  auto layout = std::make_shared<HaloLayout>(part.layout);
  layout->transport = transport.get();
  for (std::size_t i = 0; i < cfg.boundaries.size(); ++i) {
    cfg.boundaries[i].first = part.local_groups[i].first;
    cfg.boundaries[i].count = part.local_groups[i].last - part.local_groups[i].first;
    // Ghost states per edge point are cut to the part's edges; other tables (a water level's
    // time series) hold no per-edge data and stay whole.
    if (i < cfg.bc_tables.size() && cfg.boundaries[i].per_point)
      cfg.bc_tables[i] = cut_boundary_table(cfg.bc_tables[i], part, int(i), M);
  }
  cfg.halo = layout;
  std::unique_ptr<Backend<Bc>> inner = make(part.mesh, cfg);
  return std::make_unique<PartitionedBackend<Bc>>(std::move(transport), std::move(layout),
                                                  std::move(part), std::move(inner), whole.n_elems,
                                                  whole.n_edges, gid != nullptr);
}

} // namespace tridg
