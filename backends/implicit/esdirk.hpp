#pragma once
// ESDIRK3(2)4L[2]SA of Kennedy and Carpenter (2003, Appl. Numer. Math. 44, table of
// ARK3(2)4L[2]SA, implicit part): four stages, the first explicit, third order, L-stable and
// stiffly accurate (the last stage is the solution), with an embedded second-order solution for
// the error estimate. tests/test_implicit_schemes.cpp checks the order conditions.
namespace tridg {

struct Esdirk3 {
  static constexpr int stages = 4;
  static constexpr double gamma = 1767732205903.0 / 4055673282236.0;
  static constexpr double a[4][4] = {
      {0, 0, 0, 0},
      {gamma, gamma, 0, 0},
      {2746238789719.0 / 10658868560708.0, -640167445237.0 / 6845629431997.0, gamma, 0},
      {1471266399579.0 / 7840856788654.0, -4482444167858.0 / 7529755066697.0,
       11266239266428.0 / 11593286722821.0, gamma}};
  static constexpr double c[4] = {0, 2 * gamma, 3.0 / 5.0, 1};
  // b is the last row of a; b_hat the embedded second-order weights.
  static constexpr double b_hat[4] = {
      2756255671327.0 / 12835298489170.0, -10771552573575.0 / 22201958757719.0,
      9247589265047.0 / 10645013368117.0, 2193209047091.0 / 5459859503100.0};
};

} // namespace tridg
