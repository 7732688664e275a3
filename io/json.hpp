#pragma once
// The JSON documents tridg writes (run summaries, `tridg info --json`): nlohmann-json values with
// their keys in insertion order.
#include <nlohmann/json.hpp>

#include <string>

namespace tridg {

using Json = nlohmann::ordered_json;

// The text of `j`. nlohmann-json lays a document out either on one line without spaces or with
// every value on a line of its own; tridg's layout keeps the summaries readable and the
// `tridg info --json` line stable: `pretty` puts each top-level member on a line of its own,
// anything deeper (and everything when not `pretty`) on one line as {"a": 1, "b": [2, 3]}.
// Numbers round-trip; non-finite ones, which JSON lacks, are null. Bytes that are not UTF-8
// become U+FFFD rather than failing the write.
std::string json_text(const Json& j, bool pretty = true);

} // namespace tridg
