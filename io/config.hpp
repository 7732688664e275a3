#pragma once
// Case-file access for the solver. The case file is TOML; the solver reads it through this
// schema-agnostic view, which turns every problem (syntax, wrong type, out of range, unknown or
// misspelt key) into a one-line UserError(ExitCode::bad_case) naming the file, line and key.
//
// Keys may be dotted ("time.end") and are relative to the viewed table. Quoted TOML keys that
// themselves contain dots cannot be addressed.
//
// Every key looked up (by a getter, has() or table()) is marked used, whether it exists or not;
// check_all_used() then reports the first key in the file that nothing looked up, which is how
// typos in optional keys are caught. The marks live in state shared by all views of one
// document, so a Config is cheap to copy but not safe to use from several threads at once.
#include <memory>
#include <string>
#include <vector>

namespace tridg {

class Config {
public:
  // An interval for get_double_in; open ends exclude the bound. Infinite bounds are allowed.
  struct Interval {
    double lo, hi;
    bool lo_open, hi_open;
    static Interval closed(double lo, double hi) { return {lo, hi, false, false}; }     // [lo, hi]
    static Interval open(double lo, double hi) { return {lo, hi, true, true}; }         // (lo, hi)
    static Interval open_closed(double lo, double hi) { return {lo, hi, true, false}; } // (lo, hi]
    static Interval closed_open(double lo, double hi) { return {lo, hi, false, true}; } // [lo, hi)
  };

  // Reads and parses a case file. Each override is "a.b.c=value" (from --set): the value is
  // parsed as a TOML value (number, bool, "string", [array], {inline = table}); a value that is
  // not valid TOML is taken as a plain string (--set discretization.flux=hllc), unless it starts
  // with [ { " or ', which shows that TOML was intended. Overrides may add keys the file lacks;
  // those are checked by check_all_used() like any other.
  static Config load(const std::string& path, const std::vector<std::string>& overrides = {});
  static Config parse(const std::string& text, const std::string& source_name,
                      const std::vector<std::string>& overrides = {});

  bool has(const std::string& key) const;

  // Typed getters. Without a default a missing key is an error; with one, a missing key gives the
  // default but a present key of the wrong type is still an error. Integers are accepted where a
  // double is expected; floating-point values with an integral value are accepted as ints.
  double get_double(const std::string& key) const;
  double get_double(const std::string& key, double def) const;
  int get_int(const std::string& key) const;
  int get_int(const std::string& key, int def) const;
  bool get_bool(const std::string& key) const;
  bool get_bool(const std::string& key, bool def) const;
  std::string get_string(const std::string& key) const;
  std::string get_string(const std::string& key, const std::string& def) const;
  std::vector<double> get_doubles(const std::string& key) const; // an array of numbers
  std::vector<double> get_doubles(const std::string& key, const std::vector<double>& def) const;
  // The text of an expression for io/expression.hpp: a string as written, or a number printed
  // so that it reads back exactly (rho = 1.4 and rho = "1 + 0.1*sin(pi*x)" both work).
  std::string get_expression(const std::string& key) const;
  std::string get_expression(const std::string& key, const std::string& def) const;

  // Range-checked getters. get_double_in(key, lo, hi) accepts (lo, hi]: the lower bound is
  // excluded, since most physical parameters must be strictly positive (pass -inf or use the
  // Interval overloads for other intervals). get_int_in accepts [lo, hi].
  // Error: "case.toml:12: time.cfl = -1 is out of range (0, 10]".
  double get_double_in(const std::string& key, double lo, double hi) const;
  double get_double_in(const std::string& key, double lo, double hi, double def) const;
  double get_double_in(const std::string& key, const Interval& range) const;
  double get_double_in(const std::string& key, const Interval& range, double def) const;
  int get_int_in(const std::string& key, int lo, int hi) const;
  int get_int_in(const std::string& key, int lo, int hi, int def) const;
  // One of `choices` (case-sensitive); the error lists them and suggests the closest.
  std::string get_choice(const std::string& key, const std::vector<std::string>& choices) const;
  std::string get_choice(const std::string& key, const std::vector<std::string>& choices,
                         const std::string& def) const;

  // A sub-table (a [section] or an inline table); an error if missing or not a table.
  Config table(const std::string& key) const;
  // The tables of an array of tables ([[key]] sections); empty when the key is absent. Their
  // keys read as "key.0.name", "key.1.name" in messages.
  std::vector<Config> tables(const std::string& key) const;
  std::vector<std::string> keys() const; // keys of this table, in file order (--set ones last)

  std::string source() const; // the file name given to load()/parse()
  // A file name given in the case: relative ones are relative to the case file's folder.
  std::string case_relative(const std::string& name) const;
  int line(const std::string& key) const;            // 1-based; 0 if absent or set by --set
  std::string path_of(const std::string& key) const; // full dotted path from the document root
  // "case.toml:14 initial.rho": the `where` to give an Expression built from this key.
  std::string where(const std::string& key) const;

  // Throws for the first key (in file order) under this table that was never looked up:
  // "case.toml:7: unknown key 'time.ennd' (did you mean 'time.end'?)". Suggestions come from the
  // keys looked up plus `known_keys` (full dotted paths the solver accepts but did not read for
  // this case); a key in known_keys is reported as not used with these settings instead.
  void check_all_used(const std::vector<std::string>& known_keys = {}) const;

  // The whole document with overrides applied, as TOML (for storing with the results).
  std::string to_toml() const;

  // Throws UserError(bad_case) "file:line: full.key: what".
  [[noreturn]] void error(const std::string& key, const std::string& what) const;

  struct State; // shared by all views of one document (io/config_state.hpp)

private:
  Config(std::shared_ptr<State> state, std::string prefix);
  std::shared_ptr<State> state_;
  std::string prefix_; // dotted path of the viewed table; empty for the root
};

} // namespace tridg
