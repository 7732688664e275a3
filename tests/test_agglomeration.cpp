// The agglomerated levels of the p-multigrid (backends/implicit/agglomeration.hpp): the groups
// partition each level into connected groups, the levels shrink, and each level's blocks are the
// Galerkin product R A P of the level above (checked on random blocks by products). And the
// colours of the Gauss-Seidel smoother: no two face neighbours share one.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "backends/implicit/block_csr.hpp"
#include "backends/implicit/multicolor_gs.hpp"

using namespace tridg;

namespace {

// The face neighbours of an nx x ny grid of squares, each cut into a lower (0) and an upper (1)
// triangle, as the Jacobian's slots col[k][slot] (slot 0 the element itself); `periodic` in x
// and y. With nx = 1 and periodic, a lower triangle's left and diagonal neighbours coincide.
std::vector<int> grid_slots(int nx, int ny, bool periodic) {
  auto id = [&](int i, int j, int t) -> int {
    if (periodic) {
      i = (i + nx) % nx;
      j = (j + ny) % ny;
    } else if (i < 0 || j < 0 || i >= nx || j >= ny) {
      return -1;
    }
    return 2 * (j * nx + i) + t;
  };
  std::vector<int> col(std::size_t(8) * nx * ny);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int lo = id(i, j, 0), up = id(i, j, 1);
      const int a[4] = {lo, up, id(i, j - 1, 1), id(i - 1, j, 1)};
      const int b[4] = {up, lo, id(i, j + 1, 0), id(i + 1, j, 0)};
      for (int s = 0; s < 4; ++s) {
        col[std::size_t(lo) * 4 + s] = a[s];
        col[std::size_t(up) * 4 + s] = b[s];
      }
    }
  return col;
}

// Whether the groups of `a` partition the rows of `g` into connected groups.
bool connected_partition(const CsrPattern& g, const Aggregates& a) {
  std::vector<int> seen(g.n, 0);
  for (int c = 0; c < a.n_coarse; ++c) {
    std::vector<int> in(g.n, 0), stack{a.members[a.start[c]]};
    for (int m = a.start[c]; m < a.start[c + 1]; ++m) {
      if (a.of[a.members[m]] != c || ++seen[a.members[m]] != 1) return false;
      if (m > a.start[c] && a.members[m] <= a.members[m - 1]) return false; // ascending
      in[a.members[m]] = 1;
    }
    int reached = 0;
    in[stack[0]] = 2;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      ++reached;
      for (int z = g.rowptr[i]; z < g.rowptr[i + 1]; ++z)
        if (in[g.col[z]] == 1) {
          in[g.col[z]] = 2;
          stack.push_back(g.col[z]);
        }
    }
    if (reached != a.start[c + 1] - a.start[c]) return false;
  }
  for (const int s : seen)
    if (s != 1) return false;
  return true;
}

double max_abs(const Vec& v) {
  double m = 0;
  for (const double x : v) m = std::max(m, std::abs(x));
  return m;
}

} // namespace

TEST_CASE("agglomeration: connected groups, shrinking levels, down to the coarsest size") {
  for (const bool periodic : {false, true}) {
    const int nx = 40, ny = 30, n = 2 * nx * ny;
    const SlotPattern s = slot_pattern(grid_slots(nx, ny, periodic), n);
    CHECK(s.pattern.n == n);
    const std::vector<AgglomeratedLevel> levels = agglomerate(s.pattern);
    REQUIRE(levels.size() >= 3);
    const CsrPattern* fine = &s.pattern;
    for (const AgglomeratedLevel& L : levels) {
      CHECK(connected_partition(*fine, L.groups));
      CHECK(4 * L.pattern.n <= 3 * fine->n); // shrinks by a quarter at least
      for (int i = 0; i < L.pattern.n; ++i) CHECK(L.pattern.col[L.pattern.rowptr[i]] == i);
      fine = &L.pattern;
    }
    CHECK(levels.back().pattern.n <= kCoarsestRows);
  }
}

