#pragma once
// Tests of polynomial orders that this build may not compile (CMake's TRIDG_ORDERS): doctest has
// no "skip", so such a test returns early with a message instead of failing.
#include <doctest/doctest.h>

#include <initializer_list>

#include "tridg_orders.hpp"

namespace tridg_test {

inline bool order_compiled(int p) {
  for (int q : {TRIDG_ORDER_LIST})
    if (q == p) return true;
  return false;
}

} // namespace tridg_test

// Returns from the test case (or `continue`s a loop over orders: TRIDG_SKIP_ORDER(p, continue))
// when order p is not compiled in.
#define TRIDG_SKIP_ORDER(p, ...)                                                                   \
  if (!tridg_test::order_compiled(p)) {                                                            \
    MESSAGE("skipped: order p = " << (p) << " is not compiled into this build (TRIDG_ORDERS)");    \
    __VA_ARGS__;                                                                                   \
  }
