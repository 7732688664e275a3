// The tensor-core element stage's operand tables (backends/cuda/mma_tables.hpp), checked on the
// host: a warp's mma m8n8k4 f64 emulated lane by lane with PTX's fragment layout (A: lane 4e + k
// holds row e, column k; B: row k, column n; the accumulator: row e, columns 2k and 2k + 1),
// fed as the kernel feeds it, must give the sums of element_stage for 8 random elements: the
// values at the volume and view points, the volume integral and the lifting. p = 2..4.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "backends/convert.hpp"
#include "backends/cuda/mma_tables.hpp"
#include "core/dg_basis_tables.hpp"

using namespace tridg;

namespace {

using Frag = double[32];
using Acc = double[32][2];

// d += a b for the warp's 8 x 4 and 4 x 8 tiles.
void mma(Acc& d, const Frag& a, const Frag& b) {
  for (int l = 0; l < 32; ++l)
    for (int i = 0; i < 2; ++i) {
      const int e = l / 4, n = 2 * (l % 4) + i;
      for (int k = 0; k < 4; ++k) d[l][i] += a[4 * e + k] * b[4 * n + k];
    }
}

// The A operand of chunk c: lane 4e + m holds x[e][4c + m], zero past `size`.
template <int N> void a_operand(const double (&x)[8][N], int c, int size, Frag& a) {
  for (int l = 0; l < 32; ++l) {
    const int i = 4 * c + l % 4;
    a[l] = i < size ? x[l / 4][i] : 0.0;
  }
}

double largest_error(const Acc& got, int tile, int size, auto&& expected) {
  double worst = 0;
  for (int l = 0; l < 32; ++l)
    for (int i = 0; i < 2; ++i) {
      const int idx = mma_index(tile, 2 * (l % 4) + i);
      if (idx < size) worst = std::max(worst, std::abs(got[l][i] - expected(l / 4, idx)));
    }
  return worst;
}

template <int P> void check_order() {
  using O = Order<P>;
  using S = MmaShape<P>;
  const DGTables<P, double> T = to_dg_tables<P, double>(make_basis_tables(P));
  const MmaTables<P> X = mma_tables<P>(T);
  std::mt19937 rng(7 + P);
  std::uniform_real_distribution<double> r(-1, 1);
  double c[8][O::NP], g[8][O::NQ], h[8][O::NQ], f[8][3 * O::NF];
  for (int e = 0; e < 8; ++e) {
    for (auto& v : c[e]) v = r(rng);
    for (auto& v : g[e]) v = r(rng);
    for (auto& v : h[e]) v = r(rng);
    for (auto& v : f[e]) v = r(rng);
  }
  // A chunk's column m and the accumulator's column 2m + i are one index on one lane.
  for (int t = 0; t < 4; ++t)
    for (int m = 0; m < 4; ++m)
      for (int i = 0; i < 2; ++i) CHECK(mma_index(t, 2 * m + i) == 4 * (2 * t + i) + m);
  const double tol = 1e-13; // sums of at most 45 products of numbers below about 10: ~50 ulps
  Frag a;
  // values at the volume points and at the view points: the coefficients against `basis`
  auto check_values = [&](const auto& table, int tiles, int points, const auto& basis) {
    for (int t = 0; t < tiles; ++t) {
      Acc d{};
      for (int k = 0; k < S::CM; ++k) {
        a_operand(c, k, O::NP, a);
        mma(d, a, table[k][t]);
      }
      CHECK(largest_error(d, t, points, [&](int e, int q) {
              double s = 0;
              for (int j = 0; j < O::NP; ++j) s += basis[q][j] * c[e][j];
              return s;
            }) < tol);
    }
  };
  check_values(X.phi, S::TQ, O::NQ, T.vphi);
  check_values(X.view, S::TV, O::NV, T.vview);
  // the volume integral and the lifting, into the modes
  for (int t = 0; t < S::TM; ++t) {
    Acc d{};
    for (int k = 0; k < S::CQ; ++k) {
      a_operand(g, k, O::NQ, a);
      mma(d, a, X.dr[k][t]);
      a_operand(h, k, O::NQ, a);
      mma(d, a, X.ds[k][t]);
    }
    for (int k = 0; k < S::CL; ++k) {
      a_operand(f, k, 3 * O::NF, a);
      mma(d, a, X.lift[k][t]);
    }
    CHECK(largest_error(d, t, O::NP, [&](int e, int j) {
            double s = 0;
            for (int q = 0; q < O::NQ; ++q) s += g[e][q] * T.vdr[q][j] + h[e][q] * T.vds[q][j];
            for (int p = 0; p < 3 * O::NF; ++p) s -= T.fphi[p / O::NF][p % O::NF][j] * f[e][p];
            return s;
          }) < tol);
  }
}

} // namespace

TEST_CASE("tensor-core operand tables reproduce the element stage's sums, p = 2..4") {
  check_order<2>();
  check_order<3>();
  check_order<4>();
}
