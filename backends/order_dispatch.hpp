#pragma once
// Turns the run-time polynomial order into a compile-time one, for the orders this build compiled
// (CMake's TRIDG_ORDERS).
#include <string>
#include <type_traits>

#include "io/error.hpp"
#include "tridg_orders.hpp"

namespace tridg {

template <int... Ps> struct OrderList {};
using CompiledOrders = OrderList<TRIDG_ORDER_LIST>;

inline std::string compiled_orders_text() {
  std::string s;
  for (int p : {TRIDG_ORDER_LIST}) s += (s.empty() ? "" : ", ") + std::to_string(p);
  return s;
}

template <class F, int... Ps> auto dispatch_order(int p, OrderList<Ps...>, F&& f) {
  using R = decltype(f(std::integral_constant<int, 1>{}));
  R r{};
  const bool found = ((p == Ps ? (r = f(std::integral_constant<int, Ps>{}), true) : false) || ...);
  if (!found)
    fail(ExitCode::bad_case, "order p = " + std::to_string(p) +
                                 " is not compiled into this build (compiled: " +
                                 compiled_orders_text() + "; rebuild with -DTRIDG_ORDERS=...)");
  return r;
}

template <class F> auto dispatch_order(int p, F&& f) {
  return dispatch_order(p, CompiledOrders{}, std::forward<F>(f));
}

} // namespace tridg
