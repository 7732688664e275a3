#pragma once
// The operand layout of the tensor-core element stage (element_mma.cuh), plain C++ so that the
// host builds the tables and tests them. An mma m8n8k4 f64 gives lane 4e + m columns 2m and
// 2m + 1 of each 8-wide output tile and column m of each 4-wide chunk of its A operand; column n
// of tile t is index mma_index(t, n), and column m of chunk c is index 4c + m, so that chunk
// 2t + i and tile t's column 2m + i name the same index on the same lane.
#include "core/dg_tables.hpp"
#include "core/hd.hpp"

namespace tridg {

template <int P> struct MmaShape {
  using O = Order<P>;
  static constexpr int CM = (O::NP + 3) / 4, TM = (CM + 1) / 2; // modes: chunks, tiles
  static constexpr int CQ = (O::NQ + 3) / 4, TQ = (CQ + 1) / 2; // volume points
  static constexpr int CL = (3 * O::NF + 3) / 4;                // the sides' points
  static constexpr int CV = (O::NV + 3) / 4, TV = (CV + 1) / 2; // view points
};

// The index (mode or point) of column n of an 8-wide tile t, and of column m of 4-wide chunk c.
TRIDG_HD constexpr int mma_index(int t, int n) {
  return 4 * (2 * t + n % 2) + n / 2;
}

// The B operands, per chunk of the contraction, tile of the output and lane (lane 4n + k holds
// row k, column n).
template <int P> struct MmaTables {
  using S = MmaShape<P>;
  double phi[S::CM][S::TQ][32];  // modes -> volume points
  double dr[S::CQ][S::TM][32];   // w_q d(phi)/dr: volume points -> modes
  double ds[S::CQ][S::TM][32];   // w_q d(phi)/ds
  double lift[S::CL][S::TM][32]; // -phi on the sides: the sides' points -> modes
  double view[S::CM][S::TV][32]; // modes -> view points
};

template <int P> MmaTables<P> mma_tables(const DGTables<P, double>& T) {
  using O = Order<P>;
  using S = MmaShape<P>;
  MmaTables<P> x{};
  for (int l = 0; l < 32; ++l) {
    const int k = l % 4, n = l / 4;
    for (int c = 0; c < S::CM; ++c) {
      const int j = 4 * c + k;
      for (int t = 0; t < S::TQ; ++t) {
        const int q = mma_index(t, n);
        x.phi[c][t][l] = j < O::NP && q < O::NQ ? T.vphi[q][j] : 0.0;
      }
      for (int t = 0; t < S::TV; ++t) {
        const int q = mma_index(t, n);
        x.view[c][t][l] = j < O::NP && q < O::NV ? T.vview[q][j] : 0.0;
      }
    }
    for (int t = 0; t < S::TM; ++t) {
      const int j = mma_index(t, n);
      for (int c = 0; c < S::CQ; ++c) {
        const int q = 4 * c + k;
        const bool in = j < O::NP && q < O::NQ;
        x.dr[c][t][l] = in ? T.vdr[q][j] : 0.0;
        x.ds[c][t][l] = in ? T.vds[q][j] : 0.0;
      }
      for (int c = 0; c < S::CL; ++c) {
        const int f = 4 * c + k;
        x.lift[c][t][l] = j < O::NP && f < 3 * O::NF ? -T.fphi[f / O::NF][f % O::NF][j] : 0.0;
      }
    }
  }
  return x;
}

} // namespace tridg
