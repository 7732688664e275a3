// The case-file layer: values, every user error path (with the exact message where the wording is
// part of the contract), --set overrides and the to_toml() round trip.
#include <doctest/doctest.h>

#include "io/config.hpp"
#include "io/error.hpp"
#include "io/suggest.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

using tridg::Config;

namespace {

// The message of the UserError that f throws; fails the test if f throws nothing or the code is
// not bad_case.
template <class F> std::string error_of(F&& f) {
  try {
    f();
  } catch (const tridg::UserError& e) {
    CHECK(e.code() == tridg::ExitCode::bad_case);
    const std::string msg = e.what();
    CHECK(msg.find('\n') == std::string::npos); // one line
    return msg;
  }
  FAIL("expected a UserError");
  return {};
}

const char* kCase = R"toml(# a small case
title = "shock tube"

[time]
end = 2.5
cfl = 0.4
steps = 100

[discretization]
order = 3
flux = "hllc"
limiter = true

[initial]
rho = "1 + 0.1*sin(pi*x)"
u = 0
probes = [0.25, 0.5, 1]
box = { xmin = -1, xmax = 1.5 }

[boundary.inlet]
type = "inflow"
)toml";

} // namespace

TEST_CASE("suggest: edit distance and closest match") {
  CHECK(tridg::edit_distance("", "abc") == 3);
  CHECK(tridg::edit_distance("kitten", "sitting") == 3);
  CHECK(tridg::edit_distance("hlcl", "hllc") == 1); // adjacent swap costs 1
  CHECK(tridg::edit_distance("time.ennd", "time.end") == 1);
  CHECK(tridg::closest_match("hlc", {"rusanov", "hllc", "roe"}) == "hllc");
  CHECK(tridg::closest_match("HLLC", {"rusanov", "hllc", "roe"}) == "hllc");
  CHECK(tridg::closest_match("xyz", {"rusanov", "hllc", "roe"}).empty());
  CHECK(tridg::closest_match("roe", {"roe"}).empty()); // never suggest what was written
  CHECK(tridg::did_you_mean("roa", {"roe"}) == " (did you mean 'roe'?)");
}

TEST_CASE("config: values are read with their types") {
  const Config c = Config::parse(kCase, "case.toml");
  CHECK(c.get_string("title") == "shock tube");
  CHECK(c.get_double("time.end") == 2.5);
  CHECK(c.get_double("time.steps") == 100.0); // an integer where a double is expected
  CHECK(c.get_int("time.steps") == 100);
  CHECK(c.get_int("discretization.order") == 3);
  CHECK(c.get_bool("discretization.limiter"));
  CHECK(c.get_string("initial.rho") == "1 + 0.1*sin(pi*x)");
  CHECK(c.get_doubles("initial.probes") == std::vector<double>{0.25, 0.5, 1.0});
  CHECK(c.get_double("initial.box.xmax") == 1.5); // into an inline table
  CHECK(c.get_string("boundary.inlet.type") == "inflow");

  const Config t = c.table("time");
  CHECK(t.get_double("cfl") == 0.4);
  CHECK(t.path_of("cfl") == "time.cfl");
  CHECK(t.line("cfl") == 6);
  CHECK(c.line("boundary.inlet.type") == 21);
  CHECK(c.line("time.nothing") == 0);
  CHECK(t.source() == "case.toml");
  CHECK(t.where("cfl") == "case.toml:6 time.cfl");
  CHECK(c.table("boundary").table("inlet").path_of("type") == "boundary.inlet.type");

  CHECK(c.has("time.end"));
  CHECK_FALSE(c.has("time.start"));
  CHECK_FALSE(c.has("nosuchtable.key"));
  CHECK(c.get_double("time.start", -1.0) == -1.0); // defaults apply only when missing
  CHECK(c.get_double("time.end", -1.0) == 2.5);
  CHECK(c.get_int("x.n", 7) == 7);
  CHECK(c.get_bool("x.b", true));
  CHECK(c.get_string("x.s", "dflt") == "dflt");
  CHECK(c.get_doubles("x.v", {1.0, 2.0}) == std::vector<double>{1.0, 2.0});
}

