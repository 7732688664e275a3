#include "backends/lts/lts_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace tridg {

namespace {

template <class F> void for_each_neighbour(const LtsMesh& lm, int k, F&& f) {
  for (int j = lm.neighbour_start[k]; j < lm.neighbour_start[k + 1]; ++j) f(lm.neighbours[j]);
}

double own_rate(const LtsParams& p, double rate, double inv_length) {
  return lts_own_rate(p.min_speed, rate, inv_length);
}

} // namespace

LtsMesh make_lts_mesh(const MeshArrays& m, std::vector<std::pair<int, int>> boundary_groups) {
  LtsMesh lm;
  lm.mesh = &m;
  lm.boundary_groups = std::move(boundary_groups);
  const int E = m.n_elems;
  lm.neighbour_start.assign(std::size_t(E) + 1, 0);
  std::vector<int> near;
  for (int k = 0; k < E; ++k) {
    near.clear();
    for (int i = 0; i < 3; ++i) {
      const int node = m.elem_node[std::size_t(i) * E + k];
      for (int j = m.node_elem_start[node]; j < m.node_elem_start[node + 1]; ++j)
        if (m.node_elem[j] != k) near.push_back(m.node_elem[j]);
    }
    for (int s = 0; s < 3; ++s) {
      const int face = m.elem_face[std::size_t(s) * E + k], e = face >> 1;
      if (e < m.n_bedges) continue;
      const int n = (face & 1) ? m.edge_elem[e] : m.edge_elem[std::size_t(m.n_edges) + e];
      if (n != k) near.push_back(n);
    }
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    lm.neighbours.insert(lm.neighbours.end(), near.begin(), near.end());
    lm.neighbour_start[std::size_t(k) + 1] = int(lm.neighbours.size());
  }
  return lm;
}

LtsPlan make_lts_plan(const LtsMesh& lm, const LtsParams& p, double cfl_factor,
                      const std::vector<double>& rate, const std::vector<double>& inv_length,
                      double span) {
  const MeshArrays& m = *lm.mesh;
  const int E = m.n_elems;
  // Its own or its neighbours' (a wave that arrives during the macro step), with the headroom.
  std::vector<double> rc(E);
#pragma omp parallel for schedule(static)
  for (int k = 0; k < E; ++k) {
    double r = own_rate(p, rate[k], inv_length[k]);
    for_each_neighbour(lm, k, [&](int n) { r = std::max(r, rate[n]); });
    rc[k] = r * p.headroom;
  }
  double rmax = 0, rmin = INFINITY;
  for (double r : rc) {
    rmax = std::max(rmax, r);
    if (r > 0) rmin = std::min(rmin, r);
  }
  LtsPlan plan;
  int L = 0;
  if (rmax > 0 && rmin < INFINITY)
    L = std::clamp(int(std::floor(std::log2(rmax / rmin))), 0, p.max_levels);
  plan.h_stable = rmax > 0 ? cfl_factor / rmax : INFINITY;
  // The coarsest level whose step the element's rate allows.
  plan.level.assign(E, std::int8_t(L));
  for (int k = 0; k < E; ++k) {
    if (rc[k] <= 0) {
      plan.level[k] = 0;
      continue;
    }
    const double ratio = cfl_factor / (rc[k] * plan.h_stable);
    const int up = ratio >= 1 ? int(std::floor(std::log2(ratio))) : 0;
    plan.level[k] = std::int8_t(L - std::min(L, up));
  }
  // Macro steps fill `span` (the time between outputs or samples) a whole number of times: with
  // fewer levels (the coarsest merged) the finest step may come closer to the stable one. The
  // number of levels that costs the fewest element steps over the span.
  if (std::isfinite(span) && span > 0 && std::isfinite(plan.h_stable)) {
    std::vector<double> count(L + 1, 0);
    for (int k = 0; k < E; ++k) count[plan.level[k]] += 1;
    int best = L;
    double best_cost = INFINITY;
    for (int l = 0; l <= L; ++l) {
      const double H = std::ldexp(plan.h_stable, l);
      const double macro = std::max(1.0, std::ceil(span / H * (1 - 1e-6)));
      double per_macro = 0; // element steps per macro step
      for (int k = 0; k <= L; ++k)
        per_macro += count[k] * std::ldexp(1.0, std::max(0, k - (L - l)));
      const double cost = macro * per_macro;
      if (cost < best_cost) {
        best_cost = cost;
        best = l;
      }
    }
    for (auto& lv : plan.level) lv = std::int8_t(std::max(0, lv - (L - best)));
    L = best;
  }
  plan.levels = L;
  // No two neighbours more than one level apart (raising the coarser one: a smaller step is
  // always stable): the least such levels, from the finest level down, each element raising its
  // neighbours once its own level is final (one visit per element instead of a sweep of the mesh
  // per level).
  {
    std::vector<std::vector<int>> bucket(L + 1);
    for (int k = 0; k < E; ++k) bucket[plan.level[k]].push_back(k);
    for (int l = L; l >= 1; --l)
      for (std::size_t i = 0; i < bucket[l].size(); ++i) {
        const int k = bucket[l][i];
        if (plan.level[k] != l) continue; // raised to a finer level since it was listed
        for_each_neighbour(lm, k, [&](int n) {
          if (plan.level[n] < l - 1) {
            plan.level[n] = std::int8_t(l - 1);
            bucket[l - 1].push_back(n);
          }
        });
      }
  }
  plan.by_level.assign(L + 1, LtsLevel{});
  for (int k = 0; k < E; ++k) plan.by_level[plan.level[k]].elems.push_back(k);
  // A level's ghosts: the elements of other levels next to its own. Neighbours' levels differ
  // by at most one, so an element is a ghost of the level below its own, the one above, or both
  // (bits 0 and 1).
  std::vector<std::uint8_t> ghost_of(E, 0);
#pragma omp parallel for schedule(static)
  for (int k = 0; k < E; ++k) {
    std::uint8_t g = 0;
    for_each_neighbour(lm, k, [&](int n) {
      if (plan.level[n] < plan.level[k]) g |= 1;
      if (plan.level[n] > plan.level[k]) g |= 2;
    });
    ghost_of[k] = g;
  }
  for (int k = 0; k < E; ++k) {
    if (ghost_of[k] & 1) plan.by_level[plan.level[k] - 1].ghosts.push_back(k);
    if (ghost_of[k] & 2) plan.by_level[plan.level[k] + 1].ghosts.push_back(k);
  }
  for (LtsLevel& l : plan.by_level) l.boundary_edges.resize(lm.boundary_groups.size());
  for (std::size_t g = 0; g < lm.boundary_groups.size(); ++g) {
    const auto [first, count] = lm.boundary_groups[g];
    for (int e = first; e < first + count; ++e)
      plan.by_level[plan.level[m.edge_elem[e]]].boundary_edges[g].push_back(e);
  }
  plan.slot_of_edge.assign(m.n_edges, -1);
  std::vector<char> corrected(E, 0);
  for (int e = m.n_bedges; e < m.n_edges; ++e) {
    const int a = m.edge_elem[e], b = m.edge_elem[std::size_t(m.n_edges) + e];
    const int la = plan.level[a], lb = plan.level[b];
    if (la == lb) {
      plan.by_level[la].edges.push_back({e, -1, 0});
      continue;
    }
    const int slot = plan.n_slots++;
    plan.slot_of_edge[e] = slot;
    const int coarse = la < lb ? a : b;
    plan.by_level[std::min(la, lb)].edges.push_back({e, slot, -1});
    plan.by_level[std::max(la, lb)].edges.push_back({e, slot, +1});
    corrected[coarse] = 1;
  }
  for (int lv = 0; lv <= L; ++lv)
    for (int k : plan.by_level[lv].elems)
      if (corrected[k]) plan.by_level[lv].corrected.push_back(k);
  return plan;
}

