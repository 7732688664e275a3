#pragma once
// Turns a run-time name into a compile-time type: the numerical flux of a physics, chosen from
// the types this build compiled (as the order is, backends/order_dispatch.hpp).
#include <string>

namespace tridg {

template <class... Ts> struct TypeList {};

// Calls f(T{}) for the T of the list whose T::name is `name`; false when none is.
template <class F, class... Ts>
bool dispatch_by_name(const std::string& name, TypeList<Ts...>, F&& f) {
  return ((name == Ts::name ? (f(Ts{}), true) : false) || ...);
}

template <class... Ts> std::string type_names(TypeList<Ts...>) {
  std::string s;
  ((s += (s.empty() ? "" : ", ") + std::string(Ts::name)), ...);
  return s;
}

} // namespace tridg