TEST_CASE("config: keys() follows the file order, not alphabetical order") {
  const Config c = Config::parse(kCase, "case.toml");
  CHECK(c.keys() ==
        std::vector<std::string>{"title", "time", "discretization", "initial", "boundary"});
  CHECK(c.table("time").keys() == std::vector<std::string>{"end", "cfl", "steps"});
  CHECK(c.table("initial").keys() == std::vector<std::string>{"rho", "u", "probes", "box"});
  CHECK(c.table("initial").table("box").keys() == std::vector<std::string>{"xmin", "xmax"});
}

TEST_CASE("config: an integral float is accepted as an int, a fraction is not") {
  const Config c = Config::parse("a = 3.0\nb = 2.5\nc = 5000000000\n", "case.toml");
  CHECK(c.get_int("a") == 3);
  CHECK(error_of([&] { c.get_int("b"); }) ==
        "case.toml:2: b: expected an integer, found a floating-point number (2.5)");
  CHECK(error_of([&] { c.get_int("c"); }).starts_with("case.toml:3: c = 5000000000 is too large"));
}

TEST_CASE("config: wrong types name the file, line, key, expected and found type") {
  const Config c =
      Config::parse("[time]\nend = \"abc\"\nn = 1\nflag = 1\nv = [1, \"x\"]\n", "case.toml");
  CHECK(error_of([&] { c.get_double("time.end"); }) ==
        "case.toml:2: time.end: expected a number, found a string ('abc')");
  // With a default too: a present key of the wrong type is not silently replaced.
  CHECK(error_of([&] { c.get_double("time.end", 1.0); }) ==
        "case.toml:2: time.end: expected a number, found a string ('abc')");
  CHECK(error_of([&] { c.get_string("time.n"); }) ==
        "case.toml:3: time.n: expected a string, found an integer (1)");
  CHECK(error_of([&] { c.get_bool("time.flag"); }) ==
        "case.toml:4: time.flag: expected a boolean (true or false), found an integer (1)");
  CHECK(error_of([&] { c.get_doubles("time.v"); }) ==
        "case.toml:5: time.v[1]: expected a number, found a string ('x')");
  CHECK(error_of([&] { c.get_doubles("time.n"); }) ==
        "case.toml:3: time.n: expected an array of numbers, found an integer (1)");
  // A value where a table is needed, on the way to a key.
  CHECK(error_of([&] { c.get_double("time.n.x"); }) ==
        "case.toml:3: time.n: expected a table, found an integer (1)");
}

TEST_CASE("config: missing keys and tables") {
  const Config c = Config::parse("[time]\nend = 1\n", "case.toml");
  CHECK(error_of([&] { c.get_double("time.cfl"); }) ==
        "case.toml:1: missing required key 'time.cfl'");
  CHECK(error_of([&] { c.get_double("gas.gamma"); }) ==
        "case.toml: missing required key 'gas.gamma'");
  CHECK(error_of([&] { c.table("boundary"); }) == "case.toml: missing required table [boundary]");
  CHECK(error_of([&] { c.table("time").table("end"); }) ==
        "case.toml:2: time.end: expected a table, found an integer (1)");
}