TEST_CASE("agglomeration: each level's blocks are R A P of the level above") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (const int nx : {1, 12}) { // nx = 1: periodic neighbours that coincide
    const int ny = nx == 1 ? 64 : 16, n = 2 * nx * ny, M = 4;
    BlockMatrix A; // the cell means' blocks, B = M
    A.resize(n, M);
    A.col = grid_slots(nx, ny, true);
    for (double& j : A.J) j = u(rng);
    for (double& sh : A.shift) sh = 10 + u(rng);
    const SlotPattern s = slot_pattern(A.col, n);
    std::vector<double> blocks;
    means_blocks(A, s, blocks);
    Vec x(std::size_t(M) * n), y, z;
    for (double& v : x) v = u(rng);
    apply(A, x, y);
    csr_apply(s.pattern, blocks, M, x, z);
    for (std::size_t i = 0; i < y.size(); ++i) CHECK(z[i] == doctest::Approx(y[i]).epsilon(1e-13));

    // R A P xc against the coarse product, level by level.
    const std::vector<AgglomeratedLevel> levels = agglomerate(s.pattern);
    REQUIRE(!levels.empty());
    const CsrPattern* fine = &s.pattern;
    std::vector<double> fine_blocks = blocks, coarse_blocks;
    for (const AgglomeratedLevel& L : levels) {
      galerkin_blocks(L, fine_blocks, M * M, coarse_blocks);
      Vec xc(std::size_t(M) * L.pattern.n), Px(std::size_t(M) * fine->n, 0.0), APx, RAPx, Ac;
      for (double& v : xc) v = u(rng);
      prolong_groups(L.groups, M, fine->n, xc, Px);
      csr_apply(*fine, fine_blocks, M, Px, APx);
      restrict_sum(L.groups, M, fine->n, APx, RAPx);
      csr_apply(L.pattern, coarse_blocks, M, xc, Ac);
      const double scale = max_abs(RAPx);
      for (std::size_t i = 0; i < Ac.size(); ++i) CHECK(std::abs(Ac[i] - RAPx[i]) <= 1e-13 * scale);
      // The smoother's inverses of the diagonal blocks.
      std::vector<double> D;
      REQUIRE(invert_diagonal(L.pattern, coarse_blocks, M, D));
      for (int i = 0; i < L.pattern.n; ++i)
        for (int r = 0; r < M; ++r)
          for (int c = 0; c < M; ++c) {
            double e = 0;
            for (int k = 0; k < M; ++k)
              e += D[(std::size_t(i) * M + r) * M + k] *
                   coarse_blocks[(std::size_t(L.pattern.rowptr[i]) * M + k) * M + c];
            CHECK(e == doctest::Approx(r == c ? 1.0 : 0.0).epsilon(1e-10).scale(1));
          }
      fine = &L.pattern;
      fine_blocks = coarse_blocks;
    }
  }
}

TEST_CASE("colours: every element in one, no two face neighbours in the same, at most four") {
  for (const bool periodic : {false, true}) {
    const int nx = 9, ny = 7, n = 2 * nx * ny;
    const std::vector<int> col = grid_slots(nx, ny, periodic);
    const std::vector<std::vector<int>> colors = face_colors(col, n);
    CHECK(colors.size() <= 4);
    std::vector<int> of(n, -1);
    for (std::size_t c = 0; c < colors.size(); ++c)
      for (const int k : colors[c]) {
        CHECK(of[k] == -1);
        of[k] = int(c);
      }
    for (int k = 0; k < n; ++k) {
      REQUIRE(of[k] >= 0);
      for (int s = 1; s < 4; ++s)
        if (col[std::size_t(k) * 4 + s] >= 0 && col[std::size_t(k) * 4 + s] != k)
          CHECK(of[col[std::size_t(k) * 4 + s]] != of[k]);
    }
  }
}
