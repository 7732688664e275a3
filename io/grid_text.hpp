#pragma once
// Line and number reading shared by the text grid readers (ESRI ASCII, "x y z" text), with
// errors that name the file and line.
#include <cstddef>
#include <istream>
#include <string>
#include <vector>

namespace tridg {

// Throws UserError(bad_case) "path:line: what" (no line number when line is 0).
[[noreturn]] void grid_text_error(const std::string& path, std::size_t line,
                                  const std::string& what);

// The next line without its end ("\n" or "\r\n"), counting lines. A line longer than 64 MiB
// (no text grid has one; a binary file might) is an error rather than an unbounded allocation.
bool next_grid_line(std::istream& in, std::string& text, std::size_t& line,
                    const std::string& path);

// Splits at blanks, tabs and commas.
std::vector<std::string> grid_tokens(const std::string& text);

// True when `token` is a whole number in C syntax; `value` is then set. Non-finite values
// ("nan", "inf", 1e999) count as numbers here so that the caller can reject them by name.
bool grid_number(const std::string& token, double& value);

} // namespace tridg