TEST_CASE("config: range checks") {
  const Config c = Config::parse("[time]\ncfl = -1\nzero = 0\nten = 10\nnan = nan\n"
                                 "[discretization]\norder = 7\n",
                                 "case.toml");
  CHECK(error_of([&] { c.get_double_in("time.cfl", 0.0, 10.0, 0.5); }) ==
        "case.toml:2: time.cfl = -1 is out of range (0, 10]");
  CHECK(error_of([&] { c.get_double_in("time.zero", 0.0, 10.0); }) ==
        "case.toml:3: time.zero = 0 is out of range (0, 10]");
  CHECK(c.get_double_in("time.ten", 0.0, 10.0) == 10.0);
  CHECK(c.get_double_in("time.missing", 0.0, 10.0, 0.5) == 0.5);
  CHECK(error_of([&] { c.get_double_in("time.nan", -1e300, 1e300); }).find("nan is out of range") !=
        std::string::npos);
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(c.get_double_in("time.zero", Config::Interval::closed(0.0, inf)) == 0.0);
  CHECK(error_of([&] { c.get_double_in("time.ten", Config::Interval::closed_open(0.0, 10.0)); }) ==
        "case.toml:4: time.ten = 10 is out of range [0, 10)");
  CHECK(error_of([&] { c.get_double_in("time.cfl", Config::Interval::open(0.0, inf)); }) ==
        "case.toml:2: time.cfl = -1 is out of range (0, inf)");
  CHECK(error_of([&] { c.get_int_in("discretization.order", 1, 4); }) ==
        "case.toml:7: discretization.order = 7 is out of range [1, 4]");
  CHECK(c.get_int_in("discretization.missing", 1, 4, 2) == 2);
  CHECK(
      error_of([&] { c.get_int_in("discretization.order", 1, 4, 2); }).starts_with("case.toml:7:"));
}

TEST_CASE("config: choices list the options and suggest the closest") {
  const Config c =
      Config::parse("[discretization]\nflux = \"hlc\"\nother = \"zzz\"\n", "case.toml");
  const std::vector<std::string> fluxes{"rusanov", "hllc", "roe"};
  CHECK(error_of([&] { c.get_choice("discretization.flux", fluxes, "hllc"); }) ==
        "case.toml:2: discretization.flux = 'hlc' is not one of 'rusanov', 'hllc', 'roe' "
        "(did you mean 'hllc'?)");
  CHECK(error_of([&] { c.get_choice("discretization.other", fluxes); }) ==
        "case.toml:3: discretization.other = 'zzz' is not one of 'rusanov', 'hllc', 'roe'");
  CHECK(c.get_choice("discretization.limiter", {"none", "moment"}, "none") == "none");
  const Config ok = Config::parse("flux = \"roe\"\n", "case.toml");
  CHECK(ok.get_choice("flux", fluxes) == "roe");
}

TEST_CASE("config: unknown keys are reported with a suggestion") {
  const Config c = Config::parse(
      "[time]\nend = 1\ncfl = 0.5\nennd = 3\n[discretization]\norder = 2\n", "case.toml");
  c.get_double("time.end");
  c.get_double("time.cfl");
  c.get_int("discretization.order");
  CHECK(error_of([&] { c.check_all_used(); }) ==
        "case.toml:4: unknown key 'time.ennd' (did you mean 'time.end'?)");

  // Keys that were looked up but absent (optional ones) are candidates too.
  const Config d = Config::parse("[time]\nend = 1\nclf = 0.5\n", "case.toml");
  d.get_double("time.end");
  d.get_double_in("time.cfl", 0.0, 10.0, 0.5);
  CHECK(error_of([&] { d.check_all_used(); }) ==
        "case.toml:3: unknown key 'time.clf' (did you mean 'time.cfl'?)");

  // The right name in the wrong table.
  const Config e = Config::parse("[time]\nend = 1\n[output]\ncfl = 0.5\n", "case.toml");
  e.get_double("time.end");
  e.get_double("time.cfl", 0.5);
  e.has("output.every");
  CHECK(error_of([&] { e.check_all_used(); }) ==
        "case.toml:4: unknown key 'output.cfl' (did you mean 'time.cfl'?)");

  // A table nothing looked into, suggested from the known keys.
  const Config f = Config::parse("[time]\nend = 1\n[limitr]\ntype = \"none\"\n", "case.toml");
  f.get_double("time.end");
  CHECK(error_of([&] {
          f.check_all_used({"limiter.type", "limiter.theta"});
        }) == "case.toml:3: unknown table 'limitr' (did you mean 'limiter'?)");
  // A known key that these settings do not read.
  const Config g = Config::parse("[time]\nend = 1\ntheta = 2\n", "case.toml");
  g.get_double("time.end");
  CHECK(error_of([&] { g.check_all_used({"time.theta"}); }) ==
        "case.toml:3: key 'time.theta' is not used with these settings");
  // Nothing close: no suggestion.
  const Config h = Config::parse("[time]\nend = 1\nbanana = 2\n", "case.toml");
  h.get_double("time.end");
  CHECK(error_of([&] { h.check_all_used(); }) == "case.toml:3: unknown key 'time.banana'");
}

