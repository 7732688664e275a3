// User expressions: known values, the added functions and constants, copies (muParser binds
// variables by address), and errors that name where the text came from.
#include <doctest/doctest.h>

#include "io/config.hpp"
#include "io/error.hpp"
#include "io/expression.hpp"

#include <cmath>
#include <string>
#include <thread>
#include <vector>

using tridg::Expression;

namespace {

constexpr double kPi = 3.14159265358979323846;
// Library sin/cos/exp are within an ulp or two of the exact result; a few ulps of 1 suffice.
constexpr double kTol = 4e-16;

template <class F> std::string error_of(F&& f) {
  try {
    f();
  } catch (const tridg::UserError& e) {
    CHECK(e.code() == tridg::ExitCode::bad_case);
    const std::string msg = e.what();
    CHECK(msg.find('\n') == std::string::npos);
    return msg;
  }
  FAIL("expected a UserError");
  return {};
}

double eval1(const std::string& text, double x = 0.0) {
  return Expression(text, {"x"}, "test")({x});
}

} // namespace

TEST_CASE("expression: constants and elementary functions") {
  CHECK(std::abs(eval1("sin(pi/2)") - 1.0) <= kTol);
  CHECK(std::abs(eval1("cos(pi)") + 1.0) <= kTol);
  CHECK(eval1("pi") == kPi);
  CHECK(std::abs(eval1("e - exp(1)")) <= kTol);
  CHECK(eval1("2^10") == 1024.0);
  CHECK(eval1("pow(2, 10)") == 1024.0);
  CHECK(eval1("sqrt(16)") == 4.0);
  CHECK(eval1("abs(-2.5)") == 2.5);
  CHECK(eval1("min(3, -1, 2)") == -1.0);
  CHECK(eval1("max(3, -1, 2)") == 3.0);
  CHECK(std::abs(eval1("atan2(1, 1)") - kPi / 4) <= kTol);
  CHECK(eval1("atan2(0, -1)") == std::atan2(0.0, -1.0));
  CHECK(eval1("tanh(0)") == 0.0);
  CHECK(eval1("exp(0)") == 1.0);
  CHECK(eval1("floor(-1.5)") == -2.0);
  CHECK(eval1("ceil(-1.5)") == -1.0);
  CHECK(eval1("mod(7, 3)") == 1.0);
  CHECK(eval1("mod(-7, 3)") == -1.0);
  CHECK(eval1("hypot(3, 4)") == 5.0);
  CHECK(eval1("1e3 + 2.5e-1") == 1000.25); // numbers with exponents next to the constant e
}

TEST_CASE("expression: step, heaviside and the conditional operator") {
  CHECK(eval1("step(x)", 0.0) == 1.0); // step(0) = 1
  CHECK(eval1("step(x)", 1e-300) == 1.0);
  CHECK(eval1("step(x)", -1e-300) == 0.0);
  CHECK(eval1("heaviside(x - 0.5)", 0.25) == 0.0);
  CHECK(eval1("heaviside(x - 0.5)", 0.75) == 1.0);
  CHECK(eval1("x < 0.5 ? 8 : 1", 0.25) == 8.0);
  CHECK(eval1("x < 0.5 ? 8 : 1", 0.75) == 1.0);
  CHECK(eval1("x < 0 ? -1 : (x > 1 ? 2 : 0)", 5.0) == 2.0);
}

TEST_CASE("expression: variables in order, evaluated repeatedly") {
  const Expression f("x^2 + 10*y - t", {"x", "y", "t"}, "case.toml:3 initial.rho");
  CHECK(f({2.0, 3.0, 1.0}) == 33.0);
  CHECK(f({0.5, 0.0, 0.25}) == 0.0);
  const double v[3] = {1.0, 1.0, 1.0};
  CHECK(f.eval(v) == 10.0);
  CHECK(f.uses("x"));
  CHECK(f.uses("t"));
  CHECK_FALSE(f.uses("z"));
  CHECK_FALSE(f.is_constant());
  const Expression g("1 + 0*y", {"x", "y", "t"}, "case.toml:4 boundary.inlet.u");
  CHECK_FALSE(g.uses("x"));
  CHECK_FALSE(g.uses("t")); // a time-independent inflow
  const Expression h("2*pi", {"x", "y", "t"}, "w");
  CHECK(h.is_constant());
  CHECK(h({9.0, 9.0, 9.0}) == 2 * kPi);
  CHECK(h.text() == "2*pi");
  CHECK(h.where() == "w");
}

TEST_CASE("expression: user constants") {
  const Expression::Constants constants{{"gamma", 1.4}, {"p0", 2.5}};
  const Expression f("p0 / (gamma - 1) + x", {"x"}, "w", constants);
  CHECK(f({0.0}) == 2.5 / (1.4 - 1.0));
  CHECK(f({1.0}) == 2.5 / (1.4 - 1.0) + 1.0);
  CHECK(error_of([&] {
          Expression("x", {"x"}, "w", {{"x", 1.0}});
        }) == "w: bad expression 'x': constant 'x' has the same name as a variable");
  CHECK(error_of([&] {
          Expression("1", {"x"}, "w", {{"pi", 3.0}});
        }).find("'pi' cannot be a constant's name") != std::string::npos);
}

