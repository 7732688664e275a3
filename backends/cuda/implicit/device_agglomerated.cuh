#pragma once
// The agglomerated levels of the device's p-multigrid (backends/implicit/agglomeration.hpp): their
// shapes made on the host once, their blocks summed on the device at each build, and the level
// operations the V-cycle needs, as the host's PMultigrid does them
// (backends/implicit/block_csr.hpp).
#include <cuda_runtime.h>

#include <deque>
#include <vector>

#include "backends/cuda/cuda_check.cuh"
#include "backends/cuda/implicit/csr_kernels.cuh"
#include "backends/implicit/agglomeration.hpp"

namespace tridg {

// A level's solution and work vectors on the device.
struct DeviceLevelWork {
  DeviceArray<double> x, r, Ax, ec, rc;
};

template <int M> class DeviceAgglomerated {
public:
  struct Level : DeviceLevelWork {
    int n = 0;
    DeviceArray<int> rowptr, col, src_start, src; // pattern, Galerkin sources
    DeviceArray<int> of, start, members;          // groups of the level above
    DeviceArray<double> A, D; // blocks and the inverses of the diagonal ones, [row][M][M]
  };

  // The shapes from the Jacobian's column elements col[k][slot] of n elements.
  void make(const std::vector<int>& col4, int n) {
    const SlotPattern means = slot_pattern(col4, n);
    means_rowptr_.upload(means.pattern.rowptr);
    means_src_start_.upload(means.src_start);
    means_src_.upload(means.src);
    means_A_.resize(std::size_t(means.pattern.nnz()) * M * M);
    for (const AgglomeratedLevel& L : agglomerate(means.pattern)) {
      Level& G = levels_.emplace_back();
      G.n = L.pattern.n;
      G.rowptr.upload(L.pattern.rowptr);
      G.col.upload(L.pattern.col);
      G.src_start.upload(L.src_start);
      G.src.upload(L.src);
      G.of.upload(L.groups.of);
      G.start.upload(L.groups.start);
      G.members.upload(L.groups.members);
      G.A.resize(std::size_t(L.pattern.nnz()) * M * M);
      G.D.resize(std::size_t(G.n) * M * M);
      for (DeviceArray<double>* a : {&G.x, &G.r, &G.Ax, &G.ec, &G.rc})
        a->resize(std::size_t(M) * G.n);
    }
    made_ = true;
  }
  bool made() const { return made_; }
  std::size_t size() const { return levels_.size(); }
  Level& operator[](std::size_t i) { return levels_[i]; }
  const Level& operator[](std::size_t i) const { return levels_[i]; }
  std::size_t bytes() const {
    std::size_t s = means_A_.bytes();
    for (const Level& G : levels_)
      s += G.A.bytes() + G.D.bytes() + G.src.bytes() + G.col.bytes() + 5 * std::size_t(M) * G.n * 8;
    return s;
  }

  // The blocks: the cell means' from the Jacobian J (NP modes per variable, element fastest) and
  // the shifts, Galerkin sums down from them, the inverses of the diagonal blocks. `status` is
  // one device int of scratch. False when a diagonal block is singular.
  template <int NP>
  bool factor(const double* J, const double* shift, int n, int* status, cudaStream_t stream) {
    k_means_blocks<M, NP><<<implicit_blocks(n), kImplicitBlock, 0, stream>>>(
        J, shift, means_rowptr_.get(), means_src_start_.get(), means_src_.get(), means_A_.get(), n);
    cuda_check(cudaMemsetAsync(status, 0, sizeof(int), stream), "status");
    for (std::size_t i = 0; i < levels_.size(); ++i) {
      Level& G = levels_[i];
      const int nnz = int(G.src_start.size()) - 1;
      k_galerkin<M * M><<<implicit_blocks(nnz), kImplicitBlock, 0, stream>>>(
          i == 0 ? means_A_.get() : levels_[i - 1].A.get(), G.src_start.get(), G.src.get(),
          G.A.get(), nnz);
      k_invert_diagonal<M><<<implicit_blocks(G.n), kImplicitBlock, 0, stream>>>(
          G.A.get(), G.rowptr.get(), G.D.get(), G.n, status);
    }
    int bad = 0;
    cuda_check(cudaMemcpyAsync(&bad, status, sizeof(int), cudaMemcpyDeviceToHost, stream),
               "status");
    cuda_check(cudaStreamSynchronize(stream), "agglomerated levels");
    return bad == 0;
  }

  // x = D_i b (block Jacobi on level i)
  void smooth(std::size_t i, const double* b, double* x, cudaStream_t stream) const {
    const Level& G = levels_[i];
    k_rowmajor_diagonal_apply<M>
        <<<implicit_blocks(G.n), kImplicitBlock, 0, stream>>>(G.D.get(), b, x, G.n);
  }
  // y = A_i x
  void apply(std::size_t i, const double* x, double* y, cudaStream_t stream) const {
    const Level& G = levels_[i];
    k_csr_apply<M><<<implicit_blocks(G.n), kImplicitBlock, 0, stream>>>(G.rowptr.get(), G.col.get(),
                                                                        G.A.get(), x, y, G.n);
  }
  // rc = the sums of the nf rows of r above level i over its groups
  void restrict_to(std::size_t i, const double* r, int nf, double* rc, cudaStream_t stream) const {
    const Level& G = levels_[i];
    k_restrict_sum<M><<<implicit_blocks(G.n), kImplicitBlock, 0, stream>>>(
        G.start.get(), G.members.get(), r, rc, nf, G.n);
  }
  // x (nf rows above level i) += level i's xc on each group's members
  void prolong_add(std::size_t i, const double* xc, int nf, double* x, cudaStream_t stream) const {
    const Level& G = levels_[i];
    k_prolong_groups<M>
        <<<implicit_blocks(nf), kImplicitBlock, 0, stream>>>(G.of.get(), xc, x, nf, G.n);
  }

private:
  bool made_ = false;
  DeviceArray<int> means_rowptr_, means_src_start_, means_src_;
  DeviceArray<double> means_A_; // the cell means' blocks with the shifts, [block][M][M]
  std::deque<Level> levels_;    // not moved: DeviceArray is not
};

} // namespace tridg
