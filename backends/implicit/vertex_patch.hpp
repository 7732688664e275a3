#pragma once
// Additive Schwarz over vertex patches, a smoother of the p-multigrid: the elements around each
// mesh vertex form a patch, the patch's system (the blocks of A = diag(s) I - J among its
// elements) is factored densely, and every element averages the corrections of the three
// patches it belongs to. A patch couples an element to all of its neighbours at once, in every
// direction, so it damps the acoustic and transport errors that block Jacobi (one element) leaves
// and does it without ILU(0)'s sequential sweep: every patch solves independently.
// Each patch writes only its own storage and each element sums its three corrections in the
// order of its vertices, so the result does not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "backends/backend.hpp"
#include "backends/implicit/block_matrix.hpp"

namespace tridg {

// The elements around each vertex (compressed rows), and, for every element, where it sits in
// the patches of its three vertices. Each patch lists its elements in an order that keeps the
// patch matrix banded: around an interior vertex the elements form a ring, each coupled to the
// next, and the ring taken alternately from its two ends (r0, r1, r_m-1, r2, r_m-2, ...) keeps
// every coupling within two places; around a boundary vertex the elements form a path.
struct VertexPatches {
  std::vector<int> start, elem; // patch i: elem[start[i] .. start[i + 1])
  std::vector<int> patch_of;    // [3][n]: the patch (vertex) of element k's i-th vertex
  std::vector<int> place;       // [3][n]: k's position in that patch
  int size(int i) const { return start[i + 1] - start[i]; }
  int count() const { return int(start.size()) - 1; }
};

// The patch's elements in ring or path order (face neighbours next to each other), then folded
// from both ends when they close a ring.
inline std::vector<int> banded_order(const std::vector<int>& els,
                                     const std::vector<std::vector<int>>& nb) {
  const int m = int(els.size());
  auto in_patch_neighbours = [&](int k) {
    std::vector<int> r;
    for (int c : nb[k])
      if (std::find(els.begin(), els.end(), c) != els.end()) r.push_back(c);
    return r;
  };
  // Start at an end of a path (an element with one neighbour in the patch), else anywhere.
  int first = els[0];
  for (int k : els)
    if (in_patch_neighbours(k).size() == 1) {
      first = k;
      break;
    }
  std::vector<int> ring{first};
  std::vector<char> used(m, 0);
  used[std::find(els.begin(), els.end(), first) - els.begin()] = 1;
  while (int(ring.size()) < m) {
    int next = -1;
    for (int c : in_patch_neighbours(ring.back())) {
      const auto at = std::find(els.begin(), els.end(), c) - els.begin();
      if (!used[at]) {
        next = c;
        used[at] = 1;
        break;
      }
    }
    if (next < 0) // not a simple ring or path: the rest in element order
      for (int a = 0; a < m && next < 0; ++a)
        if (!used[a]) {
          next = els[a];
          used[a] = 1;
        }
    ring.push_back(next);
  }
  const std::vector<int> back = in_patch_neighbours(ring.back());
  if (m < 4 || std::find(back.begin(), back.end(), ring.front()) == back.end()) return ring;
  std::vector<int> folded{ring[0]};
  for (int lo = 1, hi = m - 1; lo <= hi;) {
    folded.push_back(ring[lo++]);
    if (lo <= hi) folded.push_back(ring[hi--]);
  }
  return folded;
}

inline VertexPatches make_vertex_patches(const MeshArrays& m) {
  VertexPatches p;
  const int n = m.n_elems;
  std::vector<std::vector<int>> nb(n);
  for (int e = 0; e < m.n_edges; ++e) {
    const int l = m.edge_elem[e], r = m.edge_elem[std::size_t(m.n_edges) + e];
    if (l >= 0 && r >= 0 && l != r) {
      nb[l].push_back(r);
      nb[r].push_back(l);
    }
  }
  p.start = m.node_elem_start;
  p.elem.resize(m.node_elem.size());
  for (int v = 0; v + 1 < int(p.start.size()); ++v) {
    const std::vector<int> els(m.node_elem.begin() + p.start[v],
                               m.node_elem.begin() + p.start[v + 1]);
    const std::vector<int> order = els.empty() ? els : banded_order(els, nb);
    std::copy(order.begin(), order.end(), p.elem.begin() + p.start[v]);
  }
  p.patch_of.resize(std::size_t(3) * n);
  p.place.resize(std::size_t(3) * n);
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < n; ++k) {
      const int v = m.elem_node[std::size_t(i) * n + k];
      int at = 0;
      while (p.elem[p.start[v] + at] != k) ++at;
      p.patch_of[std::size_t(i) * n + k] = v;
      p.place[std::size_t(i) * n + k] = at;
    }
  return p;
}

// Dense LU with partial pivoting of a banded D x D matrix that skips what is known to be zero:
// row r is nonzero only in columns [lo[r], hi[r]) (the range moves with the row in a swap and
// widens by the pivot row's fill), so the cost follows the band, not D^3.
inline bool banded_lu_factor(double* a, int* piv, int* lo, int* hi, int D) {
  for (int c = 0; c < D; ++c) {
    int p = c;
    for (int r = c + 1; r < D; ++r)
      if (lo[r] <= c && std::abs(a[std::size_t(r) * D + c]) > std::abs(a[std::size_t(p) * D + c]))
        p = r;
    piv[c] = p;
    if (!(a[std::size_t(p) * D + c] != 0)) return false;
    if (p != c) {
      std::swap_ranges(a + std::size_t(c) * D, a + std::size_t(c + 1) * D, a + std::size_t(p) * D);
      std::swap(lo[c], lo[p]);
      std::swap(hi[c], hi[p]);
    }
    const double* pr = a + std::size_t(c) * D;
    const double inv = 1.0 / pr[c];
    for (int r = c + 1; r < D; ++r) {
      if (lo[r] > c) continue;
      double* ar = a + std::size_t(r) * D;
      if (ar[c] == 0) continue;
      const double l = ar[c] * inv;
      ar[c] = l;
      for (int i = c + 1; i < hi[c]; ++i) ar[i] -= l * pr[i];
      hi[r] = std::max(hi[r], hi[c]);
    }
  }
  return true;
}

