#pragma once
#include <string>
#include <vector>

#include "backends/backend.hpp"

namespace tridg {

// The Runge-Kutta schemes tridg offers, by case-file name: "ssprk2", "ssprk3", "rk4",
// "lsssprk42" and "lsssprk92" (four and nine stages, second order, low storage, SSP: three and
// eight times SSP-RK2's stable step for two and seven more stages).
// The implicit ones, "bdf2", "esdirk3", "steady" and "steady_rk", have no stages:
// backends/implicit/ runs them.
std::vector<StageDef> make_scheme(const std::string& name);
bool is_implicit_scheme(const std::string& name);
std::vector<std::string> scheme_names();
// Formal order of accuracy.
int scheme_order(const std::string& name);
// How much larger than forward Euler's the stable step is (the SSP coefficient; RK4: 1).
double scheme_step_factor(const std::string& name);

} // namespace tridg
