#pragma once
// Forward-mode dual numbers: a value and its derivatives along N directions. The physics' point
// functions are templates on the real type, so instantiating them with Dual<N> gives their exact
// Jacobians (the implicit schemes' block Jacobian) without a hand-written derivative that could
// drift from the function it differentiates. Branches (a wave-speed choice, an upwind side) take
// the branch of the value, which is the derivative of the function where it is differentiable.
#include <cmath>
#include <limits>
#include <type_traits>

#include "core/hd.hpp"

namespace tridg {

template <int N> struct Dual {
  double v = 0;
  double d[N] = {};

  Dual() = default;
  TRIDG_HD Dual(double x) : v(x) {} // NOLINT: constants promote implicitly, as doubles do
  // The variable number i of N (derivative 1 along i).
  TRIDG_HD static Dual variable(double x, int i) {
    Dual r(x);
    r.d[i] = 1;
    return r;
  }

  TRIDG_HD Dual& operator+=(const Dual& b) {
    v += b.v;
    for (int i = 0; i < N; ++i) d[i] += b.d[i];
    return *this;
  }
  TRIDG_HD Dual& operator-=(const Dual& b) {
    v -= b.v;
    for (int i = 0; i < N; ++i) d[i] -= b.d[i];
    return *this;
  }
  TRIDG_HD Dual& operator*=(const Dual& b) { return *this = *this * b; }
  TRIDG_HD Dual& operator/=(const Dual& b) { return *this = *this / b; }

  TRIDG_HD friend Dual operator-(const Dual& a) {
    Dual r;
    r.v = -a.v;
    for (int i = 0; i < N; ++i) r.d[i] = -a.d[i];
    return r;
  }
  TRIDG_HD friend Dual operator+(Dual a, const Dual& b) { return a += b; }
  TRIDG_HD friend Dual operator-(Dual a, const Dual& b) { return a -= b; }
  TRIDG_HD friend Dual operator*(const Dual& a, const Dual& b) {
    Dual r;
    r.v = a.v * b.v;
    for (int i = 0; i < N; ++i) r.d[i] = a.d[i] * b.v + a.v * b.d[i];
    return r;
  }
  TRIDG_HD friend Dual operator/(const Dual& a, const Dual& b) {
    const double ib = 1.0 / b.v;
    Dual r;
    r.v = a.v * ib;
    for (int i = 0; i < N; ++i) r.d[i] = (a.d[i] - r.v * b.d[i]) * ib;
    return r;
  }
  TRIDG_HD friend bool operator<(const Dual& a, const Dual& b) { return a.v < b.v; }
  TRIDG_HD friend bool operator>(const Dual& a, const Dual& b) { return a.v > b.v; }
  TRIDG_HD friend bool operator<=(const Dual& a, const Dual& b) { return a.v <= b.v; }
  TRIDG_HD friend bool operator>=(const Dual& a, const Dual& b) { return a.v >= b.v; }
  TRIDG_HD friend bool operator==(const Dual& a, const Dual& b) { return a.v == b.v; }
  TRIDG_HD friend bool operator!=(const Dual& a, const Dual& b) { return a.v != b.v; }
};

// The real overloads stay visible next to the dual ones below (unqualified calls in the physics
// would otherwise find only these templates).
using std::abs;
using std::cbrt;
using std::exp;
using std::fabs;
using std::log;
using std::pow;
using std::sqrt;

// The chain rule for a function with value f and derivative df at a.v.
template <int N> TRIDG_HD Dual<N> chain(const Dual<N>& a, double f, double df) {
  Dual<N> r;
  r.v = f;
  for (int i = 0; i < N; ++i) r.d[i] = df * a.d[i];
  return r;
}

template <int N> TRIDG_HD Dual<N> sqrt(const Dual<N>& a) {
  const double s = std::sqrt(a.v);
  // d sqrt at 0 is infinite; a state at zero pressure has no sound-speed derivative to give,
  // and 0 keeps the Jacobian finite where tmax clipped the argument.
  return chain(a, s, s > 0 ? 0.5 / s : 0.0);
}
template <int N> TRIDG_HD Dual<N> cbrt(const Dual<N>& a) {
  const double c = std::cbrt(a.v);
  // As sqrt: no derivative to give at 0 (the friction of a dry point).
  return chain(a, c, c != 0 ? c / (3 * a.v) : 0.0);
}
template <int N> TRIDG_HD Dual<N> exp(const Dual<N>& a) {
  const double e = std::exp(a.v);
  return chain(a, e, e);
}
template <int N> TRIDG_HD Dual<N> log(const Dual<N>& a) {
  return chain(a, std::log(a.v), 1.0 / a.v);
}
template <int N> TRIDG_HD Dual<N> pow(const Dual<N>& a, double b) {
  const double f = std::pow(a.v, b);
  return chain(a, f, a.v != 0 ? b * f / a.v : 0.0);
}
template <int N> TRIDG_HD Dual<N> fabs(const Dual<N>& a) {
  return a.v < 0 ? -a : a;
}
template <int N> TRIDG_HD Dual<N> abs(const Dual<N>& a) {
  return fabs(a);
}

template <class T> struct is_dual : std::false_type {};
template <int N> struct is_dual<Dual<N>> : std::true_type {};

// The value of a real or dual number.
TRIDG_HD double value_of(double x) {
  return x;
}
template <int N> TRIDG_HD double value_of(const Dual<N>& x) {
  return x.v;
}

} // namespace tridg

namespace std {
// The limits of the value (the physics compare states against them).
template <int N> struct numeric_limits<tridg::Dual<N>> : numeric_limits<double> {
  TRIDG_HD static tridg::Dual<N> min() { return numeric_limits<double>::min(); }
  TRIDG_HD static tridg::Dual<N> max() { return numeric_limits<double>::max(); }
  TRIDG_HD static tridg::Dual<N> lowest() { return numeric_limits<double>::lowest(); }
  TRIDG_HD static tridg::Dual<N> epsilon() { return numeric_limits<double>::epsilon(); }
  TRIDG_HD static tridg::Dual<N> infinity() { return numeric_limits<double>::infinity(); }
};
} // namespace std
