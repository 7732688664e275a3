#pragma once
// The [implicit] table of a case file.
#include <string>

#include "backends/implicit/implicit_params.hpp"
#include "io/config.hpp"

namespace tridg {

// The implicit schemes' settings for time.scheme `scheme` (scheme none for an explicit one,
// whose case may then hold no [implicit] keys).
ImplicitParams read_implicit_params(const Config& cfg, const std::string& scheme);

// The settings a GPU solve runs with: the host's defaults that are sequential (block ILU(0) for
// steady solves, ILU(0) smoothing in the p-multigrid) become their parallel counterpart (the
// p-multigrid smoothed by block Jacobi, with 20 sweeps on the cell means); what the GPU does not
// have, set in the case, is an error (exit 3) naming the key.
ImplicitParams device_implicit_params(ImplicitParams p);

} // namespace tridg
