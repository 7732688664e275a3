#pragma once
// Parameter structs that exist in several real types (double on the host, float on the GPU, dual
// numbers in the Jacobian) list their fields once, in a static member
//   template <class S> static auto fields(S& s) { return std::tie(s.a, s.b, ...); }
// from which convert_fields builds the copy in another real type. A field left out of the list
// would be zero in every converted copy only, so fields_cover checks at compile time that the
// listed fields fill the struct: with float as the real type the fields of these structs are
// all four bytes wide (no padding), so a field missing from the list leaves bytes uncovered.
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace tridg {

namespace fields_detail {
template <class T, class = void> struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(T::fields(std::declval<T&>()))>> : std::true_type {};

template <class T> constexpr std::size_t listed_size();
template <class T> constexpr std::size_t field_size() {
  if constexpr (has_fields<T>::value)
    return listed_size<T>();
  else if constexpr (std::is_array_v<T>)
    return std::extent_v<T> * field_size<std::remove_extent_t<T>>();
  else
    return sizeof(T);
}
template <class Tuple> struct tuple_size_sum;
template <class... F> struct tuple_size_sum<std::tuple<F...>> {
  static constexpr std::size_t value =
      (std::size_t(0) + ... + field_size<std::remove_reference_t<F>>());
};
// The bytes the fields list covers, nested structs counted through their own lists.
template <class T> constexpr std::size_t listed_size() {
  return tuple_size_sum<decltype(T::fields(std::declval<T&>()))>::value;
}

template <class T> constexpr bool covers() {
  if constexpr (has_fields<T>::value) return listed_size<T>() == sizeof(T);
  return true;
}

template <class D, class S> void convert_field(D& d, const S& s);
template <class D, class S, std::size_t... I>
void convert_listed(D& d, const S& s, std::index_sequence<I...>) {
  auto dst = D::fields(d);
  const auto src = S::fields(s);
  (convert_field(std::get<I>(dst), std::get<I>(src)), ...);
}
template <class D, class S> void convert_field(D& d, const S& s) {
  if constexpr (has_fields<D>::value) {
    using List = decltype(D::fields(d));
    convert_listed(d, s, std::make_index_sequence<std::tuple_size_v<List>>{});
  } else if constexpr (std::is_array_v<D>) {
    for (std::size_t i = 0; i < std::extent_v<D>; ++i) convert_field(d[i], s[i]);
  } else {
    d = D(s);
  }
}
} // namespace fields_detail

// Whether the fields list of C<float> fills the struct (see above).
template <template <class> class C> constexpr bool fields_cover() {
  return fields_detail::covers<C<float>>();
}

// The struct in real type R, every listed field converted (enumerations copied).
template <class R, template <class> class C> C<R> convert_fields(const C<double>& s) {
  static_assert(fields_cover<C>(),
                "a field of this parameter struct is missing from its fields() list");
  C<R> d;
  fields_detail::convert_field(d, s);
  return d;
}

} // namespace tridg
