#include "solver/run_guards.hpp"

#include "core/cell_mean.hpp"
#include "parallel/comm.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

namespace tridg {

namespace {

std::string num(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

std::string where(const Mesh& mesh, int k) {
  const auto& t = mesh.tri[std::size_t(k)];
  const double x = (mesh.x[t[0]] + mesh.x[t[1]] + mesh.x[t[2]]) / 3;
  const double y = (mesh.y[t[0]] + mesh.y[t[1]] + mesh.y[t[2]]) / 3;
  return "element " + std::to_string(mesh.elem_gid(k)) + " at (" + num(x) + ", " + num(y) + ")";
}

double inscribed_radius(const Mesh& mesh, int k) {
  const auto& t = mesh.tri[std::size_t(k)];
  const double ax = mesh.x[t[0]], ay = mesh.y[t[0]], bx = mesh.x[t[1]], by = mesh.y[t[1]],
               cx = mesh.x[t[2]], cy = mesh.y[t[2]];
  const double area = 0.5 * std::abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay));
  const double perim =
      std::hypot(bx - ax, by - ay) + std::hypot(cx - bx, cy - by) + std::hypot(ax - cx, ay - cy);
  return perim > 0 ? 2 * area / perim : 0;
}

} // namespace

void check_start_state(const Mesh& mesh, int order, const std::vector<std::string>& vars,
                       const std::vector<double>& c, const Admissibility& adm, ExitCode code,
                       const std::string& source) {
  const std::size_t E = std::size_t(mesh.n_elems()), own = std::size_t(mesh.n_owned());
  const std::size_t np = std::size_t(order + 1) * std::size_t(order + 2) / 2;
  const std::size_t nv = vars.size();
  if (c.size() != nv * np * E) fail(ExitCode::internal, "start state has the wrong size");
  auto bad = [&](std::size_t k, const std::string& what) {
    fail(code, source + ": " + where(mesh, int(k)) + ": " + what);
  };
  for (std::size_t v = 0; v < nv; ++v)
    for (std::size_t m = 0; m < np; ++m)
      for (std::size_t k = 0; k < own; ++k) {
        const double x = c[(v * np + m) * E + k];
        if (!std::isfinite(x))
          bad(k, vars[v] + " is " + num(x) + (m ? " (mode " + std::to_string(m) + ")" : ""));
        if (std::abs(x) > kMaxStateMagnitude)
          bad(k, vars[v] + " coefficient " + num(x) + " is beyond +-" + num(kMaxStateMagnitude));
      }
  std::vector<double> mean(nv);
  std::string why;
  for (std::size_t k = 0; k < own; ++k) {
    for (std::size_t v = 0; v < nv; ++v) mean[v] = cell_mean(c[v * np * E + k]);
    if (!adm(mean.data(), why)) bad(k, "average " + why);
  }
}

void check_start_points(const Mesh& mesh, const BasisTables& tables,
                        const std::vector<std::string>& vars, const std::vector<double>& c,
                        const Admissibility& adm, ExitCode code, const std::string& source,
                        const std::string& remedy) {
  const std::size_t E = std::size_t(mesh.n_elems()), np = std::size_t(tables.n_modes);
  const std::size_t nv = vars.size(), own = std::size_t(mesh.n_owned());
  std::vector<const double*> points;
  for (std::size_t i = 0; i < tables.vview.size() / np; ++i)
    points.push_back(&tables.vview[i * np]);
  for (std::size_t i = 0; i < tables.fphi.size() / np; ++i) points.push_back(&tables.fphi[i * np]);
  std::vector<double> u(nv);
  std::string why;
  for (std::size_t k = 0; k < own; ++k)
    for (const double* phi : points) {
      for (std::size_t v = 0; v < nv; ++v) {
        double a = 0;
        for (std::size_t j = 0; j < np; ++j) a += phi[j] * c[(v * np + j) * E + k];
        u[v] = a;
      }
      if (!adm(u.data(), why))
        fail(code, source + ": " + where(mesh, int(k)) + ": " + "value at a point: " + why + " (" +
                       remedy + ")");
    }
}

