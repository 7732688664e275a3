#pragma once
// Host-side conversion of the double-precision tables and parameters into a backend's precision.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "backends/backend.hpp"
#include "core/dg_tables.hpp"
#include "core/fields.hpp"

namespace tridg {

template <int P, class Real> DGTables<P, Real> to_dg_tables(const BasisTables& b) {
  using O = Order<P>;
  if (b.order != P || b.n_modes != O::NP || b.n_vol != O::NQ || b.n_face != O::NF)
    throw std::logic_error("basis tables do not match the compiled order");
  DGTables<P, Real> t{};
  for (int q = 0; q < O::NQ; ++q) {
    t.vw[q] = Real(b.vw[q]);
    for (int j = 0; j < O::NP; ++j) {
      t.vphi[q][j] = Real(b.vphi[q * O::NP + j]);
      t.vdr[q][j] = Real(b.vdr[q * O::NP + j]);
      t.vds[q][j] = Real(b.vds[q * O::NP + j]);
    }
  }
  for (int s = 0; s < 3; ++s)
    for (int q = 0; q < O::NF; ++q)
      for (int j = 0; j < O::NP; ++j) {
        t.fphi[s][q][j] = Real(b.fphi[(s * O::NF + q) * O::NP + j]);
      }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < O::NP; ++j) t.vtx[i][j] = Real(b.vtx[i * O::NP + j]);
  if (b.vview.size() != std::size_t(O::NV) * O::NP)
    throw std::logic_error("view tables do not match the compiled order");
  for (int i = 0; i < O::NV; ++i)
    for (int j = 0; j < O::NP; ++j) t.vview[i][j] = Real(b.vview[i * O::NP + j]);
  // from the converted values, which are the ones the point sums use
  for (int j = 0; j < O::NP; ++j) {
    Real m = 0;
    for (int q = 0; q < O::NQ; ++q) m = std::max(m, std::abs(t.vphi[q][j]));
    for (int s = 0; s < 3; ++s)
      for (int q = 0; q < O::NF; ++q) m = std::max(m, std::abs(t.fphi[s][q][j]));
    for (int i = 0; i < O::NV; ++i) m = std::max(m, std::abs(t.vview[i][j]));
    t.pmax[j] = m;
  }
  for (int q = 0; q < O::NF; ++q) {
    t.ft[q] = Real(b.ft[q]);
    t.fw[q] = Real(b.fw[q]);
  }
  return t;
}

template <class Real> std::vector<Real> to_real(const std::vector<double>& v) {
  return std::vector<Real>(v.begin(), v.end());
}

// The condition through its fields list (core/fields.hpp), so that no parameter can be left out.
template <class Real, template <class> class Cond>
BoundaryParams<Real, Cond> to_real(const BoundaryParams<double, Cond>& b) {
  BoundaryParams<Real, Cond> r;
  static_cast<BoundaryEdges&>(r) = b;
  static_cast<Cond<Real>&>(r) = convert_fields<Real, Cond>(b);
  // A table converts with its values (the backend's job); dual numbers read the double one.
  if constexpr (!std::is_same_v<MeshReal<Real>, Real>) r.table = b.table;
  return r;
}

template <class Real> StageCoeffs<Real> to_real(const StageCoeffs<double>& c) {
  StageCoeffs<Real> r;
  r.A = Real(c.A);
  r.B = Real(c.B);
  r.C = Real(c.C);
  r.D = Real(c.D);
  r.E = Real(c.E);
  r.F = Real(c.F);
  r.use_u0 = c.use_u0;
  r.use_acc = c.use_acc;
  r.write_acc = c.write_acc;
  return r;
}

template <class Real> LimiterParams<Real> to_real(const LimiterParams<double>& l) {
  return {l.barth_jespersen, l.positivity, Real(l.tvb_m), Real(l.floor)};
}

} // namespace tridg
