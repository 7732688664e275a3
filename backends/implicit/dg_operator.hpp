#pragma once
// The DG spatial operator as the implicit schemes see it, on the host: the right-hand side L(u)
// from the same edge and element kernels as the explicit step (kernels/dg_edge.hpp,
// kernels/dg_element.hpp), its exact block Jacobian (kernels/dg_jacobian.hpp), and the CFL rates
// that set pseudo-time steps. Every loop writes per edge or per element only.
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "backends/backend.hpp"
#include "backends/convert.hpp"
#include "backends/host_view.hpp"
#include "backends/implicit/block_matrix.hpp"
#include "backends/implicit/vertex_patch.hpp"
#include "kernels/dg_jacobian.hpp"

namespace tridg {

template <int P, class Phys> class DgOperator {
public:
  static constexpr int M = Phys::M, NP = Order<P>::NP, B = M * NP;

  DgOperator(const Phys& phys, const BasisTables& tables, const MeshArrays& mesh,
             const BackendConfig<HostBoundary<Phys>>& cfg)
      : T_(to_dg_tables<P, double>(tables)), phys_(phys), mesh_(mesh), boundaries_(cfg.boundaries),
        tables_(cfg.bc_tables) {
    tables_.resize(boundaries_.size());
    view_ = host_view(mesh_);
    flux_.assign(std::size_t(M) * Order<P>::NF * mesh_.n_edges, 0.0);
    bind_tables();
  }

  int n_elems() const { return mesh_.n_elems; }
  const Phys& phys() const { return phys_; }
  const MeshView<double>& view() const { return view_; }
  std::size_t size() const { return std::size_t(B) * mesh_.n_elems; }
  std::size_t memory_bytes() const {
    return (flux_.size() + mesh_.geom.size() + mesh_.edge_geom.size() + mesh_.bnd_xy.size()) *
           sizeof(double);
  }
  void set_boundary(int i, const HostBoundary<Phys>& bc) {
    boundaries_.at(i) = bc;
    bind_tables();
  }
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) {
    std::copy(aux.begin(), aux.end(), mesh_.aux.begin());
    std::copy(edge_aux.begin(), edge_aux.end(), mesh_.edge_aux.begin());
  }

  // r = L(u) at time t.
  void residual(const Vec& u, double t, Vec& r) {
    r.resize(u.size());
    const StateView<double> U{const_cast<double*>(u.data()), mesh_.n_elems};
    double* F = flux_.data();
    for (const auto& bc : boundaries_) {
#pragma omp parallel for schedule(static)
      for (int e = bc.first; e < bc.first + bc.count; ++e)
        boundary_edge<P>(T_, phys_, view_, U, F, bc, t, e);
    }
#pragma omp parallel for schedule(static)
    for (int e = mesh_.n_bedges; e < mesh_.n_edges; ++e)
      interior_edge<P>(T_, phys_, view_, U, F, e);
    const int n = mesh_.n_elems;
#pragma omp parallel for schedule(static)
    for (int k = 0; k < n; ++k) {
      double uk[M][NP], rk[M][NP];
      element_rhs<P>(T_, phys_, view_, U, F, k, uk, rk);
      for (int v = 0; v < M; ++v)
        for (int j = 0; j < NP; ++j) r[std::size_t(v * NP + j) * n + k] = rk[v][j];
    }
  }

  // The block rows of dL/du at u (only the diagonal blocks with diag_only); A.shift untouched.
  void jacobian(const Vec& u, double t, BlockMatrix& A, bool diag_only) {
    const int n = mesh_.n_elems;
    if (A.n != n || A.B != B) A.resize(n, B);
    const StateView<double> U{const_cast<double*>(u.data()), n};
    const JacobianPhysics<Phys> jp(phys_);
#pragma omp parallel for schedule(static)
    for (int k = 0; k < n; ++k)
      jacobian_row<P>(T_, jp, view_, U, dual_boundaries_.data(), int(dual_boundaries_.size()), t, k,
                      diag_only, RowMajorBlocks{A.row(k), B}, A.col.data() + std::size_t(k) * 4);
  }

  // The elements around each mesh vertex (the vertex-patch smoother's patches).
  std::shared_ptr<const VertexPatches> vertex_patches() const {
    return std::make_shared<const VertexPatches>(make_vertex_patches(mesh_));
  }

  // Each element's CFL rate (largest wave speed over inscribed radius) of its mean; +inf where
  // the mean is not admissible.
  void rates(const Vec& u, std::vector<double>& rate) const {
    const int n = mesh_.n_elems;
    rate.resize(n);
#pragma omp parallel for schedule(static)
    for (int k = 0; k < n; ++k) {
      double mean[M];
      for (int v = 0; v < M; ++v) mean[v] = cell_mean(u[std::size_t(v * NP) * n + k]);
      rate[k] = phys_.admissible(mean) ? cfl_rate<P>(phys_, view_, k, mean)
                                       : std::numeric_limits<double>::infinity();
    }
  }

  // Whether every element's mean is admissible.
  bool means_admissible(const Vec& u) const {
    const int n = mesh_.n_elems;
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (int k = 0; k < n; ++k) {
      double mean[M];
      for (int v = 0; v < M; ++v) mean[v] = cell_mean(u[std::size_t(v * NP) * n + k]);
      if (!phys_.admissible(mean)) ++bad;
    }
    return bad == 0;
  }

  // Whether every element's polynomial is admissible at its mean and view points.
  bool admissible(const Vec& u) const {
    const int n = mesh_.n_elems;
    int bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (int k = 0; k < n; ++k) {
      double c[M][NP], mean[M];
      for (int v = 0; v < M; ++v) {
        for (int j = 0; j < NP; ++j) c[v][j] = u[std::size_t(v * NP + j) * n + k];
        mean[v] = cell_mean(c[v][0]);
      }
      if (!phys_.admissible(mean) || !admissible_at_points<P>(T_, phys_, c)) ++bad;
    }
    return bad == 0;
  }

private:
  void bind_tables() {
    dual_boundaries_.clear();
    for (std::size_t i = 0; i < boundaries_.size(); ++i) {
      boundaries_[i].table = tables_[i].empty() ? nullptr : tables_[i].data();
      dual_boundaries_.push_back(to_real<Dual<JacobianDirs<Phys>::one>>(boundaries_[i]));
    }
  }

  DGTables<P, double> T_;
  Phys phys_;
  MeshArrays mesh_;
  MeshView<double> view_;
  std::vector<HostBoundary<Phys>> boundaries_;
  std::vector<JacobianBoundary<Phys>> dual_boundaries_; // the Jacobian's, sharing the tables
  std::vector<std::vector<double>> tables_;
  std::vector<double> flux_;
};

} // namespace tridg
