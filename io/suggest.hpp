#pragma once
// "Did you mean ...?" hints for misspelt keys, choices and names in user input.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tridg {

// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
// adjacent characters each cost 1 (swaps are the commonest typo: "hlcl" for "hllc").
std::size_t edit_distance(std::string_view a, std::string_view b);

// How many edits still look like a typo in a word of this length: word.size() / 3, at least 1
// from three characters on (so that "b" does not suggest "a").
std::size_t typo_limit(std::size_t length);

// The candidate closest to `word` (compared case-insensitively), or "" when none is within
// `max_edits` (typo_limit(word.size()) by default). A candidate equal to `word` is never
// suggested; ties go to the earlier candidate.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates,
                          std::size_t max_edits);

// " (did you mean 'x'?)" for the closest match, or "" when there is none.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

} // namespace tridg
