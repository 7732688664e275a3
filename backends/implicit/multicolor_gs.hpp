#pragma once
// Block Gauss-Seidel in colours: the elements coloured so that no two face neighbours share a
// colour (at most four on triangles, greedy in element order), one forward sweep from zero
// colour by colour. Within a colour every element is solved on its own, so a colour is one
// parallel loop (on the GPU one launch), and each element sees its neighbours' values of the
// earlier colours of the same sweep, which block Jacobi does not.
#include <vector>

#include "backends/implicit/block_matrix.hpp"

namespace tridg {

// Each colour's elements in ascending order.
inline std::vector<std::vector<int>> face_colors(const std::vector<int>& col4, int n) {
  std::vector<int> color(n, -1);
  std::vector<std::vector<int>> groups;
  for (int k = 0; k < n; ++k) {
    unsigned used = 0;
    for (int s = 1; s < 4; ++s) {
      const int c = col4[std::size_t(k) * 4 + s];
      if (c >= 0 && c != k && color[c] >= 0) used |= 1u << color[c];
    }
    int c = 0;
    while (used & (1u << c)) ++c;
    color[k] = c;
    if (c >= int(groups.size())) groups.resize(c + 1);
    groups[c].push_back(k);
  }
  return groups;
}

class MulticolorGs {
public:
  bool factor(const BlockMatrix& A) {
    if (colors_.empty() || n_ != A.n) colors_ = face_colors(A.col, A.n);
    n_ = A.n;
    A_ = &A;
    return diag_.factor(A);
  }
  // z ~ A^-1 r: one sweep from z = 0.
  void solve(const Vec& r, Vec& z) const {
    const BlockMatrix& A = *A_;
    const int n = n_, B = A.B;
    z.assign(r.size(), 0.0);
    for (const std::vector<int>& group : colors_) {
#pragma omp parallel for schedule(static)
      for (std::size_t g = 0; g < group.size(); ++g) {
        const int k = group[g];
        double t[256];
        for (int i = 0; i < B; ++i) t[i] = r[std::size_t(i) * n + k];
        // r_k - sum of A_kj z_j over the neighbours, A_kj = -J_kj.
        add_row_products<false>(A, k, 1, z, t);
        diag_.solve_block(k, t);
        for (int i = 0; i < B; ++i) z[std::size_t(i) * n + k] = t[i];
      }
    }
  }

private:
  int n_ = 0;
  const BlockMatrix* A_ = nullptr;
  BlockJacobi diag_;
  std::vector<std::vector<int>> colors_;
};

} // namespace tridg
