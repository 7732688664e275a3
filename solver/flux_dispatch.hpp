#pragma once
// A physics' numerical flux chosen by the case file among the fluxes this build compiled
// (cmake/TridgPhysics.cmake), as a type: f(FluxType{}) runs with it; any other name is a case
// error that lists the compiled ones and the CMake option that adds more.
#include <string>

#include "core/type_dispatch.hpp"
#include "io/config.hpp"

namespace tridg {

template <class Compiled, class F>
void with_compiled_flux(const Config& cfg, const std::string& flux, const std::string& option,
                        F&& f) {
  if (!dispatch_by_name(flux, Compiled{}, f))
    cfg.error("discretization.flux", "flux \"" + flux + "\" is not compiled into this build (" +
                                         type_names(Compiled{}) + "; rebuild with -D" + option +
                                         "=...)");
}

} // namespace tridg