// sum of a[i] b[i] over [from, to), in four interleaved partial sums: the triangular solves are
// chains of dot products, and one accumulator would wait on every multiply-add in turn.
inline double dot_range(const double* a, const double* b, int from, int to) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int i = from;
  for (; i + 4 <= to; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  for (; i < to; ++i) s0 += a[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}

inline void banded_lu_solve(const double* a, const int* piv, const int* lo, const int* hi, int D,
                            double* b) {
  for (int c = 0; c < D; ++c) std::swap(b[c], b[piv[c]]);
  for (int r = 1; r < D; ++r) b[r] -= dot_range(a + std::size_t(r) * D, b, lo[r], r);
  for (int r = D - 1; r >= 0; --r) {
    const double* ar = a + std::size_t(r) * D;
    b[r] = (b[r] - dot_range(ar, b, r + 1, hi[r])) / ar[r];
  }
}

class VertexPatchSmoother {
public:
  explicit VertexPatchSmoother(std::shared_ptr<const VertexPatches> patches)
      : p_(std::move(patches)) {}

  // Returns false when a patch's matrix is singular.
  bool factor(const BlockMatrix& A) {
    const VertexPatches& P = *p_;
    n_ = A.n;
    B_ = A.B;
    const int np = P.count();
    lu_off_.assign(std::size_t(np) + 1, 0);
    vec_off_.assign(std::size_t(np) + 1, 0);
    for (int i = 0; i < np; ++i) {
      const std::size_t d = std::size_t(P.size(i)) * B_;
      lu_off_[i + 1] = lu_off_[i] + d * d;
      vec_off_[i + 1] = vec_off_[i] + d;
    }
    lu_.assign(lu_off_[np], 0.0);
    piv_.resize(vec_off_[np]);
    lo_.resize(vec_off_[np]);
    hi_.resize(vec_off_[np]);
    x_.resize(vec_off_[np]);
    int bad = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : bad)
    for (int i = 0; i < np; ++i) bad += factor_patch(A, i) ? 0 : 1;
    return bad == 0;
  }

  // z = the average over each element's three patches of the patch solutions of r.
  void solve(const Vec& r, Vec& z) {
    const VertexPatches& P = *p_;
    const int np = P.count(), B = B_, n = n_;
#pragma omp parallel for schedule(dynamic, 16)
    for (int i = 0; i < np; ++i) {
      double* x = x_.data() + vec_off_[i];
      const int m = P.size(i);
      for (int a = 0; a < m; ++a) {
        const int k = P.elem[P.start[i] + a];
        for (int v = 0; v < B; ++v) x[a * B + v] = r[std::size_t(v) * n + k];
      }
      const std::size_t o = vec_off_[i];
      banded_lu_solve(lu_.data() + lu_off_[i], piv_.data() + o, lo_.data() + o, hi_.data() + o,
                      m * B, x);
    }
    z.resize(r.size());
#pragma omp parallel for schedule(static)
    for (int k = 0; k < n; ++k)
      for (int v = 0; v < B; ++v) {
        double s = 0;
        for (int c = 0; c < 3; ++c) {
          const std::size_t ck = std::size_t(c) * n + k;
          s += x_[vec_off_[P.patch_of[ck]] + std::size_t(P.place[ck]) * B + v];
        }
        z[std::size_t(v) * n + k] = s * (1.0 / 3.0);
      }
  }

private:
  // The patch's dense matrix, element a's rows against element b's columns, then its LU.
  bool factor_patch(const BlockMatrix& A, int i) {
    const VertexPatches& P = *p_;
    const int m = P.size(i), B = B_, D = m * B;
    const int* el = P.elem.data() + P.start[i];
    double* a = lu_.data() + lu_off_[i];
    int* lo = lo_.data() + vec_off_[i];
    int* hi = hi_.data() + vec_off_[i];
    for (int ra = 0; ra < m; ++ra) {
      const int k = el[ra];
      const double* blk = A.row(k);
      int first = ra, last = ra;
      for (int r = 0; r < B; ++r) a[std::size_t(ra * B + r) * D + ra * B + r] += A.shift[k];
      for (int slot = 0; slot < 4; ++slot) {
        const int c = A.col[std::size_t(k) * 4 + slot];
        int cb = 0;
        while (cb < m && el[cb] != c) ++cb;
        if (c < 0 || cb == m) continue; // a neighbour outside the patch
        first = std::min(first, cb);
        last = std::max(last, cb);
        const double* b = blk + std::size_t(slot) * B * B;
        // Added, not set: on a small periodic mesh two faces may meet the same neighbour.
        for (int r = 0; r < B; ++r)
          for (int q = 0; q < B; ++q) a[std::size_t(ra * B + r) * D + cb * B + q] -= b[r * B + q];
      }
      for (int r = 0; r < B; ++r) {
        lo[ra * B + r] = first * B;
        hi[ra * B + r] = (last + 1) * B;
      }
    }
    return banded_lu_factor(a, piv_.data() + vec_off_[i], lo, hi, D);
  }

  std::shared_ptr<const VertexPatches> p_;
  int n_ = 0, B_ = 0;
  std::vector<std::size_t> lu_off_, vec_off_;
  std::vector<double> lu_, x_;
  std::vector<int> piv_, lo_, hi_;
};

} // namespace tridg
