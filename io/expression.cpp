#include "io/expression.hpp"

#include "io/config.hpp"
#include "io/error.hpp"
#include "io/suggest.hpp"

#include <fmt/format.h>
#include <muParser.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace tridg {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kE = 2.71828182845904523536;

double fn_pow(double x, double y) {
  return std::pow(x, y);
}
double fn_step(double x) {
  return x >= 0.0 ? 1.0 : 0.0;
}
double fn_floor(double x) {
  return std::floor(x);
}
double fn_ceil(double x) {
  return std::ceil(x);
}
double fn_mod(double x, double y) {
  return std::fmod(x, y);
}
double fn_hypot(double x, double y) {
  return std::hypot(x, y);
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

const std::vector<std::string>& Expression::reserved_names() {
  static const std::vector<std::string> names = {
      "pi",    "e",     "_pi",       "_e",    "sin",   "cos",   "tan",   "asin", "acos", "atan",
      "atan2", "sinh",  "cosh",      "tanh",  "asinh", "acosh", "atanh", "exp",  "ln",   "log",
      "log2",  "log10", "sqrt",      "abs",   "sign",  "rint",  "min",   "max",  "sum",  "avg",
      "pow",   "step",  "heaviside", "floor", "ceil",  "mod",   "hypot"};
  return names;
}

struct Expression::Impl {
  std::string text, where;
  std::vector<std::string> variables;
  Constants constants;
  std::vector<double> values; // muParser points into this: sized once, never reallocated
  std::vector<char> used;     // per variable
  mu::Parser parser;

  Impl(const std::string& text_, const std::vector<std::string>& variables_,
       const std::string& where_, const Constants& constants_)
      : text(text_), where(where_), variables(variables_), constants(constants_),
        values(variables_.size(), 0.0), used(variables_.size(), 0) {
    for (const std::string& v : variables) {
      if (!is_identifier(v) || contains(reserved_names(), v))
        throw std::invalid_argument("Expression: bad variable name '" + v + "'");
    }
    for (const auto& [name, value] : constants) {
      if (contains(variables, name))
        bad(fmt::format("constant '{}' has the same name as a variable", name));
      if (!is_identifier(name) || contains(reserved_names(), name))
        bad(fmt::format("'{}' cannot be a constant's name", name));
    }
    try {
      parser.DefineConst("pi", kPi);
      parser.DefineConst("e", kE);
      for (const auto& [name, value] : constants) parser.DefineConst(name, value);
      parser.DefineFun("pow", fn_pow);
      parser.DefineFun("step", fn_step);
      parser.DefineFun("heaviside", fn_step);
      parser.DefineFun("floor", fn_floor);
      parser.DefineFun("ceil", fn_ceil);
      parser.DefineFun("mod", fn_mod);
      parser.DefineFun("hypot", fn_hypot);
      for (std::size_t i = 0; i < variables.size(); ++i) parser.DefineVar(variables[i], &values[i]);
      parser.SetExpr(text);
      parser.Eval(); // muParser compiles lazily; do it now so errors surface at setup
    } catch (const mu::Parser::exception_type& e) {
      bad(describe(e));
    }
    if (const int n = parser.GetNumResults(); n != 1)
      bad(fmt::format("it gives {} comma-separated values; one is expected", n));
    const mu::varmap_type& used_vars = parser.GetUsedVar();
    for (std::size_t i = 0; i < variables.size(); ++i)
      used[i] = used_vars.count(variables[i]) ? 1 : 0;
  }

  [[noreturn]] void bad(const std::string& msg) const {
    fail(ExitCode::bad_case, fmt::format("{}: bad expression '{}': {}", where, text, msg));
  }

  std::string describe(const mu::Parser::exception_type& e) const {
    const std::string token = e.GetToken();
    if (e.GetCode() == mu::ecUNASSIGNABLE_TOKEN && is_identifier(token)) {
      std::vector<std::string> names = variables;
      for (const auto& [name, value] : constants) names.push_back(name);
      names.insert(names.end(), reserved_names().begin(), reserved_names().end());
      return fmt::format("unknown name '{}' at position {}{}", token, e.GetPos(),
                         did_you_mean(token, names));
    }
    std::string msg = e.GetMsg();
    while (!msg.empty() && (msg.back() == '.' || msg.back() == '\n')) msg.pop_back();
    return msg;
  }
};

Expression::Expression(const std::string& text, const std::vector<std::string>& variables,
                       const std::string& where, const Constants& constants)
    : impl_(std::make_unique<Impl>(text, variables, where, constants)) {}

Expression::Expression(const Expression& other)
    : impl_(std::make_unique<Impl>(other.impl_->text, other.impl_->variables, other.impl_->where,
                                   other.impl_->constants)) {}

Expression& Expression::operator=(const Expression& other) {
  if (this != &other) {
    Expression copy(other);
    impl_ = std::move(copy.impl_);
  }
  return *this;
}

Expression::Expression(Expression&&) noexcept = default;
Expression& Expression::operator=(Expression&&) noexcept = default;
Expression::~Expression() = default;

double Expression::eval(const double* values) const {
  std::copy(values, values + impl_->values.size(), impl_->values.begin());
  try {
    return impl_->parser.Eval();
  } catch (const mu::Parser::exception_type& e) {
    impl_->bad(impl_->describe(e));
  }
}

double Expression::operator()(std::initializer_list<double> values) const {
  if (values.size() != impl_->values.size())
    throw std::invalid_argument(fmt::format("Expression '{}': {} values for {} variables",
                                            impl_->text, values.size(), impl_->values.size()));
  return eval(values.begin());
}

bool Expression::uses(const std::string& variable) const {
  const auto& vars = impl_->variables;
  const auto it = std::find(vars.begin(), vars.end(), variable);
  return it != vars.end() && impl_->used[static_cast<std::size_t>(it - vars.begin())];
}

bool Expression::is_constant() const {
  return std::none_of(impl_->used.begin(), impl_->used.end(), [](char u) { return u != 0; });
}

const std::string& Expression::text() const {
  return impl_->text;
}
const std::string& Expression::where() const {
  return impl_->where;
}

bool Expression::is_constant_number(const std::string& text, double* value) {
  const auto b = text.find_first_not_of(" \t");
  if (b == std::string::npos) return false;
  const auto e = text.find_last_not_of(" \t") + 1;
  const char* first = text.data() + b;
  const char* last = text.data() + e;
  if (*first == '+') ++first; // from_chars takes '-' but not '+'
  double v = 0.0;
  const auto [ptr, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || ptr != last || !std::isfinite(v)) return false;
  if (value) *value = v;
  return true;
}

Expression::Constants read_constants(const Config& table,
                                     const std::vector<std::string>& variables) {
  Expression::Constants out;
  for (const std::string& name : table.keys()) {
    if (!is_identifier(name))
      table.error(name,
                  "a constant's name must be letters, digits and _, not starting with a digit");
    if (contains(Expression::reserved_names(), name))
      table.error(name, fmt::format("'{}' is predefined and cannot be redefined", name));
    if (contains(variables, name))
      table.error(name,
                  fmt::format("'{}' is a variable in expressions; choose another name", name));
    const std::string text = table.get_expression(name);
    double v = 0.0;
    if (!Expression::is_constant_number(text, &v))
      v = Expression(text, {}, table.where(name), out)({});
    out[name] = v;
  }
  return out;
}

} // namespace tridg