TEST_CASE("config: everything read means no complaint; has() and table() count as reads") {
  const Config c = Config::parse(kCase, "case.toml");
  c.get_string("title");
  const Config t = c.table("time");
  t.get_double("end");
  t.get_double("cfl");
  CHECK(t.has("steps"));
  c.get_int("discretization.order");
  c.get_choice("discretization.flux", {"rusanov", "hllc"});
  c.get_bool("discretization.limiter");
  for (const std::string& k : c.table("initial").keys()) {
    if (k != "box") c.table("initial").has(k);
  }
  c.get_double("initial.box.xmin");
  c.get_double("initial.box.xmax");
  c.get_string("boundary.inlet.type");
  CHECK_NOTHROW(c.check_all_used());
  // A sub-table view checks only its own keys.
  const Config d = Config::parse("[a]\nx = 1\n[b]\ny = 2\n", "case.toml");
  d.get_double("a.x");
  CHECK_NOTHROW(d.table("a").check_all_used());
  CHECK(error_of([&] { d.check_all_used(); }).starts_with("case.toml:3: unknown table 'b'"));
}

TEST_CASE("config: malformed TOML gives file:line:column and the parser's reason") {
  const std::string msg =
      error_of([] { Config::parse("[time]\nend = 1\ncfl = = 2\n", "bad.toml"); });
  CHECK(msg.starts_with("bad.toml:3:"));
  CHECK(msg.find("while parsing") != std::string::npos);
  // Column present: "bad.toml:3:N: ..."
  const auto second = msg.find(':', std::string("bad.toml:3:").size());
  REQUIRE(second != std::string::npos);
  CHECK(std::stoi(msg.substr(11, second - 11)) > 0);
  CHECK(error_of([] { Config::parse("a = 1\na = 2\n", "dup.toml"); }).starts_with("dup.toml:2:"));
}

TEST_CASE("config: load() reads a file and reports a missing one") {
  const auto dir = std::filesystem::temp_directory_path();
  const auto path = dir / "tridg_test_config_case.toml";
  {
    std::ofstream out(path);
    out << "[time]\nend = 4.5\n";
  }
  const Config c = Config::load(path.string());
  CHECK(c.get_double("time.end") == 4.5);
  CHECK(c.source() == path.string());
  std::filesystem::remove(path);
  const std::string msg = error_of([&] { Config::load(path.string()); });
  CHECK(msg.starts_with("cannot read case file '" + path.string() + "'"));
  CHECK(error_of([&] { Config::load(dir.string()); }).find("directory") != std::string::npos);
}

TEST_CASE("config: --set overrides nested and new keys") {
  const Config c = Config::parse(kCase, "case.toml",
                                 {"time.end=7", "discretization.flux=roe", "initial.box.xmin = -3",
                                  "output.every=0.5", "a.b.c.d=true", "initial.probes=[1, 2]",
                                  "title=\"quoted\"", "gas={gamma=1.4}", "time.end=8"});
  CHECK(c.get_double("time.end") == 8.0);              // the last --set wins
  CHECK(c.get_string("discretization.flux") == "roe"); // a bare word is a string
  CHECK(c.get_double("initial.box.xmin") == -3.0);
  CHECK(c.get_double("initial.box.xmax") == 1.5); // siblings untouched
  CHECK(c.get_double("output.every") == 0.5);
  CHECK(c.get_bool("a.b.c.d"));
  CHECK(c.get_doubles("initial.probes") == std::vector<double>{1.0, 2.0});
  CHECK(c.get_string("title") == "quoted");
  CHECK(c.get_double("gas.gamma") == 1.4);
  CHECK(c.line("time.end") == 0);
  CHECK(c.line("time.cfl") == 6);
  // Errors in overridden values point at the --set argument.
  const Config d = Config::parse(kCase, "case.toml", {"time.cfl=-2", "time.extra=1"});
  CHECK(error_of([&] { d.get_double_in("time.cfl", 0.0, 10.0); }) ==
        "case.toml (--set time.cfl=-2): time.cfl = -2 is out of range (0, 10]");
  // New keys are checked like any other.
  d.get_double("time.end");
  d.get_double("time.steps");
  CHECK(error_of([&] { d.table("time").check_all_used(); }) ==
        "case.toml (--set time.extra=1): unknown key 'time.extra'");
}