SliverReport smallest_element(const Mesh& mesh) {
  SliverReport r;
  const int E = mesh.n_owned();
  if (E == 0) return r;
  std::vector<double> radius(std::size_t(E), 0.0);
  for (int k = 0; k < E; ++k) radius[std::size_t(k)] = inscribed_radius(mesh, k);
  r.element = int(std::min_element(radius.begin(), radius.end()) - radius.begin());
  r.radius = radius[std::size_t(r.element)];
  std::vector<double> sorted = radius;
  std::nth_element(sorted.begin(), sorted.begin() + E / 2, sorted.end());
  r.median = sorted[std::size_t(E / 2)];
  const auto& t = mesh.tri[std::size_t(r.element)];
  r.x = (mesh.x[t[0]] + mesh.x[t[1]] + mesh.x[t[2]]) / 3;
  r.y = (mesh.y[t[0]] + mesh.y[t[1]] + mesh.y[t[2]]) / 3;
  r.element = int(mesh.elem_gid(r.element));
  return r;
}

void warn_about_slivers(const Mesh& mesh) {
  SliverReport r = smallest_element(mesh);
  if (mesh.part) {
    // Each part's smallest and median: the smallest of all against the median of the medians.
    const auto bits = [](double v) { return std::bit_cast<std::int64_t>(v); };
    const std::vector<std::int64_t> all =
        par::allgather({bits(r.radius), r.element, bits(r.x), bits(r.y), bits(r.median)});
    std::vector<double> medians;
    for (std::size_t i = 0; i < all.size(); i += 5) {
      const double radius = std::bit_cast<double>(all[i]);
      medians.push_back(std::bit_cast<double>(all[i + 4]));
      if (i == 0 || radius < r.radius)
        r = {int(all[i + 1]), radius, 0, std::bit_cast<double>(all[i + 2]),
             std::bit_cast<double>(all[i + 3])};
    }
    std::nth_element(medians.begin(), medians.begin() + std::ptrdiff_t(medians.size() / 2),
                     medians.end());
    r.median = medians[medians.size() / 2];
    if (!par::root()) return;
  }
  if (r.element >= 0 && r.radius < 1e-3 * r.median)
    spdlog::warn(
        "element {} at ({:.6g}, {:.6g}) is a sliver: inscribed radius {:.3e}, {:.1e} times "
        "the median {:.3e}; it sets the time step of the whole mesh",
        r.element, r.x, r.y, r.radius, r.radius / r.median, r.median);
}

void StepGuard::check(double t, std::int64_t step, double dt) {
  if (!std::isfinite(t_end)) return;
  // The limit itself, whatever the estimate below saw (a fixed time.dt run or a collapsed step).
  if (step > max_steps)
    fail(ExitCode::bad_case, "the run has taken " + std::to_string(step) +
                                 " steps before time.end = " + num(t_end) + " (at t = " + num(t) +
                                 "), more than time.max_steps = " + std::to_string(max_steps) +
                                 " (raise time.max_steps to run it)");
  if (!(dt > 0) || !std::isfinite(dt)) return;
  if (first_dt == 0) first_dt = dt;
  // A step that collapsed during the run: the state went wrong (or a sliver element took over).
  if (dt < 1e-12 * t_end && dt < 1e-3 * first_dt)
    fail(ExitCode::diverged, "the time step fell to " + num(dt) + " at t = " + num(t) + " (step " +
                                 std::to_string(step) +
                                 "), below 1e-12 of time.end = " + num(t_end) + " (it started at " +
                                 num(first_dt) + "): the state became non-physical");
  const double left = (t_end - t) / dt;
  if (double(step) + left > double(max_steps))
    fail(ExitCode::bad_case, "reaching time.end = " + num(t_end) + " would take about " +
                                 num(double(step) + left) + " steps (time step " + num(dt) +
                                 " at t = " + num(t) + "), above time.max_steps = " +
                                 std::to_string(max_steps) + " (raise time.max_steps to run it)");
  if (!reported && left > 1e6) {
    reported = true;
    spdlog::warn("about {:.3g} steps to time.end = {} (time step {:.3e})", left, t_end, dt);
  }
}

} // namespace tridg
