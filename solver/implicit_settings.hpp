#pragma once
// The [implicit] table of a case file.
#include <string>

#include "backends/implicit/implicit_params.hpp"
#include "io/config.hpp"

namespace tridg {

// The implicit schemes' settings for time.scheme `scheme` (scheme none for an explicit one,
// whose case may then hold no [implicit] keys).
ImplicitParams read_implicit_params(const Config& cfg, const std::string& scheme);

} // namespace tridg