TEST_CASE("config: bad --set arguments") {
  auto set = [](const std::string& arg) { Config::parse(kCase, "case.toml", {arg}); };
  CHECK(error_of([&] { set("time.end"); }) ==
        "case.toml: --set time.end: expected KEY=VALUE, e.g. --set time.end=2.5");
  CHECK(error_of([&] { set("time..end=1"); }).find("'time..end' is not a key") !=
        std::string::npos);
  CHECK(error_of([&] { set("=1"); }).find("is not a key") != std::string::npos);
  CHECK(error_of([&] { set("time.end="); }).ends_with("missing value after '='"));
  CHECK(error_of([&] {
          set("initial.probes=[1, 2");
        }).starts_with("case.toml: --set initial.probes=[1, 2: bad TOML value '[1, 2':"));
  CHECK(error_of([&] { set("title=\"unterminated"); }).find("bad TOML value") != std::string::npos);
  CHECK(error_of([&] { set("time.end.x=1"); }) ==
        "case.toml: --set time.end.x=1: 'time.end' is a floating-point number, not a table");
  CHECK(error_of([&] { set("time=3"); }).find("'time' is a table") != std::string::npos);
}

TEST_CASE("config: error() formats file:line: key: what") {
  const Config c = Config::parse(kCase, "case.toml");
  CHECK(error_of([&] { c.table("boundary").table("inlet").error("type", "no such group"); }) ==
        "case.toml:21: boundary.inlet.type: no such group");
}

TEST_CASE("config: expression text from numbers and strings") {
  const Config c = Config::parse("a = 1.4\nb = \"2*x\"\nc = 3\nd = 0.1\ne = true\n", "case.toml");
  CHECK(c.get_expression("a") == "1.4");
  CHECK(c.get_expression("b") == "2*x");
  CHECK(c.get_expression("c") == "3");
  CHECK(std::stod(c.get_expression("d")) == 0.1); // reads back to the same double
  CHECK(c.get_expression("zz", "0") == "0");
  CHECK(error_of([&] { c.get_expression("e"); }) ==
        "case.toml:5: e: expected a number or an expression string, found a boolean (true)");
}

TEST_CASE("config: to_toml() round trip keeps every value, overrides included") {
  const std::string text = std::string(kCase) +
                           "[numbers]\ntenth = 0.1\nhuge = 1e300\ntiny = -5e-324\n"
                           "big = 9007199254740993\nquote = \"it's \\\"q\\\"\\n\"\n";
  const Config a = Config::parse(text, "case.toml", {"time.end=9", "new.key=\"v\""});
  const Config b = Config::parse(a.to_toml(), "stored.toml");
  CHECK(b.get_double("time.end") == 9.0);
  CHECK(b.get_string("new.key") == "v");
  CHECK(b.get_double("numbers.tenth") == 0.1);
  CHECK(b.get_double("numbers.huge") == 1e300);
  CHECK(b.get_double("numbers.tiny") == -5e-324);
  CHECK(b.get_string("numbers.quote") == "it's \"q\"\n");
  CHECK(b.get_doubles("initial.probes") == std::vector<double>{0.25, 0.5, 1.0});
  CHECK(b.get_double("initial.box.xmin") == -1.0);
  CHECK(b.get_string("initial.rho") == "1 + 0.1*sin(pi*x)");
  CHECK(b.get_bool("discretization.limiter"));
  CHECK(b.get_string("boundary.inlet.type") == "inflow");
  // And a second round gives the same text.
  CHECK(Config::parse(b.to_toml(), "case.toml", {"time.end=9", "new.key=\"v\""}).to_toml() ==
        a.to_toml());
  // The same set of keys at every level.
  CHECK(b.table("numbers").keys().size() == 5);
  CHECK(b.table("initial").keys().size() == a.table("initial").keys().size());
}