TEST_CASE("expression: copies and moves own their variables") {
  Expression a("3*x + 1", {"x"}, "w");
  Expression b = a; // a copy must not share a's variable storage
  CHECK(a({1.0}) == 4.0);
  CHECK(b({2.0}) == 7.0);
  CHECK(a({0.0}) == 1.0);
  {
    Expression tmp("x - 1", {"x"}, "w");
    b = tmp;
  } // tmp is gone; b must not point into it
  CHECK(b({5.0}) == 4.0);
  Expression c = std::move(a);
  CHECK(c({2.0}) == 7.0);
  std::vector<Expression> many;
  for (int i = 0; i < 20; ++i)
    many.emplace_back("x + " + std::to_string(i), std::vector<std::string>{"x"}, "w");
  for (int i = 0; i < 20; ++i) CHECK(many[static_cast<std::size_t>(i)]({0.5}) == 0.5 + i);
}

TEST_CASE("expression: one copy per thread evaluates independently") {
  const Expression proto("sin(x) * y", {"x", "y"}, "w");
  constexpr int kThreads = 4, kN = 2000;
  std::vector<double> sums(kThreads, 0.0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const Expression mine = proto;
      for (int i = 0; i < kN; ++i)
        sums[static_cast<std::size_t>(t)] += mine({0.001 * i, double(t)});
    });
  }
  for (auto& th : threads) th.join();
  double expect = 0.0;
  for (int i = 0; i < kN; ++i) expect += std::sin(0.001 * i);
  // The same operations in the same order as in the threads: identical results.
  for (int t = 0; t < kThreads; ++t) {
    double ref = 0.0;
    for (int i = 0; i < kN; ++i) ref += std::sin(0.001 * i) * t;
    CHECK(sums[static_cast<std::size_t>(t)] == ref);
  }
  CHECK(expect > 0.0);
}

TEST_CASE("expression: is_constant_number") {
  double v = 0.0;
  CHECK(Expression::is_constant_number("1.4", &v));
  CHECK(v == 1.4);
  CHECK(Expression::is_constant_number("  -2.5e-3 ", &v));
  CHECK(v == -2.5e-3);
  CHECK(Expression::is_constant_number("+7", &v));
  CHECK(v == 7.0);
  CHECK(Expression::is_constant_number("3", nullptr));
  CHECK_FALSE(Expression::is_constant_number("2*pi", &v));
  CHECK_FALSE(Expression::is_constant_number("x", &v));
  CHECK_FALSE(Expression::is_constant_number("1.5.2", &v));
  CHECK_FALSE(Expression::is_constant_number("", &v));
  CHECK_FALSE(Expression::is_constant_number("inf", &v));
  CHECK_FALSE(Expression::is_constant_number("nan", &v));
}

TEST_CASE("expression: errors name where, the text and the problem") {
  const std::string where = "case.toml:14 initial.rho";
  const std::vector<std::string> xyt{"x", "y", "t"};
  std::string msg = error_of([&] { Expression("1 + * x", xyt, where); });
  CHECK(msg.starts_with("case.toml:14 initial.rho: bad expression '1 + * x': "));
  CHECK(msg.find("Unexpected operator \"*\"") != std::string::npos);
  CHECK(error_of([&] {
          Expression("x + gama", xyt, where, {{"gamma", 1.4}});
        }) ==
        "case.toml:14 initial.rho: bad expression 'x + gama': unknown name 'gama' at position 4 "
        "(did you mean 'gamma'?)");
  CHECK(error_of([&] { Expression("2*z", xyt, where); }) ==
        "case.toml:14 initial.rho: bad expression '2*z': unknown name 'z' at position 2");
  CHECK(error_of([&] { Expression("sinn(x)", xyt, where); }).ends_with("(did you mean 'sin'?)"));
  CHECK(error_of([&] {
          Expression("sin(", xyt, where);
        }).starts_with(where + ": bad expression 'sin(': "));
  CHECK(error_of([&] { Expression("", xyt, where); }).starts_with(where + ": bad expression '': "));
  CHECK(error_of([&] { Expression("1, 2", xyt, where); }).ends_with("one is expected"));
  CHECK(error_of([&] { Expression("atan2(1)", xyt, where); }).starts_with(where));
}

TEST_CASE("expression: [constants] from a case file, in file order") {
  const tridg::Config c = tridg::Config::parse("[constants]\ngamma = 1.4\np0 = 2\n"
                                               "c0 = \"sqrt(gamma * p0)\"\nhalf = \"c0 / 2\"\n",
                                               "case.toml");
  const auto k = tridg::read_constants(c.table("constants"), {"x", "y", "t"});
  CHECK(k.at("gamma") == 1.4);
  CHECK(k.at("p0") == 2.0);
  CHECK(k.at("c0") == std::sqrt(1.4 * 2.0));
  CHECK(k.at("half") == std::sqrt(1.4 * 2.0) / 2);
  CHECK_NOTHROW(c.check_all_used()); // read_constants reads every entry

  auto read = [](const std::string& text) {
    const tridg::Config d = tridg::Config::parse(text, "case.toml");
    tridg::read_constants(d.table("constants"), {"x", "y", "t"});
  };
  // A constant may only use the ones before it.
  CHECK(error_of([&] { read("[constants]\na = \"b + 1\"\nb = 2\n"); }) ==
        "case.toml:2 constants.a: bad expression 'b + 1': unknown name 'b' at position 0");
  CHECK(error_of([&] { read("[constants]\npi = 3\n"); }) ==
        "case.toml:2: constants.pi: 'pi' is predefined and cannot be redefined");
  CHECK(error_of([&] { read("[constants]\nt = 3\n"); }) ==
        "case.toml:2: constants.t: 't' is a variable in expressions; choose another name");
  CHECK(error_of([&] { read("[constants]\n2a = 3\n"); }).starts_with("case.toml:2: constants.2a:"));
  CHECK(error_of([&] {
          read("[constants]\nflag = true\n");
        }).starts_with("case.toml:2: constants.flag: expected a number or an expression string"));
}
