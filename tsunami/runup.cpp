#include "tsunami/runup.hpp"

#include <cmath>
#include <cstdint>
#include <numbers>

#include "parallel/comm.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

namespace {

// A candidate run-up: its reach, when it was first reached, its element's whole-mesh number
// (-1: none yet) and centre.
struct Candidate {
  double value = -std::numeric_limits<double>::infinity(), t = 0, gid = -1, x = 0, y = 0;
  // The higher reach; of equal ones the earlier, then the lower element.
  bool better_than(const Candidate& b) const {
    if (gid < 0) return false;
    if (b.gid < 0) return value > b.value;
    if (value != b.value) return value > b.value;
    return t < b.t || (t == b.t && gid < b.gid);
  }
};

} // namespace

RunupPoints::RunupPoints(const GaugeSettings& s, const Mesh& mesh, const MaximaRule& rule)
    : mesh_(mesh) {
  const int E = mesh.n_elems();
  // Element centres once; on a geographic mesh a point's latitude band rules out most of them
  // before the great-circle distance is taken.
  std::vector<std::array<double, 2>> centre(static_cast<std::size_t>(E));
  for (int k = 0; k < E; ++k) {
    const ElementMap m = element_map(mesh, k);
    centre[std::size_t(k)] = {m.xc(), m.yc()};
  }
  const double metres_per_degree = s.geo.radius * std::numbers::pi / 180;
  for (const GaugeSettings::Runup& u : s.runups) {
    std::vector<int> elems;
    for (int k = 0; k < E; ++k) {
      const auto [xc, yc] = centre[std::size_t(k)];
      if (s.geo.on && std::abs(yc - u.y) * metres_per_degree > 1.01 * u.radius) continue;
      const double d = s.geo.on ? great_circle_distance(u.x, u.y, xc, yc, s.geo.radius)
                                : std::hypot(xc - u.x, yc - u.y);
      if (d <= u.radius) elems.push_back(k);
    }
    elems_.push_back(std::move(elems));
    rule_of_.push_back(reach_rule_of(rule, u));
  }
}

std::vector<RunupResult> RunupPoints::find(const ElementMaxima& mx) const {
  const std::size_t nr = elems_.size();
  constexpr int w = 5; // Candidate's fields
  std::vector<double> mine(w * nr);
  // One point per thread, each over its own elements.
#pragma omp parallel for schedule(dynamic, 4)
  for (std::size_t i = 0; i < nr; ++i) {
    Candidate best;
    for (const int k : elems_[i]) {
      if (!mx.owns(k)) continue; // its owner reports it
      const std::size_t at = mx.reach_at(rule_of_[i], k);
      Candidate c;
      c.value = mx.reach[at];
      c.t = mx.reach_time[at];
      c.gid = std::isfinite(c.value) ? double(mesh_.elem_gid(k)) : -1; // -inf: never reached
      if (c.better_than(best)) {
        const ElementMap m = element_map(mesh_, k);
        c.x = m.xc();
        c.y = m.yc();
        best = c;
      }
    }
    const double row[w] = {best.value, best.t, best.gid, best.x, best.y};
    std::copy(row, row + w, mine.begin() + std::ptrdiff_t(w * i));
  }
  const int ranks = par::size();
  const std::vector<double> all =
      ranks == 1 ? mine : par::gather_rows(mine, {std::int32_t(par::rank())}, int(w * nr), ranks);
  std::vector<RunupResult> out(nr);
  if (all.empty()) return out; // not rank 0
  for (std::size_t i = 0; i < nr; ++i) {
    Candidate best;
    for (int r = 0; r < ranks; ++r) {
      const double* b = &all[(std::size_t(r) * nr + i) * w];
      const Candidate c{b[0], b[1], b[2], b[3], b[4]};
      if (c.better_than(best)) best = c;
    }
    if (best.gid >= 0) out[i] = {best.value, best.t, {best.x, best.y}};
  }
  return out;
}

} // namespace tridg