TEST_CASE("config: nesting is bounded before the parser sees it") {
  const auto deep = [](int n, const std::string& kind) {
    std::string t = "a = 1\n\n";
    if (kind == "dotted") {
      for (int k = 1; k < n; ++k) t.append("a").append(std::to_string(k)).append(".");
      t += "z = 1\n";
    } else if (kind == "header") {
      t += "[";
      for (int k = 1; k < n; ++k) t += "b.";
      t += "z]\n";
    } else if (kind == "array") {
      t.append("x = ")
          .append(static_cast<std::size_t>(n - 1), '[')
          .append(static_cast<std::size_t>(n - 1), ']')
          .append("\n");
    } else {
      t += "x = ";
      for (int k = 1; k < n; ++k) t += "{y = ";
      t.append("1").append(static_cast<std::size_t>(n - 1), '}').append("\n");
    }
    return t;
  };
  for (const std::string kind : {"dotted", "header", "array", "inline"}) {
    CAPTURE(kind);
    CHECK_NOTHROW(Config::parse(deep(16, kind), "ok.toml"));
    const std::string msg = error_of([&] { Config::parse(deep(17, kind), "deep.toml"); });
    CHECK(msg.starts_with("deep.toml:3: "));
    CHECK(msg.find("16 levels") != std::string::npos);
    CHECK(error_of([&] {
            Config::parse(deep(100000, kind), "deep.toml");
          }).starts_with("deep.toml:3: "));
  }
  // Brackets, braces and dots in strings and comments do not count.
  const std::string noise = std::string(40, '[') + std::string(40, '{') + std::string(40, '.');
  std::string text;
  for (const char* part : {"s = \"", "\"\nt = '", "'\nu = \"\"\"\n", "\n\"\"\"\nv = '''", "'''\n# ",
                           "\nw = [1.5, 2.5e3] # "})
    text.append(part).append(noise);
  text.append("\n\"q").append(40, '[').append(40, '{').append("\" = 1\n");
  CHECK_NOTHROW(Config::parse(text, "noise.toml"));
  // Through --set, counted from the key's own depth.
  CHECK(error_of([] {
          Config::parse("", "c.toml", {"a.b=" + std::string(15, '[')});
        }).find("16 levels") != std::string::npos);
  CHECK_NOTHROW(
      Config::parse("", "c.toml", {"a.b=" + std::string(14, '[') + std::string(14, ']')}));
  // Every case file that ships parses.
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(TRIDG_SOURCE_DIR) + "/cases"))
    if (e.path().extension() == ".toml") CHECK_NOTHROW(Config::load(e.path().string()));
}

TEST_CASE("config: empty keys, oversized and non-regular case files") {
  CHECK(error_of([] {
          Config::parse("[constants]\n\"\" = 1\n", "k.toml");
        }).starts_with("k.toml:2: a key is empty"));
  CHECK(error_of([] { Config::parse("x = { \"\" = 1 }\n", "k.toml"); }).starts_with("k.toml:1: "));
  for (const char* key : {"\"a..b\"", "\"a.\"", "\".a\"", "\".\"", "\"a.b\"", "x.\"y.z\""})
    CHECK(error_of([&] {
            Config::parse(std::string("\n[b]\n") + key + " = 1\n", "k.toml");
          }).starts_with("k.toml:3: the quoted key"));
  const auto path = std::filesystem::temp_directory_path() / "tridg_test_config_big.toml";
  {
    std::ofstream out(path);
    out << "a = 1\n" << std::string(2 << 20, '#') << "\n";
  }
  CHECK(error_of([&] { Config::load(path.string()); }).find("larger than") != std::string::npos);
  std::filesystem::remove(path);
  CHECK(error_of([] { Config::load("/dev/zero"); }).find("not a regular file") !=
        std::string::npos);
}
