#pragma once
// One multigrid V-cycle, written once for the host's vectors and the device's: Ops holds the
// levels (the p-multigrid's degrees, then any agglomerated levels) and their work vectors; V is
// its handle to a level vector (Vec* on the host, double* on the device; Vb may be the handle to
// a constant one).
//
// Ops: levels(), coarse_sweeps(), sweeps(l) (before and after the coarse correction); smooth(l, b,
// x): x = S_l b; residual(l, b, x): level l's r = b - A_l x, returned; correction(l): a work vector
// of level l; smooth_add(l, r, e, x): e = S_l r, then x += e (in one pass where the device can);
// restrict_to(l, r): r on level l + 1, returned; solution(l): level l's solution vector;
// prolong_add(l, xc, x): x += P xc from level l + 1.
#include <cstddef>

namespace tridg {

// Sweeps before and after the coarse correction on level l: one on the degrees' levels (of
// which there are degree_levels); with agglomerated levels, two on the cell means and below,
// whose sweeps are cheap (4 x 4 blocks on a quarter of the elements and fewer) and whose
// corrections are rougher (piecewise constant over groups; bench/NOTES.md).
constexpr int kAgglomeratedSweeps = 2;
inline int mg_sweeps(std::size_t l, std::size_t degree_levels, bool agglomerated) {
  return agglomerated && l + 1 >= degree_levels ? kAgglomeratedSweeps : 1;
}

// x += S_l (b - A_l x)
template <class Ops, class Vb, class V> void smooth_again(Ops& ops, std::size_t l, Vb b, V x) {
  ops.smooth_add(l, ops.residual(l, b, x), ops.correction(l), x);
}

// x ~ A_l^-1 b: a pre-smoothing sweep from zero, the coarser levels' correction, a
// post-smoothing sweep; coarse_sweeps() sweeps on the coarsest level.
template <class Ops, class Vb, class V> void v_cycle(Ops& ops, std::size_t l, Vb b, V x) {
  ops.smooth(l, b, x);
  for (int i = 1; i < ops.sweeps(l); ++i) smooth_again(ops, l, b, x);
  if (l + 1 == ops.levels()) {
    for (int i = 1; i < ops.coarse_sweeps(); ++i) smooth_again(ops, l, b, x);
    return;
  }
  const V rc = ops.restrict_to(l, ops.residual(l, b, x));
  const V xc = ops.solution(l + 1);
  v_cycle(ops, l + 1, rc, xc);
  ops.prolong_add(l, xc, x);
  for (int i = 0; i < ops.sweeps(l); ++i) smooth_again(ops, l, b, x);
}

} // namespace tridg
