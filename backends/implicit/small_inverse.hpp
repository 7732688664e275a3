#pragma once
// The inverse of one small dense block (an agglomerated level's diagonal block, B <= 4 for the
// systems here), on the host and in a device thread alike.
#include "core/hd.hpp"

namespace tridg {

// inv = a^-1 by Gauss-Jordan with partial pivoting (a, inv row-major B x B, inv the identity on
// entry; a is overwritten). False when a pivot is zero.
TRIDG_HD bool gauss_jordan(double* a, double* inv, int B) {
  for (int c = 0; c < B; ++c) {
    int p = c;
    for (int r = c + 1; r < B; ++r)
      if ((a[r * B + c] < 0 ? -a[r * B + c] : a[r * B + c]) >
          (a[p * B + c] < 0 ? -a[p * B + c] : a[p * B + c]))
        p = r;
    if (!(a[p * B + c] != 0)) return false;
    if (p != c)
      for (int i = 0; i < B; ++i) {
        const double t = a[c * B + i], u = inv[c * B + i];
        a[c * B + i] = a[p * B + i];
        inv[c * B + i] = inv[p * B + i];
        a[p * B + i] = t;
        inv[p * B + i] = u;
      }
    const double d = 1.0 / a[c * B + c];
    for (int i = 0; i < B; ++i) {
      a[c * B + i] *= d;
      inv[c * B + i] *= d;
    }
    for (int r = 0; r < B; ++r) {
      if (r == c) continue;
      const double l = a[r * B + c];
      for (int i = 0; i < B; ++i) {
        a[r * B + i] -= l * a[c * B + i];
        inv[r * B + i] -= l * inv[c * B + i];
      }
    }
  }
  return true;
}

} // namespace tridg
