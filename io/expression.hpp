#pragma once
// User-written formulas from case files ("1 + 0.1*sin(2*pi*x)"), compiled once by muParser and
// then evaluated cheaply. Beyond muParser's own set (sin cos tan asin acos atan sinh cosh tanh
// asinh acosh atanh exp ln log (= ln) log2 log10 sqrt abs sign rint min max sum avg atan2, ^ for
// powers, comparisons, && ||, c ? a : b) the following are available:
//   constants  pi, e, and those passed in (a case file's [constants] table, see read_constants)
//   functions  pow(x, y), step(x) and heaviside(x) (1 for x >= 0, else 0), floor, ceil,
//              mod(x, y) (fmod: sign of x), hypot(x, y)
// Every failure (syntax, unknown name, clashing name) is a one-line UserError(bad_case) that
// starts with `where`, the place the text came from ("case.toml:14 initial.rho").
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tridg {

class Config;

class Expression {
public:
  using Constants = std::map<std::string, double>;

  // `variables` are the names the text may use, in the order values are given to eval().
  Expression(const std::string& text, const std::vector<std::string>& variables,
             const std::string& where, const Constants& constants = {});
  // muParser binds variables by address, so each Expression owns its variable storage on the
  // heap: moves keep it, copies compile the text again (copy per thread: see eval).
  Expression(const Expression& other);
  Expression& operator=(const Expression& other);
  Expression(Expression&&) noexcept;
  Expression& operator=(Expression&&) noexcept;
  ~Expression();

  // Evaluates with the variables set to `values` (one per variable, in constructor order).
  // Writes the variable storage: not safe to call concurrently on one object, so give each
  // thread its own copy.
  double eval(const double* values) const;
  double operator()(std::initializer_list<double> values) const;

  bool uses(const std::string& variable) const; // does the text refer to this variable?
  bool is_constant() const;                     // refers to no variable at all
  const std::string& text() const;
  const std::string& where() const;

  // True when `text` is just a finite number (" -1.5e3 "), storing it in *value if not null.
  static bool is_constant_number(const std::string& text, double* value);

  // Names with a fixed meaning in every expression (pi, e and the functions above, muParser's
  // included): user constants and variables may not take them.
  static const std::vector<std::string>& reserved_names();

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads a [constants] table: each entry is a number or an expression in the constants before it
// (in file order), e.g. gamma = 1.4, c0 = "sqrt(gamma * p0 / rho0)". Names must be identifiers
// and may not be reserved names or one of `variables` (the names the case's expressions use as
// variables, e.g. x, y, t).
Expression::Constants read_constants(const Config& table,
                                     const std::vector<std::string>& variables = {});

} // namespace tridg
