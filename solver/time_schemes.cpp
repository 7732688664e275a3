#include "solver/time_schemes.hpp"

#include <stdexcept>

#include "backends/implicit/implicit_params.hpp"

namespace tridg {

namespace {

// out = A u0 + B u + C dt L(u)
StageDef shu_osher(double A, double B, double C, double c) {
  StageDef s;
  s.k.A = A;
  s.k.B = B;
  s.k.C = C;
  s.k.use_u0 = A != 0;
  s.c = c;
  return s;
}

// SSPRK(s,2) in low storage (Ketcheson 2008): s - 1 forward-Euler steps of dt / (s - 1), then
// u = u0 / s + (s - 1) / s (u + dt / (s - 1) L(u)). SSP coefficient s - 1 for s stages.
std::vector<StageDef> ssp_s2(int s) {
  const double h = 1.0 / (s - 1);
  std::vector<StageDef> st;
  for (int i = 0; i + 1 < s; ++i) st.push_back(shu_osher(0, 1, h, i * h));
  st.push_back(shu_osher(1.0 / s, (s - 1.0) / s, 1.0 / s, 1));
  return st;
}

// The stages s of the low-storage SSPRK(s,2) schemes by name; 0 for another scheme.
int ssp_s2_stages(const std::string& name) {
  return name == "lsssprk42" ? 4 : name == "lsssprk92" ? 9 : 0;
}

} // namespace

std::vector<std::string> scheme_names() {
  return {"ssprk2", "ssprk3",  "rk4",    "lsssprk42", "lsssprk92",
          "bdf2",   "esdirk3", "steady", "steady_rk"};
}

bool is_implicit_scheme(const std::string& name) {
  return implicit_scheme_of(name) != ImplicitScheme::none;
}

std::vector<StageDef> make_scheme(const std::string& name) {
  if (is_implicit_scheme(name)) return {}; // backends/implicit/ takes its own steps
  if (name == "ssprk2") return {shu_osher(0, 1, 1, 0), shu_osher(0.5, 0.5, 0.5, 1)};
  if (name == "ssprk3")
    return {shu_osher(0, 1, 1, 0), shu_osher(0.75, 0.25, 0.25, 1),
            shu_osher(1.0 / 3, 2.0 / 3, 2.0 / 3, 0.5)};
  if (const int s = ssp_s2_stages(name)) return ssp_s2(s);
  if (name == "rk4") {
    // Classic RK4 with an accumulator: acc collects the b_i k_i, the stage state is u0 + a_i k_i.
    std::vector<StageDef> st(4);
    const double a[3] = {0.5, 0.5, 1.0}, b[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
    const double c[4] = {0, 0.5, 0.5, 1};
    for (int i = 0; i < 4; ++i) {
      auto& k = st[i].k;
      st[i].c = c[i];
      k.B = 0;
      k.use_u0 = true;
      k.A = 1;
      if (i < 3) {
        k.C = a[i];
        k.E = i == 0 ? 0 : 1;
        k.F = b[i];
        k.D = 0;
        k.use_acc = i > 0;
        k.write_acc = true;
      } else {
        k.C = b[3];
        k.E = 1;
        k.F = 0;
        k.D = 1;
        k.use_acc = true;
        k.write_acc = false;
      }
    }
    return st;
  }
  throw std::invalid_argument("unknown time scheme '" + name + "'");
}

int scheme_order(const std::string& name) {
  return name == "ssprk3" || name == "esdirk3" ? 3 : name == "rk4" ? 4 : 2;
}

double scheme_step_factor(const std::string& name) {
  const int s = ssp_s2_stages(name);
  return s > 0 ? s - 1.0 : 1.0; // SSPRK(s,2)'s SSP coefficient
}

} // namespace tridg