bool lts_plan_holds(const LtsPlan& plan, const LtsParams& p, double cfl_factor,
                    const std::vector<double>& rate, const std::vector<double>& inv_length) {
  if (plan.empty()) return false;
  for (std::size_t k = 0; k < rate.size(); ++k) {
    const double step = std::ldexp(plan.h_stable, plan.levels - plan.level[k]);
    if (!lts_step_holds(p.min_speed, rate[k], inv_length[k], step, cfl_factor)) return false;
  }
  return true;
}

LtsMacroStep lts_macro_step(const LtsPlan& plan, double t, double t_target) {
  const double left = t_target - t, H = std::ldexp(plan.h_stable, plan.levels);
  // Stretch by up to 1e-6 rather than leave a sliver for another macro step.
  const double n = std::max(1.0, std::ceil(left / H * (1 - 1e-6)));
  return {std::ldexp(left / n, -plan.levels), n == 1};
}

std::vector<std::int64_t> LtsPlan::histogram() const {
  std::vector<std::int64_t> n(by_level.size());
  for (std::size_t l = 0; l < by_level.size(); ++l) n[l] = std::int64_t(by_level[l].elems.size());
  return n;
}

double LtsPlan::work_ratio() const {
  // Level l takes 2^l steps per macro step, global stepping 2^L steps of every element.
  double lts = 0, global = 0;
  for (std::size_t l = 0; l < by_level.size(); ++l) {
    lts += std::ldexp(double(by_level[l].elems.size()), int(l));
    global += std::ldexp(double(by_level[l].elems.size()), levels);
  }
  return global > 0 ? lts / global : 1;
}

std::string lts_histogram_text(const LtsPlan& plan) {
  std::string s;
  const auto h = plan.histogram();
  for (std::size_t l = 0; l < h.size(); ++l)
    s += (l ? ", L" : "L") + std::to_string(l) + " " + std::to_string(h[l]);
  return s;
}

} // namespace tridg
