#pragma once
// Checks on a case file's text made before it reaches the TOML parser, which recurses once per
// level of nesting and so can be driven out of stack by a crafted file.
#include <string>
#include <string_view>

namespace tridg {

inline constexpr int max_case_nesting = 16;                // levels of tables, keys and arrays
inline constexpr std::size_t max_case_bytes = 1024 * 1024; // case files are a few kB

// Throws UserError(bad_case) "<source>:<line>: ..." when a table header, dotted key, inline table
// or array nests deeper than max_depth levels. Strings and comments are skipped; anything the
// scanner does not understand is left to the parser.
void check_toml_nesting(std::string_view text, const std::string& source,
                        int max_depth = max_case_nesting);

} // namespace tridg
