// The boundary conditions' parameters reach the GPU's precision and the Jacobian's dual numbers
// through one fields list per struct (core/fields.hpp): a field missing from it must not compile,
// and every listed field must arrive.
#include <doctest/doctest.h>

#include <tuple>

#include "backends/convert.hpp"
#include "core/dual.hpp"
#include "physics/euler/boundary.hpp"
#include "physics/linear_shallow_water/boundary.hpp"
#include "physics/shallow_water/boundary.hpp"

namespace tridg {
namespace {

template <class Real> struct Listed {
  Real a[2] = {}, b = 0;
  template <class S> static auto fields(S& s) { return std::tie(s.a, s.b); }
};
template <class Real> struct Forgotten {
  Real a[2] = {}, b = 0, c = 0;
  template <class S> static auto fields(S& s) { return std::tie(s.a, s.b); }
};
template <class Real> struct ForgottenInside {
  int kind = 0;
  Forgotten<Real> inner;
  template <class S> static auto fields(S& s) { return std::tie(s.kind, s.inner); }
};
static_assert(fields_cover<Listed>());
static_assert(!fields_cover<Forgotten>());
static_assert(!fields_cover<ForgottenInside>());

} // namespace

TEST_CASE("every parameter of a condition reaches float and dual numbers") {
  EulerBoundary<double> e;
  e.first = 3;
  e.count = 5;
  e.per_point = true;
  e.kind = EulerBcKind::moving_shock;
  for (int k = 0; k < 4; ++k) {
    e.state.u[k] = 1 + k;
    e.shock.behind[k] = 5 + k;
    e.shock.ahead[k] = 9 + k;
  }
  e.arc = {13, 14};
  e.shock.x0 = 15;
  e.shock.sx = 16;
  e.shock.st = 17;
  const EulerBoundary<float> f = to_real<float>(e);
  CHECK(f.first == 3);
  CHECK(f.count == 5);
  CHECK(f.per_point);
  CHECK(f.kind == EulerBcKind::moving_shock);
  for (int k = 0; k < 4; ++k) {
    CHECK(f.state.u[k] == float(1 + k));
    CHECK(f.shock.behind[k] == float(5 + k));
    CHECK(f.shock.ahead[k] == float(9 + k));
  }
  CHECK(f.arc.cx == 13.0f);
  CHECK(f.arc.cy == 14.0f);
  CHECK(f.shock.x0 == 15.0f);
  CHECK(f.shock.sx == 16.0f);
  CHECK(f.shock.st == 17.0f);

  SwBoundary<double> s;
  s.kind = SwBcKind::level;
  s.level.level = 0.25;
  s.absorbing.level = -0.5;
  const double table[1] = {0};
  s.table = table;
  const SwBoundary<Dual<2>> d = to_real<Dual<2>>(s);
  CHECK(d.kind == SwBcKind::level);
  CHECK(d.level.level.v == 0.25);
  CHECK(d.absorbing.level.v == -0.5);
  CHECK(d.table == table); // dual numbers read the double table

  LswBoundary<double> l;
  l.kind = LswBcKind::absorbing;
  l.level.level = 0.75;
  l.absorbing.level = 1.5;
  const LswBoundary<float> lf = to_real<float>(l);
  CHECK(lf.kind == LswBcKind::absorbing);
  CHECK(lf.level.level == 0.75f);
  CHECK(lf.absorbing.level == 1.5f);
  CHECK(lf.table == nullptr); // the backend converts and sets a float table
}

} // namespace tridg
