#pragma once
// Newton-Krylov for the implicit schemes' nonlinear systems, all of the form
//     L(U) - s (U - base) = 0          (s per element: 1 / (gamma dt), or 1 / dt_k in pseudo-time)
// each Newton step solving (s I - dL/du) dU = L(U) - s (U - base) by GMRES, with the assembled
// block Jacobian or its matrix-free finite-difference product, preconditioned by block Jacobi
// block ILU(0), or a p-multigrid V-cycle (smoothed by block Jacobi, block ILU(0), block
// Gauss-Seidel in colours or vertex patches); or, given a device system, the whole linear solve
// on the GPU.
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "backends/implicit/block_ilu.hpp"
#include "backends/implicit/block_matrix.hpp"
#include "backends/implicit/device_system.hpp"
#include "backends/implicit/dg_operator.hpp"
#include "backends/implicit/gmres.hpp"
#include "backends/implicit/implicit_params.hpp"
#include "backends/implicit/p_multigrid.hpp"

namespace tridg {

// Adds the seconds of its lifetime to `into`.
class Seconds {
public:
  explicit Seconds(double& into) : into_(into), t0_(std::chrono::steady_clock::now()) {}
  ~Seconds() {
    into_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  }
  Seconds(const Seconds&) = delete;
  Seconds& operator=(const Seconds&) = delete;

private:
  double& into_;
  std::chrono::steady_clock::time_point t0_;
};

struct NewtonCounters {
  long newton = 0, gmres = 0, linear_unconverged = 0;
  long jacobians = 0;                          // Jacobian assemblies (with their factorisations)
  double last_update = 0;                      // relative RMS of the last Newton update
  double last_linear_residual = 0;             // relative residual of the last GMRES solve
  double build_seconds = 0, solve_seconds = 0; // in assembly and factorisation, in GMRES
};

template <int P, class Phys> class NewtonKrylov {
public:
  using Op = DgOperator<P, Phys>;
  static constexpr int NP = Op::NP, B = Op::B;

  // With `device` the linear systems are built and solved on a GPU; the host's preconditioner is
  // then not made.
  NewtonKrylov(Op& op, const ImplicitParams& prm,
               std::unique_ptr<DeviceSystem<HostBoundary<Phys>>> device = nullptr)
      : op_(op), prm_(prm),
        block_(prm.preconditioner == "block_ilu0" ? Smoother::block_ilu0 : Smoother::block_jacobi),
        device_(std::move(device)) {
    if (prm.preconditioner == "p_multigrid" && !device_) {
      const Smoother sm = prm.smoother == "block_jacobi"    ? Smoother::block_jacobi
                          : prm.smoother == "vertex_patch"  ? Smoother::vertex_patch
                          : prm.smoother == "multicolor_gs" ? Smoother::multicolor_gs
                                                            : Smoother::block_ilu0;
      mg_ = std::make_unique<PMultigrid>(
          P, Phys::M, sm, prm.mg_coarse_sweeps,
          sm == Smoother::vertex_patch ? op.vertex_patches() : nullptr, prm.mg_agglomerate);
    }
  }

  const DeviceSystem<HostBoundary<Phys>>* device() const { return device_.get(); }
  void set_boundary(int i, const HostBoundary<Phys>& bc) {
    if (device_) device_->set_boundary(i, bc);
  }

  // du from (diag(shift) - J(u)) du = rhs, where Lu = L(u). With rebuild false, the Jacobian
  // and the preconditioner of an earlier call with the same shifts are used again (when there is
  // one): the product is then that earlier Jacobian's unless it is matrix-free.
  GmresResult linear_solve(const Vec& u, double t, const std::vector<double>& shift, const Vec& Lu,
                           const Vec& rhs, Vec& du, bool rebuild = true) {
    const bool matrix_free = prm_.jacobian == "matrix_free";
    const bool jacobi = prm_.preconditioner == "block_jacobi";
    const bool block = jacobi || prm_.preconditioner == "block_ilu0";
    const bool mg = mg_ != nullptr;
    if (rebuild || !built_ || shift != built_shift_) {
      const Seconds timer(counters_.build_seconds);
      built_ = false;
      ++counters_.jacobians;
      built_shift_ = shift;
      if (device_) {
        if (!device_->build(u, t, shift)) return setup_failed(rhs, du);
      } else {
        // block_ilu0 and p_multigrid need the whole pattern even with the matrix-free product.
        if (!matrix_free || block || mg) op_.jacobian(u, t, A_, matrix_free && jacobi);
        A_.shift = shift;
        // A singular block: reported as an unconverged solve.
        if ((block && !block_.factor(A_)) || (mg && !mg_->factor(A_))) return setup_failed(rhs, du);
      }
      built_ = true;
    }
    const Seconds timer(counters_.solve_seconds);
    if (device_) return count(device_->solve(rhs, du));
    const LinearOp product = [&](const Vec& x, Vec& y) {
      if (!matrix_free) return apply(A_, x, y);
      // J x ~ (L(u + eps x) - L(u)) / eps, eps balancing truncation against round-off.
      const double xn = rms(x);
      if (xn == 0) return y.assign(x.size(), 0.0);
      const double eps = 1e-7 * (1 + rms(u)) / xn;
      up_ = u;
      axpy(eps, x, up_);
      op_.residual(up_, t, Lp_);
      y.resize(x.size());
      const int n = op_.n_elems();
#pragma omp parallel for schedule(static)
      for (int k = 0; k < n; ++k)
        for (int r = 0; r < B; ++r) {
          const std::size_t i = std::size_t(r) * n + k;
          y[i] = shift[k] * x[i] - (Lp_[i] - Lu[i]) / eps;
        }
    };
    const LinearOp precond = [&](const Vec& x, Vec& y) {
      if (block)
        block_.solve(x, y);
      else if (mg)
        mg_->solve(x, y);
      else
        y = x;
    };
    return count(
        gmres(product, precond, rhs, du, prm_.gmres_tol, prm_.gmres_restart, prm_.gmres_max));
  }

  // The next solve starts a new implicit step: its first Newton iteration builds the Jacobian.
  void begin_step() {
    built_ = false;
  }

  // Solves L(U) - s (U - base) = 0 for U, from U's value. The Jacobian is rebuilt every
  // rebuild_every Newton iterations, counted across the solves of one step (ESDIRK3's stages
  // share the shift), and at once when an iteration on an older one contracts the update by
  // less than half. On failure, U is unspecified and `why` says what went wrong.
  bool solve(Vec& U, const Vec& base, double s, double t, std::string& why) {
    shift_.assign(op_.n_elems(), s);
    const int n = op_.n_elems();
    double last_rel = 0;
    for (int it = 1; it <= prm_.newton_max; ++it) {
      op_.residual(U, t, L_);
      rhs_.resize(U.size());
#pragma omp parallel for schedule(static)
      for (int k = 0; k < n; ++k)
        for (int r = 0; r < B; ++r) {
          const std::size_t i = std::size_t(r) * n + k;
          rhs_[i] = L_[i] - s * (U[i] - base[i]);
        }
      if (!std::isfinite(rms(rhs_))) {
        why = "the residual is not finite";
        return false;
      }
      const bool rebuild = !built_ || age_ >= prm_.rebuild_every;
      if (rebuild) age_ = 0;
      if (linear_solve(U, t, shift_, L_, rhs_, dU_, rebuild).setup_failed) {
        why = "the linear system could not be set up (a singular block of the Jacobian: a cell "
              "where the update does not change the residual, such as a dry cell)";
        return false;
      }
      ++age_;
      // An update that would leave a cell mean inadmissible (a depth, a density or a pressure
      // not positive: thin water under strong friction, a strong expansion) is halved until it
      // does not; the residual there would not be defined.
      double step = 1;
      for (int halved = 0;; ++halved, step *= 0.5) {
        trial_ = U;
        axpy(step, dU_, trial_);
        if (op_.means_admissible(trial_)) break;
        if (halved == 30) {
          why = "every Newton update, down to 2^-30 of it, leaves a non-physical state";
          return false;
        }
      }
      U.swap(trial_);
      ++counters_.newton;
      const double rel = step * rms(dU_) / std::max(rms(U), 1e-300);
      counters_.last_update = rel;
      if (!std::isfinite(rel)) {
        why = "the Newton update is not finite";
        return false;
      }
      if (rel <= prm_.newton_tol) return true;
      if (age_ > 1 && it > 1 && rel > 0.5 * last_rel) built_ = false; // too stale to contract
      last_rel = rel;
    }
    why = "Newton did not converge in " + std::to_string(prm_.newton_max) +
          " iterations (last relative update " + std::to_string(counters_.last_update) + ")";
    return false;
  }

  const NewtonCounters& counters() const {
    return counters_;
  }

private:
  // A zero update of the right size, so that no caller reads a stale or empty one.
  static GmresResult setup_failed(const Vec& rhs, Vec& du) {
    du.assign(rhs.size(), 0.0);
    GmresResult g;
    g.residual = 1.0;
    g.setup_failed = true;
    return g;
  }
  const GmresResult& count(const GmresResult& g) {
    counters_.gmres += g.iterations;
    counters_.last_linear_residual = g.residual;
    if (!g.converged) ++counters_.linear_unconverged;
    return g;
  }

  Op& op_;
  const ImplicitParams& prm_;
  BlockMatrix A_;
  BlockSmoother block_;            // block_jacobi, block_ilu0
  std::unique_ptr<PMultigrid> mg_; // p_multigrid
  std::unique_ptr<DeviceSystem<HostBoundary<Phys>>> device_;
  NewtonCounters counters_;
  bool built_ = false; // the Jacobian and its factorisation (host or device) are of built_shift_
  std::vector<double> built_shift_;
  int age_ = 0; // Newton iterations since the Jacobian was built
  Vec L_, rhs_, dU_, up_, Lp_, trial_;
  std::vector<double> shift_;
};

} // namespace tridg
